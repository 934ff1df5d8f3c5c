/// Builds RFC 6901 JSON pointers.
enum JSONPointer {
    /// `base` extended by one reference token, escaping `~` and `/`.
    static func appending(_ base: String, _ token: String) -> String {
        // Looked for as bytes: `contains` with a string argument resolves to Foundation's, a search of about
        // 3,700 instructions per call.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return base + "/" + token }
        return base + "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// `base` extended by an array index.
    static func appending(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}

extension Substring {
    /// The first range of `target` (simple search, no Foundation).
    func range(of target: String) -> Range<Index>? {
        let needle = Array(target)
        guard !needle.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            var cursor = index
            var matched = 0
            while matched < needle.count, cursor < endIndex, self[cursor] == needle[matched] {
                cursor = self.index(after: cursor)
                matched += 1
            }
            if matched == needle.count { return index..<cursor }
            index = self.index(after: index)
        }
        return nil
    }
}
