/// Decodes the body of a JSON string with escapes, the way WebKit's JSON parser does.
enum JSONStringDecoder {
    /// Decodes `bytes[start..<end]` (already validated by the reader). Lone surrogates become U+FFFD.
    static func decode(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < end {
                let byte = buffer[index]
                if byte != 0x5C {
                    output.append(byte)
                    index += 1
                    continue
                }
                guard index + 1 < end else { break }
                let escape = buffer[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "v"): output.append(0x0B)
                case UInt8(ascii: "x"):
                    appendScalar(UInt32(hexValue(buffer, index, 2)), to: &output)
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
                    appendScalar(unit, to: &output)
                default: output.append(escape)
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        if scalar.value < 0x80 {
            output.append(UInt8(scalar.value))
        } else {
            output.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [0xEF, 0xBF, 0xBD])
        }
    }

    private static func hexValue(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<count where start + offset < buffer.count {
            value = value &* 16 &+ UInt16(JSONReader.hexDigitValue(buffer[start + offset]) ?? 0)
        }
        return value
    }
}
