/// Decodes the body of a JSON string with escapes, the way WebKit's JSON parser does.
enum JSONStringDecoder {
    /// Decodes `bytes[start..<end]` (already validated by the reader). Lone surrogates become U+FFFD.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        // The decoded text is never longer than its escaped form (an escape of n bytes decodes to at most n UTF-8
        // bytes), so it is written straight into the string's storage.
        guard end > start else { return "" }
        return String(unsafeUninitializedCapacity: end - start) { output in
            var written = 0
            @inline(__always) func append(_ byte: UInt8) {
                output[written] = byte
                written += 1
            }
            func appendScalar(_ value: UInt32) {
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                if let encoded = UTF8.encode(scalar) {
                    for byte in encoded { append(byte) }
                } else {
                    append(0xEF); append(0xBF); append(0xBD)
                }
            }
            let raw = UnsafeRawBufferPointer(buffer)
            var index = start
            while index < end {
                // The run up to the next backslash is copied whole (found eight bytes at a time).
                var runEnd = index
                while runEnd + 8 <= end {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: runEnd, as: UInt64.self))
                    let backslashes = backslashBytes(in: word)
                    if backslashes != 0 {
                        runEnd += backslashes.trailingZeroBitCount >> 3
                        break
                    }
                    runEnd += 8
                }
                if runEnd + 8 > end {
                    while runEnd < end, buffer[runEnd] != 0x5C { runEnd += 1 }
                }
                if runEnd > index {
                    let count = runEnd - index
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + count])
                        .update(fromContentsOf: UnsafeBufferPointer(rebasing: buffer[index..<runEnd]))
                    written += count
                    index = runEnd
                    continue
                }
                guard index + 1 < end else { break }
                let escape = buffer[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "b"): append(0x08)
                case UInt8(ascii: "f"): append(0x0C)
                case UInt8(ascii: "n"): append(0x0A)
                case UInt8(ascii: "r"): append(0x0D)
                case UInt8(ascii: "t"): append(0x09)
                case UInt8(ascii: "v"): append(0x0B)
                case UInt8(ascii: "x"):
                    appendScalar(UInt32(hexValue(buffer, index, 2)))
                    index += 2
                case UInt8(ascii: "u"):
                    var unit = UInt32(hexValue(buffer, index, 4))
                    index += 4
                    if unit >= 0xD800 && unit < 0xDC00, index + 5 < end, buffer[index] == 0x5C, buffer[index + 1] == UInt8(ascii: "u") {
                        let low = UInt32(hexValue(buffer, index + 2, 4))
                        if low >= 0xDC00 && low < 0xE000 {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        }
                    }
                    appendScalar(unit)
                default: append(escape)
                }
            }
            return written
        }
    }

    /// The high bit of each byte of the little-endian `word` that is a backslash; exact up to its lowest set bit.
    @inline(__always) private static func backslashBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let backslashes = word ^ (ones &* 0x5C)
        return (backslashes &- ones) & ~backslashes & (ones &* 0x80)
    }

    private static func hexValue(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<count where start + offset < buffer.count {
            value = value &* 16 &+ UInt16(JSONReader.hexDigitValue(buffer[start + offset]) ?? 0)
        }
        return value
    }
}
