extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's, compared byte for byte (no Unicode equivalence:
    /// for paths and module specifiers). The standard library's `firstRange(of:)` on UTF-8 views is a generic
    /// collection search, about 1 ms of every firefox-shaped build in module resolution alone.
    package func containsUTF8(_ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: count)
        if let found = utf8.withContiguousStorageIfAvailable({ Self.search($0, for: pattern) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { Self.search($0, for: pattern) }
    }

    private static func search(_ haystack: UnsafeBufferPointer<UInt8>, for pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        guard haystack.count >= pattern.count else { return false }
        let first = pattern[0]
        var start = 0
        let last = haystack.count - pattern.count
        while start <= last {
            if haystack[start] == first {
                var k = 1
                while k < pattern.count, haystack[start + k] == pattern[k] { k += 1 }
                if k == pattern.count { return true }
            }
            start += 1
        }
        return false
    }
}
