import WKPackSupport

/// Decodes the escapes of string-literal bodies and escaped identifiers.
package enum JavaScriptStringLiteral {
    /// Decodes `\n`, `\t`, `\xHH`, `\uHHHH`, `\u{H...}`, line continuations and identity escapes in `bytes`.
    /// Invalid escapes are kept literally (the tokenizer has already rejected malformed input).
    package static func decodeEscapes(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var units: [UInt16] = []
        var k = bytes.startIndex
        let end = bytes.endIndex
        func appendScalar(_ value: UInt32) {
            if value >= 0x10000 {
                let v = value - 0x10000
                units.append(UInt16(truncatingIfNeeded: 0xD800 + (v >> 10)))
                units.append(UInt16(truncatingIfNeeded: 0xDC00 + (v & 0x3FF)))
            } else {
                units.append(UInt16(truncatingIfNeeded: value))
            }
        }
        func hexValue(_ b: UInt8) -> UInt32? {
            switch b {
            case 0x30...0x39: UInt32(b - 0x30)
            case 0x41...0x46: UInt32(b - 0x41 + 10)
            case 0x61...0x66: UInt32(b - 0x61 + 10)
            default: nil
            }
        }
        while k < end {
            let b = bytes[k]
            if b != 0x5C {
                // Copy one UTF-8 sequence.
                var length = 1
                if b >= 0xF0 { length = 4 } else if b >= 0xE0 { length = 3 } else if b >= 0xC0 { length = 2 }
                let stop = min(k + length, end)
                for unit in String(decoding: bytes[k..<stop], as: UTF8.self).utf16 { units.append(unit) }
                k = stop
                continue
            }
            k += 1
            guard k < end else { break }
            let e = bytes[k]
            k += 1
            switch e {
            case 0x6E: units.append(0x0A)
            case 0x74: units.append(0x09)
            case 0x72: units.append(0x0D)
            case 0x62: units.append(0x08)
            case 0x66: units.append(0x0C)
            case 0x76: units.append(0x0B)
            case 0x30 where k >= end || !(0x30...0x39).contains(bytes[k]): units.append(0)
            case 0x0A: continue
            case 0x0D:
                if k < end, bytes[k] == 0x0A { k += 1 }
            case 0x78:
                if k + 1 < end, let h = hexValue(bytes[k]), let l = hexValue(bytes[k + 1]) {
                    units.append(UInt16(h * 16 + l))
                    k += 2
                }
            case 0x75:
                if k < end, bytes[k] == 0x7B {
                    var value: UInt32 = 0
                    var j = k + 1
                    while j < end, let h = hexValue(bytes[j]), value <= 0x10FFFF {
                        value = value * 16 + h
                        j += 1
                    }
                    if j < end, bytes[j] == 0x7D, value <= 0x10FFFF {
                        appendScalar(value)
                        k = j + 1
                    }
                } else if k + 3 < end, let a = hexValue(bytes[k]), let b2 = hexValue(bytes[k + 1]),
                    let c = hexValue(bytes[k + 2]), let d = hexValue(bytes[k + 3])
                {
                    units.append(UInt16(a << 12 | b2 << 8 | c << 4 | d))
                    k += 4
                }
            case 0xE2 where LineTerminator.isSeparator(bytes, at: k - 1, end: end):
                k += 2
            default:
                if e >= 0x80 {
                    k -= 1
                    continue
                }
                units.append(UInt16(e))
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
