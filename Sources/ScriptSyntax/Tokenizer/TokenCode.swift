/// A token's text of at most 8 bytes packed into one integer (first byte lowest), so a token can be
/// compared with a literal by one integer comparison. Longer texts pack to 0, which no short text packs to
/// (tokens and the literals compared with them contain no NUL bytes).
///
/// `of(_:)` on a literal is folded to a constant by the optimizer, so `code == TokenCode.of("=>")` costs
/// one comparison.
package enum TokenCode {
    /// The code of a literal text (0 when it is longer than 8 bytes).
    @inline(__always)
    package static func of(_ text: StaticString) -> UInt64 {
        let count = text.utf8CodeUnitCount
        guard count <= 8 else { return 0 }
        let bytes = text.utf8Start
        var code: UInt64 = 0
        var j = 0
        while j < count {
            code |= UInt64(bytes[j]) << (8 * UInt64(j))
            j += 1
        }
        return code
    }

    /// The code of `bytes[start..<end]` (0 when longer than 8 bytes).
    @inline(__always)
    package static func of(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        of(UnsafeRawBufferPointer(bytes), start, end)
    }

    /// The code of `bytes[start..<end]` (0 when longer than 8 bytes): one 8-byte load when the buffer
    /// extends far enough, masked to the text's length.
    @inline(__always)
    package static func of(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt64 {
        let count = end - start
        guard count <= 8, count > 0 else { return 0 }
        if start + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            return count == 8 ? word : word & ((1 &<< (8 &* UInt64(count))) &- 1)
        }
        var code: UInt64 = 0
        var j = 0
        while j < count {
            code |= UInt64(bytes[start + j]) << (8 * UInt64(j))
            j += 1
        }
        return code
    }
}
