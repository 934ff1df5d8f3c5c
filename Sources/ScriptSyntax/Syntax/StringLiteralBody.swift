/// What the minifier reads in and writes for the body of a string literal (the text between its quotes).
package enum StringLiteralBody {
    /// How many characters of a body each quote would escape.
    package struct Content {
        var singles = 0, doubles = 0, backticks = 0, substitutions = 0
        /// `\n` escapes: a template literal writes each as the line break itself, one byte shorter.
        package var newlines = 0
        /// No escape means something else in a template literal (legacy octal, `\8`, `\9`).
        var templateSafe = true

        /// Bytes escapes add to the body between `quote`s, against the body as it is read in: negative for a
        /// template literal holding more `\n` than characters it escapes.
        package func cost(_ quote: UInt8) -> Int {
            switch quote {
            case 0x27: singles
            case 0x22: doubles
            default: backticks + substitutions - newlines
            }
        }

        /// The quote needing the fewest escapes: `preferred` on a tie, a template only where `allowsTemplate`.
        package func bestQuote(preferring preferred: UInt8, allowsTemplate: Bool) -> UInt8 {
            var best = (cost: cost(preferred), quote: preferred)
            for quote: UInt8 in [0x22, 0x27, 0x60] where quote != preferred {
                if quote == 0x60, !(allowsTemplate && templateSafe) { continue }
                let c = cost(quote)
                if c < best.cost { best = (c, quote) }
            }
            return best.quote
        }

        package static func + (a: Content, b: Content) -> Content {
            Content(
                singles: a.singles + b.singles, doubles: a.doubles + b.doubles, backticks: a.backticks + b.backticks,
                substitutions: a.substitutions + b.substitutions, newlines: a.newlines + b.newlines,
                templateSafe: a.templateSafe && b.templateSafe)
        }
    }

    /// Counts the characters each quote would escape; `nil` when the string holds an escape kept out of scope.
    package static func scan(_ body: UnsafeBufferPointer<UInt8>) -> Content? {
        var content = Content()
        var i = 0
        while i < body.count {
            let b = body[i]
            if b == 0x5C {
                guard i + 1 < body.count else { return nil }
                let next = body[i + 1]
                switch next {
                case 0x0A, 0x0D, 0xE2: return nil
                case 0x31...0x39: content.templateSafe = false
                case 0x30:
                    if i + 2 < body.count, body[i + 2] >= 0x30, body[i + 2] <= 0x39 { content.templateSafe = false }
                case 0x27: content.singles += 1
                case 0x22: content.doubles += 1
                case 0x6E: content.newlines += 1
                default: break
                }
                i += 2
                continue
            }
            switch b {
            case 0x27: content.singles += 1
            case 0x22: content.doubles += 1
            case 0x60: content.backticks += 1
            case 0x24: if i + 1 < body.count, body[i + 1] == 0x7B { content.substitutions += 1 }
            default: break
            }
            i += 1
        }
        return content
    }

    /// The string's body written between `quote`s: escaped quotes unescaped unless they are `quote`, `quote`
    /// (and `${` in a template) escaped; in a template, `\n` written as the line break itself.
    package static func encode(_ body: UnsafeBufferPointer<UInt8>, quote: UInt8) -> String {
        var out: [UInt8] = [quote]
        out.reserveCapacity(body.count + 4)
        var i = 0
        while i < body.count {
            let b = body[i]
            if b == 0x5C, i + 1 < body.count {
                let next = body[i + 1]
                if (next == 0x27 || next == 0x22) && next != quote {
                    out.append(next)
                } else if next == 0x6E, quote == 0x60 {
                    out.append(0x0A)
                } else {
                    out.append(b)
                    out.append(next)
                }
                i += 2
                continue
            }
            if b == quote || (quote == 0x60 && b == 0x24 && i + 1 < body.count && body[i + 1] == 0x7B) {
                out.append(0x5C)
            }
            out.append(b)
            i += 1
        }
        out.append(quote)
        return String(decoding: out, as: UTF8.self)
    }
}
