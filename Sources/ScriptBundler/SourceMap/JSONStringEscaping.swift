/// Writes UTF-8 text as a JSON string literal.
enum JSONStringEscaping {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

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
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                case 0xE2:
                    out.append(contentsOf: [0x5C, 0x75, 0x32, 0x30, 0x32, bytes[i + 2] == 0xA8 ? 0x38 : 0x39])
                    i += 2
                default:
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                }
                i += 1
                runStart = i
            }
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        out.append(0x22)
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
