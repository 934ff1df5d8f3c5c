/// Base64 variable-length quantities, as used by source-map `mappings`.
public enum Base64VLQ {
    package static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
        return table
    }()

    /// Appends the VLQ encoding of `value` to `output`.
    @inline(__always)
    public static func encode(_ value: Int, into output: inout [UInt8]) {
        var rest = value < 0 ? ((-value) << 1) | 1 : value << 1
        if rest < 32 {
            output.append(digit(rest))
            return
        }
        repeat {
            var bits = rest & 31
            rest >>= 5
            if rest > 0 { bits |= 32 }
            output.append(digit(bits))
        } while rest > 0
    }

    /// The most digits one value takes (64-bit values, 5 bits per digit, plus the sign bit).
    @inlinable static var maximumDigits: Int { 13 }

    /// Writes the VLQ encoding of `value` into `buffer` at `index` (room for `maximumDigits` needed);
    /// returns the index after it.
    @inlinable @inline(__always)
    package static func encode(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        var rest = value < 0 ? ((0 &- value) &<< 1) | 1 : value &<< 1
        let digits = digitTable.utf8Start
        // Most deltas take one digit.
        if rest < 32 {
            buffer[index] = digits[rest]
            return index &+ 1
        }
        var index = index
        repeat {
            var bits = rest & 31
            rest &>>= 5
            if rest > 0 { bits |= 32 }
            buffer[index] = digits[bits]
            index &+= 1
        } while rest > 0
        return index
    }

    /// `value` with its sign moved to the lowest bit, as a VLQ holds it: one digit when it is below 32.
    @inlinable @inline(__always)
    static func signed(_ value: Int) -> Int {
        value < 0 ? ((0 &- value) &<< 1) | 1 : value &<< 1
    }

    /// The base64 digit for 0...63.
    @inline(__always)
    @inlinable package static func digit(_ value: Int) -> UInt8 {
        digitTable.utf8Start[value & 63]
    }

    /// The base64 digits, as static text (read without a lazily made table).
    @inlinable static var digitTable: StaticString { "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" }

    /// The value of base64 digit `byte` (0...63), or -1 if it is not one.
    @inline(__always)
    package static func value(of byte: UInt8) -> Int {
        switch byte {
        case 0x41...0x5A: Int(byte) - 0x41
        case 0x61...0x7A: Int(byte) - 0x61 + 26
        case 0x30...0x39: Int(byte) - 0x30 + 52
        case 0x2B: 62
        case 0x2F: 63
        default: -1
        }
    }

    /// Decodes one VLQ value starting at `index`, advancing it; `nil` on malformed input.
    public static func decode(_ bytes: [UInt8], at index: inout Int) -> Int? {
        var result = 0
        var shift = 0
        while index < bytes.count {
            let digit = Int(values[Int(bytes[index])])
            index += 1
            guard digit >= 0, shift <= 30 else { return nil }
            result |= (digit & 31) << shift
            shift += 5
            if digit & 32 == 0 {
                let magnitude = result >> 1
                return result & 1 == 1 ? -magnitude : magnitude
            }
        }
        return nil
    }
}
