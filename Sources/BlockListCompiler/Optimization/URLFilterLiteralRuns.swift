/// The literal runs of a url-filter (`RequiredLiterals.of` its parsed pattern), read straight from the text for the
/// forms the filter-list converter writes: literal characters and escaped punctuation, `.` and `.*`, a leading `^`
/// or the converter's host anchor, a trailing `$`, and the converter's two character classes.
///
/// Containment indexes every rule of a group by these runs; parsing each url-filter into terms and walking them
/// was about a sixth of `rules optimize` (callgrind, the 1/10 slice of EasyList + EasyPrivacy). Anything else
/// (other classes, groups, quantifiers but `.*`, alternatives, escapes of letters or digits, a filter without a
/// literal) is left to the parser: `runs(of:)` is nil.
enum URLFilterLiteralRuns {
    /// The runs of `filter`, lower-cased, or nil when it holds a construct outside the forms read here.
    static func runs(of filter: String) -> [[UInt8]]? {
        var filter = filter
        return filter.withUTF8 { runs(ofBytes: $0) }
    }

    /// The converter's host anchor, `^[^:]*://([^/:@]*\.)?`, whose only run is `://`.
    private static let hostPrefix: [UInt8] = URLFilterParser.hostPrefix.map { UInt8(truncatingIfNeeded: $0) }
    private static let hostPrefixRun: [UInt8] = Array("://".utf8)
    /// The classes the converter writes (`^`'s separator and what may follow a bare host): several units each.
    private static let knownClasses: [[UInt8]] = [Array("[^a-zA-Z0-9_.%-]".utf8), Array("[/:?#]".utf8)]

    private static func runs(ofBytes text: UnsafeBufferPointer<UInt8>) -> [[UInt8]]? {
        var runs: [[UInt8]] = []
        var current: [UInt8] = []
        func flush() {
            if !current.isEmpty { runs.append(current) }
            current = []
        }
        var index = 0
        if hasPrefix(text, at: 0, hostPrefix) {
            runs.append(hostPrefixRun)
            index = hostPrefix.count
        } else if text.first == UInt8(ascii: "^") {
            index = 1
        }
        var literalCount = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < text.count, isPunctuation(text[index + 1]) else { return nil }
                current.append(text[index + 1])
                literalCount += 1
                index += 2
            case UInt8(ascii: "."):
                flush()
                index += index + 1 < text.count && text[index + 1] == UInt8(ascii: "*") ? 2 : 1
            case UInt8(ascii: "["):
                guard let known = knownClasses.first(where: { hasPrefix(text, at: index, $0) }) else { return nil }
                flush()
                index += known.count
            case UInt8(ascii: "$"):
                guard index == text.count - 1 else { return nil }
                index += 1
            default:
                guard isLiteral(byte) else { return nil }
                current.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
                literalCount += 1
                index += 1
            }
            // A quantifier after an atom (but the `*` of `.*`, taken above) is left to the parser.
            if index < text.count && isQuantifier(text[index]) { return nil }
        }
        guard literalCount > 0 else { return nil }
        flush()
        return runs
    }

    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: [UInt8]) -> Bool {
        guard text.count - index >= prefix.count else { return false }
        for offset in prefix.indices where text[index + offset] != prefix[offset] { return false }
        return true
    }

    /// A printable ASCII character that stands for itself outside a class.
    private static func isLiteral(_ byte: UInt8) -> Bool {
        guard byte > 0x20 && byte < 0x7F else { return false }
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "|"), UInt8(ascii: "?"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"):
            return false
        default: return true
        }
    }

    /// Printable ASCII that is not a letter or digit: escaped, it stands for itself.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !CanonicalURL.isAlpha(byte) && !CanonicalURL.isDigit(byte)
    }

    private static func isQuantifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "{")
    }
}
