/// Legal comments (`/*! ... */`, `//! ...`, or any comment with `@license` or `@preserve`), which production
/// bundles move to `<Name>.js.LICENSE.txt` as webpack and Terser do.
enum LegalComments {
    /// Whether the comment `bytes[range]` (including its `//` or `/*`) is a legal comment.
    static func isLegal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        if bytes[range.lowerBound + 2] == 0x21 { return true }  // ! right after // or /*
        return contains(bytes, range, "@license") || contains(bytes, range, "@preserve")
    }

    /// Whether `bytes` might hold a legal comment: it has a hashbang, `/*!`, `//!`, `@license` or `@preserve`
    /// (anywhere; no false negatives).
    static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        if count >= 2, bytes[0] == 0x23, bytes[1] == 0x21 { return true }
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            while i < count {
                // Eight bytes at a time while none is `!` or `@`.
                if count - i >= 8 {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if !hasZeroByte(word ^ (ones &* 0x21)), !hasZeroByte(word ^ (ones &* 0x40)) {
                        i += 8
                        continue
                    }
                }
                let b = bytes[i]
                if b == 0x21, i >= 2, bytes[i - 2] == 0x2F, bytes[i - 1] == 0x2A || bytes[i - 1] == 0x2F { return true }
                if b == 0x40, startsWith(bytes, at: i, "@license") || startsWith(bytes, at: i, "@preserve") { return true }
                i += 1
            }
        }
        return false
    }

    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - start >= length else { return false }
        for k in 0..<length where bytes[start + k] != word.utf8Start[k] { return false }
        return true
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard range.count >= length else { return false }
        let needle = word.utf8Start
        var i = range.lowerBound
        let last = range.upperBound - length
        while i <= last {
            if bytes[i] == 0x40 {
                var k = 1
                while k < length, bytes[i + k] == needle[k] { k += 1 }
                if k == length { return true }
            }
            i += 1
        }
        return false
    }

    /// The one-line comment that replaces the legal comments at the top of a bundle.
    static func pointer(to licenseFileName: String) -> [UInt8] {
        Array("/*! For license information please see \(licenseFileName) */\n".utf8)
    }

    /// The license file: each distinct comment once, in order of first appearance, separated by blank lines.
    static func file(_ comments: [[UInt8]]) -> [UInt8] {
        var seen: Set<[UInt8]> = []
        var out: [UInt8] = []
        for comment in comments where seen.insert(comment).inserted {
            if !out.isEmpty { out.append(contentsOf: [0x0A, 0x0A]) }
            out.append(contentsOf: comment)
        }
        out.append(0x0A)
        return out
    }
}
