/// Translates a filter's URL pattern into WebKit url-filter regular expressions.
///
/// - `||host` becomes `^[^:]*://([^/:@]*\.)?host`: the scheme, then the host or any subdomain of it
///   (docs/rules/convert.md, "The host anchor", has the argument and the forms measured).
/// - `|` at either end becomes `^` / `$`; `*` becomes `.*`; other regex syntax characters are escaped.
/// - `^` (a separator: anything but a letter, digit or `_-.%`, or the end of the URL) becomes the class
///   `[^a-zA-Z0-9_.%-]`. WebKit has no disjunction and allows `$` only as the last term, so a `^` that ends the
///   pattern (and so may also match the end of the URL) yields two url-filters, one with the class and one with
///   `$`; each becomes its own rule, and either matching gives the filter's decision. After a bare `||host` the
///   one rule ends with `[/:?#]`: in the canonical URL WebKit matches, what follows a host is the path's `/`, a
///   port's `:`, and, only in a URL of a non-special scheme, `?` or `#`.
/// - `/regex/` filters keep their expression, with `\d` and `\w` spelled as classes, and are accepted only when
///   WebKit's subset holds them (checked with `URLFilterParser`).
public struct URLPatternTranslator: Sendable {
    /// The separator class of `^`.
    public static let separatorClass = "[^a-zA-Z0-9_.%-]"
    /// What `||` becomes: the scheme (`[^:]*` reads up to the first `:`, which in a canonical URL ends the scheme),
    /// `//`, then optionally subdomains, ending in `.`, before any `:`, `/` or `@` (so never past user information).
    public static let hostAnchorPrefix = "^[^:]*://([^/:@]*\\.)?"
    /// What a `^` right after a bare `||host` becomes: what can follow a host in a canonical URL.
    public static let hostEndClass = "[/:?#]"

    /// Creates a translator.
    public init() {}

    /// Why a pattern cannot be translated.
    public struct Problem: Error, Sendable, Equatable {
        /// What kind of problem it is.
        public var kind: FilterProblem.Kind
        /// 0-based offset in the pattern.
        public var offset: Int
        /// Why the pattern cannot be translated.
        public var message: String
    }

    /// The url-filters matching the same URLs as the pattern (one or two).
    public func translate(_ pattern: NetworkFilter.Pattern) throws(Problem) -> [String] {
        switch pattern {
        case .regex(let expression): return [try translateRegex(expression)]
        case .plain(let text, let hostAnchored, let startAnchored, let endAnchored):
            return translatePlain(
                Array(text.unicodeScalars), hostAnchored: hostAnchored, startAnchored: startAnchored, endAnchored: endAnchored)
        }
    }

    private func translatePlain(_ input: [Unicode.Scalar], hostAnchored: Bool, startAnchored: Bool, endAnchored: Bool) -> [String] {
        var scalars = input[...]
        // A trailing '*' adds nothing to an unanchored end, a leading one nothing to an unanchored start.
        if !endAnchored { while scalars.last == "*" { scalars = scalars.dropLast() } }
        if !startAnchored && !hostAnchored { while scalars.first == "*" { scalars = scalars.dropFirst() } }
        var trailingSeparator = false
        if scalars.last == "^" {
            trailingSeparator = true
            scalars = scalars.dropLast()
        }
        // Written as UTF-8 bytes, one string made at the end (appending scalars to a String was most of the
        // translation's time).
        var body: [UInt8] = []
        body.reserveCapacity(scalars.count + 32)
        if hostAnchored {
            body.append(contentsOf: URLPatternTranslator.hostAnchorPrefixBytes)
        } else if startAnchored {
            body.append(UInt8(ascii: "^"))
        }
        var previousWasStar = false
        for scalar in scalars {
            switch scalar {
            case "*":
                if !previousWasStar { body.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "*")]) }
                previousWasStar = true
                continue
            case "^": body.append(contentsOf: URLPatternTranslator.separatorClassBytes)
            case "/": body.append(UInt8(ascii: "/"))
            case ".", "?", "+", "(", ")", "[", "]", "{", "}", "\\", "$", "|":
                body.append(UInt8(ascii: "\\"))
                body.append(UInt8(truncatingIfNeeded: scalar.value))
            default:
                if scalar.isASCII {
                    body.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    body.append(contentsOf: String(scalar).utf8)
                }
            }
            previousWasStar = false
        }
        let end: [UInt8] = endAnchored ? [UInt8(ascii: "$")] : []
        if trailingSeparator {
            let hostOnly =
                hostAnchored && !scalars.isEmpty
                && scalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
                }
            if hostOnly { return [String(decoding: body + URLPatternTranslator.hostEndClassBytes + end, as: UTF8.self)] }
            return [
                String(decoding: body + URLPatternTranslator.separatorClassBytes + end, as: UTF8.self),
                String(decoding: body + [UInt8(ascii: "$")], as: UTF8.self),
            ]
        }
        if body.isEmpty || body == [UInt8(ascii: "^")] { return [endAnchored ? String(decoding: body, as: UTF8.self) + "$" : ".*"] }
        return [String(decoding: body + end, as: UTF8.self)]
    }

    private static let hostAnchorPrefixBytes = Array(hostAnchorPrefix.utf8)
    private static let separatorClassBytes = Array(separatorClass.utf8)
    private static let hostEndClassBytes = Array(hostEndClass.utf8)

    private func translateRegex(_ expression: String) throws(Problem) -> String {
        var output = ""
        var inClass = false
        var escaped = false
        var offset = 0
        for scalar in expression.unicodeScalars {
            defer { offset += 1 }
            if escaped {
                escaped = false
                switch scalar {
                case "d": output += inClass ? "0-9" : "[0-9]"; continue
                case "w": output += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"; continue
                case "/": output += "/"; continue
                default: output += "\\" + String(scalar); continue
                }
            }
            switch scalar {
            case "\\": escaped = true
            case "[": inClass = true; output.unicodeScalars.append(scalar)
            case "]": inClass = false; output.unicodeScalars.append(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        if escaped { output += "\\" }
        let result = URLFilterParser().parse(output)
        guard result.isAccepted else {
            throw Problem(
                kind: .unsupportedRegex, offset: 0,
                message: "regular expression outside WebKit's subset: \(result.reason ?? result.status.webKitDetail)")
        }
        return output
    }
}
