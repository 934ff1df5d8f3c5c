extension URLFilterParser {
    /// Whether `filter` has, outside groups, a term that cannot match the empty string (a literal character, an
    /// escaped punctuation character, `.` or a character class, not followed by `?`, `*` or `{`). Such a filter
    /// never parses to `matchesEverything` (every term would have to match the empty string), so callers asking
    /// only that skip the parse. Conservative: false whenever the scan is unsure (groups, disjunctions, braces,
    /// escaped letters and digits, non-ASCII).
    static func hasMandatoryTerm(_ filter: String) -> Bool {
        // Read on the string's own bytes: copying them into an array first cost more than the scan, which
        // usually ends within the first few bytes.
        if let found = filter.utf8.withContiguousStorageIfAvailable({ hasMandatoryTerm(bytes: $0) }) { return found }
        return Array(filter.utf8).withUnsafeBufferPointer { hasMandatoryTerm(bytes: $0) }
    }

    private static func hasMandatoryTerm(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func isOptional(after end: Int) -> Bool {
            guard end < bytes.count else { return false }
            let next = bytes[end]
            return next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "{")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 { return false }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                // Groups, disjunctions and stray brackets: left to the parser.
                return false
            case UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                // Assertions match the empty string; quantifiers were looked at with their term.
                index += 1
            case UInt8(ascii: "\\"):
                // Only an escaped punctuation character is sure to be one literal character (`\0`, `\b`, `\d`... are
                // left to the parser).
                guard index + 1 < bytes.count, bytes[index + 1] < 0x80, !URLFilterParser.isAlphanumeric(bytes[index + 1]) else {
                    return false
                }
                if !isOptional(after: index + 2) { return true }
                index += 2
            case UInt8(ascii: "["):
                // A class: up to its first unescaped ']' after the first member.
                var end = index + 1
                if end < bytes.count && bytes[end] == UInt8(ascii: "^") { end += 1 }
                if end < bytes.count && bytes[end] == UInt8(ascii: "]") { return false }
                while end < bytes.count && bytes[end] != UInt8(ascii: "]") {
                    if bytes[end] >= 0x80 { return false }
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else { return false }
                if !isOptional(after: end + 1) { return true }
                index = end + 1
            default:
                // A literal character or '.'.
                if !isOptional(after: index + 1) { return true }
                index += 1
            }
        }
        return false
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
