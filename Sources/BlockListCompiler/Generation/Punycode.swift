/// Punycode (RFC 3492) and the IDNA `xn--` form of domain names, for writing non-ASCII domains as WebKit needs them.
public enum Punycode {
    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 0x80

    /// The longest label, in Unicode scalars, that is encoded (DNS labels are at most 63 bytes; the cap keeps the
    /// quadratic algorithm fast on hostile input).
    public static let maximumLabelLength = 255

    /// The Punycode encoding of `input` (without the `xn--` prefix), or nil when it is longer than
    /// `maximumLabelLength` scalars or a counter would overflow.
    public static func encode(_ input: String) -> String? {
        let scalars = input.unicodeScalars.map(\.value)
        guard scalars.count <= maximumLabelLength else { return nil }
        var output: [UInt8] = []
        for value in scalars where value < 0x80 { output.append(UInt8(value)) }
        let basicCount = UInt32(output.count)
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var handled = basicCount
        let total = UInt32(scalars.count)
        while handled < total {
            guard let next = scalars.filter({ $0 >= n }).min() else { break }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, let sum = add(delta, step) else { return nil }
            delta = sum
            n = next
            for value in scalars {
                if value < n {
                    guard let incremented = add(delta, 1) else { return nil }
                    delta = incremented
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            guard let incremented = add(delta, 1) else { return nil }
            delta = incremented
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `domain` with every non-ASCII label lower-cased and written as `xn--` + Punycode; ASCII labels are kept.
    ///
    /// Label separators are `.` and the ideographic full stops U+3002, U+FF0E and U+FF61. Returns nil when a label
    /// cannot be encoded.
    public static func asciiDomain(_ domain: String) -> String? {
        var labels: [String] = []
        var current = ""
        for scalar in domain.unicodeScalars {
            if scalar == "." || scalar.value == 0x3002 || scalar.value == 0xFF0E || scalar.value == 0xFF61 {
                labels.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        labels.append(current)
        var result: [String] = []
        for label in labels {
            if label.unicodeScalars.allSatisfy({ $0.isASCII }) {
                result.append(label)
            } else {
                guard let encoded = encode(label.lowercased()) else { return nil }
                result.append("xn--" + encoded)
            }
        }
        return result.joined(separator: ".")
    }

    private static func add(_ a: UInt32, _ b: UInt32) -> UInt32? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
    }

    private static func adapt(delta: UInt32, count: UInt32, first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
