/// Decodes the body of a JSON string with escapes, the way WebKit's JSON parser does.
enum JSONStringDecoder {
    static func decode(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(end - start)
        var index = start
        var pending: [UInt8] = []
        func flush() {
            if !pending.isEmpty {
                units.append(contentsOf: String(decoding: pending, as: UTF8.self).utf16)
                pending.removeAll(keepingCapacity: true)
            }
        }
        while index < end {
            let byte = bytes[index]
            if byte != UInt8(ascii: "\\") {
                pending.append(byte)
                index += 1
                continue
            }
            flush()
            guard index + 1 < end else { break }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "v"): units.append(0x0B)
            case UInt8(ascii: "x"):
                units.append(hexValue(bytes, index, 2))
                index += 2
            case UInt8(ascii: "u"):
                units.append(hexValue(bytes, index, 4))
                index += 4
            default: units.append(UInt16(escape))
            }
        }
        flush()
        return String(decoding: units, as: UTF16.self)
    }

    private static func hexValue(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<count where start + offset < bytes.count {
            value = value &* 16 &+ UInt16(JSONReader.hexDigitValue(bytes[start + offset]) ?? 0)
        }
        return value
    }
}
