/// Decimal number literals in their shortest form of the same decimal value: `1000` as `1e3`, `0.5` as `.5`, `1.50`
/// as `1.5`, `0.0001` as `1e-4`, `1e+21` as `1e21`. The rewrite works on the decimal digits only (no floating-point
/// arithmetic), so the literal denotes exactly the same number: the same decimal value rounds to the same double.
/// Hexadecimal, octal and binary literals, legacy octal (`017`) and `08`-style literals, BigInts and literals with
/// numeric separators are left as they are (`SyntaxLiteralText.shortest`; a number before `.` gets a space from the
/// printer: `1 .x`).
enum NumberLiterals {
    /// Whether `raw` is digits only with fewer than three trailing zeros: then no other spelling is shorter
    /// (`1e3` saves a byte from three zeros on), or it is no plain decimal literal (`017`).
    static func isShortestInteger(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var trailingZeros = 0
        for byte in raw {
            guard byte >= 0x30, byte <= 0x39 else { return false }
            trailingZeros = byte == 0x30 ? trailingZeros + 1 : 0
        }
        return !raw.isEmpty && trailingZeros < 3
    }

    /// The shortest spelling of decimal literal `raw` with the same value, or `nil` when `raw` is not a plain
    /// decimal literal (digits, an optional fraction, an optional exponent).
    package static func shortest<Bytes: RandomAccessCollection>(_ raw: Bytes) -> [UInt8]? where Bytes.Element == UInt8, Bytes.Index == Int {
        var i = raw.startIndex
        let end = raw.endIndex
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        while i < end, raw[i] >= 0x30, raw[i] <= 0x39 {
            integer.append(raw[i])
            i += 1
        }
        // `017` (legacy octal) and `08` (decimal with a leading zero) are not plain decimal literals.
        if integer.count > 1, integer[0] == 0x30 { return nil }
        if i < end, raw[i] == 0x2E {
            i += 1
            while i < end, raw[i] >= 0x30, raw[i] <= 0x39 {
                fraction.append(raw[i])
                i += 1
            }
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = 0
        if i < end, raw[i] == 0x65 || raw[i] == 0x45 {
            i += 1
            var negative = false
            if i < end, raw[i] == 0x2B || raw[i] == 0x2D {
                negative = raw[i] == 0x2D
                i += 1
            }
            var digits = 0
            while i < end, raw[i] >= 0x30, raw[i] <= 0x39 {
                exponent = exponent * 10 + Int(raw[i] - 0x30)
                // An exponent this large gives Infinity or 0 either way; leave such literals alone.
                guard exponent < 100_000 else { return nil }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            if negative { exponent = -exponent }
        }
        // Anything else (`x`, `o`, `b`, `n`, `_`) is another kind of literal.
        guard i == end else { return nil }
        // value = digits × 10^exponent, without leading or trailing zeros in `digits`.
        var digits = integer + fraction
        exponent -= fraction.count
        let leading = digits.firstIndex { $0 != 0x30 } ?? digits.count
        digits.removeFirst(leading)
        guard !digits.isEmpty else { return [0x30] }
        while let last = digits.last, last == 0x30 {
            digits.removeLast()
            exponent += 1
        }
        let scientific = digits + (exponent == 0 ? [] : [0x65] + Array(String(exponent).utf8))
        var plain: [UInt8]
        if exponent >= 0 {
            plain = digits + [UInt8](repeating: 0x30, count: exponent)
        } else if digits.count > -exponent {
            let point = digits.count + exponent
            plain = Array(digits[..<point]) + [0x2E] + Array(digits[point...])
        } else {
            plain = [0x2E] + [UInt8](repeating: 0x30, count: -exponent - digits.count) + digits
        }
        return scientific.count < plain.count ? scientific : plain
    }
}
