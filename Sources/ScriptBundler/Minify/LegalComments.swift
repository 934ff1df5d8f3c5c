/// Legal comments (`/*! ... */`, `//! ...`, or any comment with `@license` or `@preserve`), which production
/// bundles move to `<Name>.js.LICENSE.txt` as webpack and Terser do.
enum LegalComments {
    /// Whether the comment `bytes[range]` (including its `//` or `/*`) is a legal comment.
    static func isLegal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        if bytes[range.lowerBound + 2] == 0x21 { return true } // ! right after // or /*
        return contains(bytes, range, "@license") || contains(bytes, range, "@preserve")
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
