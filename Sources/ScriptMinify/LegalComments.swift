import Foundation

/// Legal comments (`/*! ... */`, `//! ...`, or any comment with `@license` or `@preserve`), which production
/// bundles move to `<Name>.js.LICENSE.txt` as webpack and Terser do.
enum LegalComments {
    /// Whether the comment `bytes[range]` (including its `//` or `/*`) is a legal comment.
    static func isLegal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        if bytes[range.lowerBound + 2] == 0x21 { return true }  // ! right after // or /*
        return containsLicenseWord(bytes, range)
    }

    /// Whether `bytes[range]` holds `@license` or `@preserve`: one search for `@` by `memchr` (step 5f: two loops
    /// over every byte of every comment, one per word, cost about ten instructions a byte in long documentation
    /// comments), each `@` found compared with both words.
    private static func containsLicenseWord(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        // `@license` is the shorter word: an `@` after `last` starts neither.
        let last = range.upperBound - 8
        guard range.lowerBound <= last, range.upperBound <= bytes.count, let base = bytes.baseAddress else { return false }
        var i = range.lowerBound
        while i <= last, let hit = memchr(base + i, 0x40, last + 1 - i) {
            let k = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if startsWith(bytes, at: k, "@license") { return true }
            if k + 9 <= range.upperBound, startsWith(bytes, at: k, "@preserve") { return true }
            i = k + 1
        }
        return false
    }

    /// Whether `bytes` might hold a legal comment: it has a hashbang, `/*!`, `//!`, `@license` or `@preserve`
    /// (anywhere; no false negatives).
    ///
    /// Sixteen positions at a time (step 5f): SSE2 vector compares find each `@` and each `*` or `/` followed by `!`,
    /// and only those positions are looked at (an `@` of a documentation comment is compared with the two words).
    static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        if count >= 2, bytes[0] == 0x23, bytes[1] == 0x21 { return true }
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        // Compared with vectors, not scalars (a scalar operand was compiled lane by lane: step 4p).
        let ats = SIMD16<UInt8>(repeating: 0x40), bangs = SIMD16<UInt8>(repeating: 0x21)
        let stars = SIMD16<UInt8>(repeating: 0x2A), slashes = SIMD16<UInt8>(repeating: 0x2F)
        var i = 0
        while i &+ 17 <= count {
            let v0 = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let v1 = raw.loadUnaligned(fromByteOffset: i &+ 1, as: SIMD16<UInt8>.self)
            // A lane of all ones where byte `i` + lane may start a mark, read as two words.
            let lanes = unsafeBitCast(
                (v0 .== ats) .| ((v1 .== bangs) .& ((v0 .== stars) .| (v0 .== slashes))), to: SIMD2<UInt64>.self)
            let low = UInt64(littleEndian: lanes[0]), high = UInt64(littleEndian: lanes[1])
            if low | high != 0 {
                var hits = low & 0x8080_8080_8080_8080
                while hits != 0 {
                    if marks(bytes, at: i &+ hits.trailingZeroBitCount &>> 3) { return true }
                    hits &= hits &- 1
                }
                hits = high & 0x8080_8080_8080_8080
                while hits != 0 {
                    if marks(bytes, at: i &+ 8 &+ hits.trailingZeroBitCount &>> 3) { return true }
                    hits &= hits &- 1
                }
            }
            i &+= 16
        }
        while i < count {
            if marks(bytes, at: i) { return true }
            i &+= 1
        }
        return false
    }

    /// Whether a legal comment's mark starts at byte `i`: `@license` or `@preserve`, or the `*` or `/` of `/*!` or
    /// `//!`.
    @inline(__always)
    private static func marks(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let b = bytes[i]
        if b == 0x40 { return startsWith(bytes, at: i, "@license") || startsWith(bytes, at: i, "@preserve") }
        guard b == 0x2A || b == 0x2F, i >= 1, i + 1 < bytes.count else { return false }
        return bytes[i + 1] == 0x21 && bytes[i - 1] == 0x2F
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count - start >= length else { return false }
        for k in 0..<length where bytes[start + k] != word.utf8Start[k] { return false }
        return true
    }

    /// The one-line comment that replaces the legal comments at the top of a bundle.
    package static func pointer(to licenseFileName: String) -> [UInt8] {
        Array("/*! For license information please see \(licenseFileName) */\n".utf8)
    }

    /// The license file: each distinct comment once, in order of first appearance, separated by blank lines.
    package static func file(_ comments: [[UInt8]]) -> [UInt8] {
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
