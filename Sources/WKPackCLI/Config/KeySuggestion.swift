/// "Did you mean" suggestions for misspelled configuration keys.
enum KeySuggestion {
    /// The closest of `candidates` to `key` (edit distance at most 3, case-insensitive), if any.
    static func closest(to key: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(Array(key.lowercased().unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance <= max(1, min(3, candidate.count / 2)), best.map({ distance < $0.1 }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// The message tail: ` (did you mean 'x'?)` or a list of the valid keys.
    static func hint(for key: String, in candidates: [String]) -> String {
        if let match = closest(to: key, in: candidates) { return "; did you mean '\(match)'?" }
        return "; expected one of: " + candidates.joined(separator: ", ")
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
