/// Writes a string literal with the quote that needs the fewest escapes: `'it\'s'` as `"it's"`, and
/// `'it\'s "fine"'` as `` `it's "fine"` `` where a template literal may stand (every `ScriptTarget` has them:
/// Safari 9+). A template is used only in expression positions where it cannot become a tagged template,
/// property key, directive or module specifier, and only for strings whose escapes mean the same in a template
/// (no legacy octal escapes, `\8`, `\9` or line continuations).
struct StringQuotes<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]

    func run(_ edits: inout TokenEdits) {
        for k in tokens.indices where tokens[k].kind == .string && !edits.isEdited(Int32(truncatingIfNeeded: k)) {
            guard let rewritten = requoted(k) else { continue }
            let k32 = Int32(truncatingIfNeeded: k)
            edits.replace(k32, with: [edits.text(rewritten.text, rewritten.isTemplate ? .template : .string, origin: k32)])
        }
    }

    private struct Content {
        var singles = 0, doubles = 0, backticks = 0, substitutions = 0
        var templateSafe = true
    }

    private func requoted(_ k: Int) -> (text: String, isTemplate: Bool)? {
        let token = tokens[k]
        let raw = text.text(token.start, token.end)
        guard raw.count >= 2 else { return nil }
        let quote = raw[0]
        let body = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        guard let content = scan(body) else { return nil }
        let current = quote == 0x27 ? content.singles : content.doubles
        guard current > 0 else { return nil }
        var best = (cost: current, quote: quote)
        let other: UInt8 = quote == 0x27 ? 0x22 : 0x27
        let otherCost = quote == 0x27 ? content.doubles : content.singles
        if otherCost < best.cost { best = (otherCost, other) }
        if content.templateSafe, content.backticks + content.substitutions < best.cost, allowsTemplate(k) {
            best = (content.backticks + content.substitutions, 0x60)
        }
        guard best.quote != quote else { return nil }
        return (encode(body, quote: best.quote), best.quote == 0x60)
    }

    /// Counts the characters each quote would escape; `nil` when the string holds an escape kept out of scope.
    private func scan(_ body: UnsafeBufferPointer<UInt8>) -> Content? {
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
    /// (and `${` in a template) escaped.
    private func encode(_ body: UnsafeBufferPointer<UInt8>, quote: UInt8) -> String {
        var out: [UInt8] = [quote]
        out.reserveCapacity(body.count + 4)
        var i = 0
        while i < body.count {
            let b = body[i]
            if b == 0x5C, i + 1 < body.count {
                let next = body[i + 1]
                if (next == 0x27 || next == 0x22) && next != quote {
                    out.append(next)
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

    /// Whether a template literal may replace the string at `k`: after a token that leaves an operand to come
    /// (so the template cannot tag an expression before it, nor be a directive or key), and not before `:`
    /// (a property key or `case` label).
    private func allowsTemplate(_ k: Int) -> Bool {
        guard k > 0, k + 1 < tokens.count || k + 1 == tokens.count else { return false }
        if k + 1 < tokens.count, text.isPunctuator(tokens[k + 1], ":") { return false }
        let previous = tokens[k - 1]
        switch previous.kind {
        case .punctuator:
            let t = text.text(previous)
            // Not after `)`, `]`, `}` (an expression's end, or a statement's), `++`/`--`, `;`, `{` (directives, keys).
            if t.count == 1 {
                switch t[0] {
                case 0x29, 0x5D, 0x7D, 0x3B, 0x7B: return false
                default: return true
                }
            }
            return !(JavaScriptToken.spells(t, "++") || JavaScriptToken.spells(t, "--"))
        case .keyword:
            return text.isKeyword(previous, "return") || text.isKeyword(previous, "typeof") || text.isKeyword(previous, "case")
                || text.isKeyword(previous, "in") || text.isKeyword(previous, "throw") || text.isKeyword(previous, "void")
        case .templateHead, .templateMiddle:
            return true
        default:
            return false
        }
    }
}
