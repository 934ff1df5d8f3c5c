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
        let filters = try urlFilters(pattern)
        return filters.second.map { [filters.first, $0] } ?? [filters.first]
    }

    /// The one or two url-filters of a translation, without an array to hold them.
    struct URLFilters: Sequence {
        /// The url-filter (with the separator class, when a trailing `^` needs two).
        var first: String
        /// The url-filter ending in `$` of a trailing `^` that needs two.
        var second: String?

        /// `first`, then `second` when there is one.
        func makeIterator() -> IndexingIterator<[String]> {
            (second.map { [first, $0] } ?? [first]).makeIterator()
        }

        /// The url-filters as an array.
        var all: [String] { second.map { [first, $0] } ?? [first] }
    }

    /// `translate(_:)`, the one or two url-filters returned as they are (the converter asks this of every filter:
    /// an array per filter was an allocation each).
    func urlFilters(_ pattern: NetworkFilter.Pattern) throws(Problem) -> URLFilters {
        switch pattern {
        case .regex(let expression): return URLFilters(first: try translateRegex(expression))
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
        -> URLFilters
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
        // Written through a pointer into temporary room for the longest translation (every byte a separator class,
        // the anchor before, a class and `$` after), then copied once into each string: an array made per filter
        // for the room (sixteen times the pattern) was an allocation, and freeing it another.
        let separator = URLPatternTranslator.separatorClassBytes
        let room = URLPatternTranslator.hostAnchorPrefixBytes.count + separator.count * (end - start) + 2 * separator.count + 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer -> URLFilters in
            let output = buffer.baseAddress.unsafelyUnwrapped
            var written = 0
            @inline(__always) func write(_ bytes: [UInt8]) {
                for byte in bytes {
                    output[written] = byte
                    written += 1
                }
            }
            @inline(__always) func string(_ count: Int) -> String {
                String(decoding: UnsafeBufferPointer(start: output, count: count), as: UTF8.self)
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
            if trailingSeparator {
                let hostOnly =
                    hostAnchored && end > start
                    && input[start..<end].allSatisfy {
                        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                            || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                    }
                if hostOnly {
                    write(URLPatternTranslator.hostEndClassBytes)
                    if endAnchored {
                        output[written] = UInt8(ascii: "$")
                        written += 1
                    }
                    return URLFilters(first: string(written))
                }
                let bodyCount = written
                write(separator)
                if endAnchored {
                    output[written] = UInt8(ascii: "$")
                    written += 1
                }
                let withClass = string(written)
                output[bodyCount] = UInt8(ascii: "$")
                return URLFilters(first: withClass, second: string(bodyCount + 1))
            }
            if written == 0 || (written == 1 && output[0] == UInt8(ascii: "^")) {
                return URLFilters(first: endAnchored ? string(written) + "$" : ".*")
            }
            if endAnchored {
                output[written] = UInt8(ascii: "$")
                written += 1
            }
            return URLFilters(first: string(written))
        }
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
