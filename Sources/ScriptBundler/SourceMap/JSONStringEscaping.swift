/// Writes UTF-8 text as a JSON string literal.
enum JSONStringEscaping {
    /// Appends `text` (valid UTF-8) quoted and escaped; U+2028/U+2029 are escaped too.
    static func append(_ text: [UInt8], to out: inout [UInt8]) {
        text.withUnsafeBufferPointer { append($0, to: &out) }
    }

    /// Appends `bytes` (valid UTF-8) quoted and escaped; U+2028/U+2029 are escaped too.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        let count = bytes.count
        var runStart = 0
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i < count {
                // Eight bytes at a time: skip them when none needs a look (control, quote, backslash, 0xE2),
                // else go straight to the first that does.
                if count - i >= 8 {
                    let mask = specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                    if mask == 0 {
                        i += 8
                        continue
                    }
                    i += mask.trailingZeroBitCount >> 3
                }
                let b = bytes[i]
                if b >= 0x20, b != 0x22, b != 0x5C, b != 0xE2 {
                    i += 1
                    continue
                }
                if b == 0xE2, !(i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)) {
                    i += 1
                    continue
                }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                var escape: (UInt64, Int) = (0, 0)
                if b == 0xE2 {
                    escape = Self.escape(for: bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                    i += 2
                } else {
                    escape = Self.escape(for: b)
                }
                withUnsafeBytes(of: escape.0.littleEndian) { out.append(contentsOf: $0.prefix(escape.1)) }
                i += 1
                runStart = i
            }
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        out.append(0x22)
    }

    /// `text` as a JSON string literal (quoted and escaped, as `append` writes it), in an array of exactly its size.
    static func literal(_ text: [UInt8]) -> [UInt8] {
        text.withUnsafeBufferPointer { bytes in
            let length = escapedCount(bytes) + 2
            return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                guard let out = buffer.baseAddress, let base = bytes.baseAddress else {
                    buffer[0] = 0x22
                    buffer[1] = 0x22
                    initialized = 2
                    return
                }
                out[0] = 0x22
                var o = 1
                var runStart = 0
                forEachEscape(bytes) { i, escape, consumed in
                    if runStart < i {
                        (out + o).update(from: base + runStart, count: i - runStart)
                        o += i - runStart
                    }
                    withUnsafeBytes(of: escape.0.littleEndian) { escaped in
                        for k in 0..<escape.1 { out[o + k] = escaped[k] }
                    }
                    o += escape.1
                    runStart = i + consumed
                }
                if runStart < bytes.count {
                    (out + o).update(from: base + runStart, count: bytes.count - runStart)
                    o += bytes.count - runStart
                }
                out[o] = 0x22
                initialized = min(o + 1, length)
            }
        }
    }

    /// The length of `bytes` escaped (without the quotes).
    static func escapedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = bytes.count
        forEachEscape(bytes) { _, escape, consumed in count += escape.1 - consumed }
        return count
    }

    /// Calls `body` for each character of `bytes` that is escaped, in order: its offset, its escape (up to six
    /// bytes, first byte lowest, and their count) and the number of bytes it replaces.
    @inline(__always)
    private static func forEachEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, (UInt64, Int), Int) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var i = 0
        while i < count {
            if count - i >= 8 {
                let mask = specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if mask == 0 {
                    i += 8
                    continue
                }
                i += mask.trailingZeroBitCount >> 3
            }
            let b = bytes[i]
            if b >= 0x20, b != 0x22, b != 0x5C, b != 0xE2 {
                i += 1
                continue
            }
            if b == 0xE2 {
                if i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    body(i, escape(for: bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029), 3)
                    i += 3
                } else {
                    i += 1
                }
                continue
            }
            body(i, escape(for: b), 1)
            i += 1
        }
    }

    /// The escape of a quote, backslash or control character, or of U+2028/U+2029 (`character` 0x2028/0x2029):
    /// its bytes (first byte lowest) and their count.
    @inline(__always)
    private static func escape(for character: Int) -> (UInt64, Int) {
        switch character {
        case 0x22: return (0x225C, 2)
        case 0x5C: return (0x5C5C, 2)
        case 0x0A: return (0x6E5C, 2)
        case 0x0D: return (0x725C, 2)
        case 0x09: return (0x745C, 2)
        case 0x2028: return (0x38_32_30_32_75_5C, 6)
        case 0x2029: return (0x39_32_30_32_75_5C, 6)
        default:
            // \u00XX
            let high = UInt64(hexDigit(character >> 4)), low = UInt64(hexDigit(character & 15))
            return (0x30_30_75_5C | high << 32 | low << 40, 6)
        }
    }

    @inline(__always)
    private static func escape(for byte: UInt8) -> (UInt64, Int) {
        escape(for: Int(byte))
    }

    @inline(__always)
    private static func hexDigit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 10 ? 0x30 + value : 0x61 + value - 10)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each of the eight bytes of `word` (first byte lowest) that is below 0x20 or is `"`, `\` or 0xE2;
    /// exact, so the lowest set bit marks the first such byte.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        // Below 0x20: an ASCII byte whose low seven bits plus 0x60 stay below 0x80 (no carry crosses bytes).
        let control = ~((word & lowBits) &+ (ones &* 0x60)) & ~word & highBits
        return control | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | zeroBytes(word ^ (ones &* 0xE2))
    }

    /// The high bit of each zero byte of `word`, exactly.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word) & highBits
    }
}
