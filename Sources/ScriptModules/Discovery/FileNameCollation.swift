/// Orders file names like webpack's glob (`localeCompare` with English ICU collation), not by bytes:
/// punctuation and symbols before digits before letters; letters compare case-insensitively first, and on a
/// full tie lowercase sorts before uppercase (`__firefox__.js` < `a.js` < `A.js` < `B.js` < `b2.js`).
///
/// Non-ASCII characters sort after ASCII letters by code point (an approximation of ICU).
public enum FileNameCollation {
    /// ICU root order of ASCII punctuation and symbols (non-ignorable), before digits.
    private static let punctuationOrder: [UInt8] = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8)

    private static let primaryWeights: [UInt32] = {
        var weights = [UInt32](repeating: 0, count: 128)
        for b in 0..<128 { weights[b] = 10 + UInt32(b) }  // controls: before everything else
        for (index, b) in punctuationOrder.enumerated() { weights[Int(b)] = 200 + UInt32(index) }
        for b in UInt8(0x30)...0x39 { weights[Int(b)] = 300 + UInt32(b - 0x30) }
        for b in UInt8(0x61)...0x7A {
            weights[Int(b)] = 400 + UInt32(b - 0x61)
            weights[Int(b - 0x20)] = 400 + UInt32(b - 0x61)
        }
        return weights
    }()

    private static func primary(_ scalar: Unicode.Scalar) -> UInt32 {
        scalar.value < 128 ? primaryWeights[Int(scalar.value)] : 1000 + scalar.value
    }

    /// Whether `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// Three-way comparison: negative, zero or positive.
    public static func compare(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        // Primary level: base characters.
        for (p, q) in zip(x, y) {
            let wp = primary(p), wq = primary(q)
            if wp != wq { return wp < wq ? -1 : 1 }
        }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        // Tertiary level: lowercase before uppercase.
        for (p, q) in zip(x, y) where p != q {
            let upperP = p.properties.isUppercase, upperQ = q.properties.isUppercase
            if upperP != upperQ { return upperP ? 1 : -1 }
        }
        // Identical at every level: fall back to code points for a total order.
        for (p, q) in zip(x, y) where p != q {
            return p.value < q.value ? -1 : 1
        }
        return 0
    }
}
