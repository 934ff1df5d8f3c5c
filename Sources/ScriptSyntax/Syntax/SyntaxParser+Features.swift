/// The features that literal text shows (`SyntaxParseFacts.Feature`): BigInt and numeric separators in numbers,
/// flags, named groups and lookbehinds in regular expressions. The parser calls these on the literals it reads;
/// the grammar's features (`?.`, `??`, class members, ...) are recorded where it parses them.
extension SyntaxParseFacts.Feature {
    /// Calls `record` for what the number literal `start..<end` of `bytes` shows: `1n` and `1_000`.
    @inline(__always)
    package static func inNumber(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ record: (Self) -> Void) {
        guard start < end, end <= bytes.count else { return }
        if bytes[end - 1] == UInt8(ascii: "n") { record(.bigint) }
        var j = start
        while j < end {
            if bytes[j] == UInt8(ascii: "_") { return record(.numericSeparator) }
            j += 1
        }
    }

    /// Calls `record` for what the regular expression literal `start..<end` of `bytes` shows: the flags `s`,
    /// `y`, `u`, `d`, `v`, and `(?<name>` or `(?<=`/`(?<!` outside character classes.
    package static func inRegularExpression(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ record: (Self) -> Void) {
        guard start < end, end <= bytes.count else { return }
        var close = end - 1
        while close > start, bytes[close] != UInt8(ascii: "/") { close -= 1 }
        guard close > start else { return }
        for flag in bytes[(close + 1)..<end] {
            switch flag {
            case UInt8(ascii: "s"): record(.regexpDotAllFlag)
            case UInt8(ascii: "y"), UInt8(ascii: "u"): record(.regexpStickyAndUnicodeFlags)
            case UInt8(ascii: "d"): record(.regexpMatchIndices)
            case UInt8(ascii: "v"): record(.regexpSetNotation)
            default: break
            }
        }
        var j = start + 1
        var inClass = false
        while j < close {
            let b = bytes[j]
            if b == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if inClass {
                if b == UInt8(ascii: "]") { inClass = false }
            } else if b == UInt8(ascii: "[") {
                inClass = true
            } else if b == UInt8(ascii: "("), j + 3 < close, bytes[j + 1] == UInt8(ascii: "?"), bytes[j + 2] == UInt8(ascii: "<") {
                let c = bytes[j + 3]
                record(c == UInt8(ascii: "=") || c == UInt8(ascii: "!") ? .regexpLookbehindAssertions : .regexpNamedCaptureGroups)
            }
            j += 1
        }
    }
}

extension SyntaxParserState {
    /// Records what the number literal token `k` shows.
    @inline(__always)
    mutating func recordNumberFeatures(_ k: Int) {
        let token = tokens[k]
        SyntaxParseFacts.Feature.inNumber(bytes, token.start, token.end) { recordFeature($0, at: k) }
    }

    /// Records what the regular expression literal token `k` shows.
    mutating func recordRegularExpressionFeatures(_ k: Int) {
        let token = tokens[k]
        SyntaxParseFacts.Feature.inRegularExpression(bytes, token.start, token.end) { recordFeature($0, at: k) }
    }
}
