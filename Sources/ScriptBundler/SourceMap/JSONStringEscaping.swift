/// Writes UTF-8 text as a JSON string literal.
enum JSONStringEscaping {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` (valid UTF-8) quoted and escaped; U+2028/U+2029 are escaped too.
    static func append(_ text: [UInt8], to out: inout [UInt8]) {
        out.append(0x22)
        text.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var runStart = 0
            var i = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while i < count {
                // Eight bytes at a time while none needs a look (control, quote, backslash, 0xE2).
                if count - i >= 8, let base = raw.baseAddress {
                    let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if !Self.mayNeedEscaping(word) {
                        i += 8
                        continue
                    }
                }
                let b = bytes[i]
                // Fast path: bytes that need no escaping are copied in runs.
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
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(0x6E)
                case 0x0D: out.append(0x5C); out.append(0x72)
                case 0x09: out.append(0x5C); out.append(0x74)
                case 0xE2:
                    out.append(contentsOf: [0x5C, 0x75, 0x32, 0x30, 0x32, bytes[i + 2] == 0xA8 ? 0x38 : 0x39])
                    i += 2
                default:
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                }
                i += 1
                runStart = i
            }
            if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        }
        out.append(0x22)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether one of the eight bytes of `word` is below 0x20 or is `"`, `\` or 0xE2 (no false negatives).
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        // A byte below 0x20 among bytes below 0x80; any byte at or above 0x80 is checked for 0xE2 only.
        let control = (word &- ones &* 0x20) & ~word & highBits
        return control != 0 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
            || hasZeroByte(word ^ (ones &* 0xE2))
    }

    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- ones) & ~word & highBits != 0
    }
}
