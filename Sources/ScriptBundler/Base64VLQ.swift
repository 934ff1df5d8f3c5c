/// Base64 variable-length quantities, as used by source-map `mappings`.
public enum Base64VLQ {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
        return table
    }()

    /// Appends the VLQ encoding of `value` to `output`.
    @inline(__always)
    public static func encode(_ value: Int, into output: inout [UInt8]) {
        var rest = value < 0 ? ((-value) << 1) | 1 : value << 1
        repeat {
            var digit = rest & 31
            rest >>= 5
            if rest > 0 { digit |= 32 }
            output.append(alphabet[digit])
        } while rest > 0
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
