/// ECMAScript's line terminators in UTF-8: LF, CR (CR LF counts as one terminator), and U+2028 / U+2029
/// (`E2 80 A8` / `E2 80 A9`). The one place that spells them out: the tokenizer, the writers and the
/// source-map code ask here.
@usableFromInline package enum LineTerminator {
    /// The length of the line terminator starting at `i` (`i < end`; `end` bounds the bytes read): 1 for LF or a
    /// lone CR, 2 for CR LF, 3 for U+2028 or U+2029, 0 when none starts there.
    @inline(__always)
    @inlinable package static func length<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int, end: Int) -> Int
    where Bytes.Index == Int {
        let b = bytes[i]
        if b == 0x0A { return 1 }
        if b == 0x0D { return i + 1 < end && bytes[i + 1] == 0x0A ? 2 : 1 }
        return isSeparator(bytes, at: i, end: end) ? 3 : 0
    }

    /// Whether U+2028 (line separator) or U+2029 (paragraph separator) starts at `i` and ends before `end`.
    @inline(__always)
    @inlinable package static func isSeparator<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int, end: Int) -> Bool
    where Bytes.Index == Int {
        i + 2 < end && bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
    }

    /// Whether `bytes` is not empty and ends with a line terminator.
    package static func isAtEnd(of bytes: [UInt8]) -> Bool {
        guard let last = bytes.last else { return false }
        if last == 0x0A || last == 0x0D { return true }
        return bytes.count >= 3 && isSeparator(bytes, at: bytes.count - 3, end: bytes.count)
    }
}
