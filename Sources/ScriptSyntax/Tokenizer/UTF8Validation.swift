/// Finds the first byte that is not part of a well-formed UTF-8 sequence.
enum UTF8Validation {
    /// Returns the offset of the first invalid byte, or `nil` when `bytes` is well-formed UTF-8.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var firstNonASCII = 0
        return firstInvalidOffset(in: bytes, firstNonASCII: &firstNonASCII)
    }

    /// `firstInvalidOffset(in:)`, also setting `firstNonASCII` to the offset of the first byte of 0x80 or more
    /// (`bytes.count` if none) when the bytes are well-formed, so the scanner need not look for it again.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, firstNonASCII: inout Int) -> Int? {
        let count = bytes.count
        firstNonASCII = count
        var i = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while i < count {
            // Thirty-two ASCII bytes at a time.
            if count - i >= 32, let base = raw.baseAddress {
                let a = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let b = base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                let c = base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                let d = base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                if (a | b | c | d) & 0x8080_8080_8080_8080 == 0 {
                    i += 32
                    continue
                }
            }
            // Eight ASCII bytes at a time.
            if count - i >= 8, let base = raw.baseAddress,
                base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            let b0 = bytes[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            // Every byte before the first of 0x80 or more was read as ASCII above.
            if firstNonASCII == count { firstNonASCII = i }
            if b0 < 0xC2 { return i }
            if b0 < 0xE0 {
                guard i + 1 < count, bytes[i + 1] & 0xC0 == 0x80 else { return i }
                i += 2
                continue
            }
            if b0 < 0xF0 {
                guard i + 2 < count else { return i }
                let b1 = bytes[i + 1]
                let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
                let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard b1 >= low, b1 <= high, bytes[i + 2] & 0xC0 == 0x80 else { return i }
                i += 3
                continue
            }
            if b0 < 0xF5 {
                guard i + 3 < count else { return i }
                let b1 = bytes[i + 1]
                let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
                let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
                guard b1 >= low, b1 <= high, bytes[i + 2] & 0xC0 == 0x80, bytes[i + 3] & 0xC0 == 0x80 else {
                    return i
                }
                i += 4
                continue
            }
            return i
        }
        return nil
    }
}
