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
            var text = text
            return text.withUTF8 { bytes in
                translatePlain(bytes, hostAnchored: hostAnchored, startAnchored: startAnchored, endAnchored: endAnchored)
            }
        }
    }

    /// The url-filters of a plain pattern, from its UTF-8 bytes and written as bytes (one string made per
    /// url-filter). Every byte the translation treats specially is ASCII, so a non-ASCII character's bytes are
    /// copied as they are, as its scalar was.
    private func translatePlain(_ input: UnsafeBufferPointer<UInt8>, hostAnchored: Bool, startAnchored: Bool, endAnchored: Bool)
        -> [String]
    {
        var start = 0, end = input.count
        // A trailing '*' adds nothing to an unanchored end, a leading one nothing to an unanchored start.
        if !endAnchored { while end > start && input[end - 1] == UInt8(ascii: "*") { end -= 1 } }
        if !startAnchored && !hostAnchored { while start < end && input[start] == UInt8(ascii: "*") { start += 1 } }
        var trailingSeparator = false
        if end > start && input[end - 1] == UInt8(ascii: "^") {
            trailingSeparator = true
            end -= 1
        }
        // Written through a pointer into room for the longest translation (every byte a separator class, the
        // anchor before and an end class after): appending byte by byte checked the array's uniqueness and room
        // for each byte.
        let separator = URLPatternTranslator.separatorClassBytes
        let room = URLPatternTranslator.hostAnchorPrefixBytes.count + separator.count * (end - start) + 2 * separator.count + 2
        var body = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            guard let output = buffer.baseAddress else {
                count = 0
                return
            }
            var written = 0
            @inline(__always) func write(_ bytes: [UInt8]) {
                for byte in bytes {
                    output[written] = byte
                    written += 1
                }
            }
            if hostAnchored {
                write(URLPatternTranslator.hostAnchorPrefixBytes)
            } else if startAnchored {
                output[written] = UInt8(ascii: "^")
                written += 1
            }
            var previousWasStar = false
            for byte in input[start..<end] {
                switch byte {
                case UInt8(ascii: "*"):
                    if !previousWasStar {
                        output[written] = UInt8(ascii: ".")
                        output[written + 1] = UInt8(ascii: "*")
                        written += 2
                    }
                    previousWasStar = true
                    continue
                case UInt8(ascii: "^"): write(separator)
                case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
                    UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"), UInt8(ascii: "$"), UInt8(ascii: "|"):
                    output[written] = UInt8(ascii: "\\")
                    output[written + 1] = byte
                    written += 2
                default:
                    output[written] = byte
                    written += 1
                }
                previousWasStar = false
            }
            count = written
        }
        if trailingSeparator {
            let hostOnly =
                hostAnchored && end > start
                && input[start..<end].allSatisfy {
                    ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                }
            if hostOnly {
                body.append(contentsOf: URLPatternTranslator.hostEndClassBytes)
                if endAnchored { body.append(UInt8(ascii: "$")) }
                return [String(decoding: body, as: UTF8.self)]
            }
            let bodyCount = body.count
            body.append(contentsOf: URLPatternTranslator.separatorClassBytes)
            if endAnchored { body.append(UInt8(ascii: "$")) }
            let withClass = String(decoding: body, as: UTF8.self)
            body.removeLast(body.count - bodyCount)
            body.append(UInt8(ascii: "$"))
            return [withClass, String(decoding: body, as: UTF8.self)]
        }
        if body.isEmpty || body == [UInt8(ascii: "^")] { return [endAnchored ? String(decoding: body, as: UTF8.self) + "$" : ".*"] }
        if endAnchored { body.append(UInt8(ascii: "$")) }
        return [String(decoding: body, as: UTF8.self)]
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
