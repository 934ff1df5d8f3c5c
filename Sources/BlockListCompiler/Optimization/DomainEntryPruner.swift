/// Drops `if-domain` / `unless-domain` entries that another entry of the same list already covers: `*example.com`
/// matches `example.com` and every `*sub.example.com` / `sub.example.com`. Each entry is a top-URL regex WebKit
/// compiles (with a loop per `*`), and a condition means "some entry matches" (`if-`) or "no entry matches"
/// (`unless-`), so a covered entry never changes the outcome.
public enum DomainEntryPruner {
    /// `rules` with covered domain entries removed (entry order otherwise kept).
    public static func prune(_ rules: [Rule]) -> [Rule] {
        var rules = rules
        prune(&rules)
        return rules
    }

    /// Drops the covered domain entries of `rules` in place.
    static func prune(_ rules: inout [Rule]) {
        for index in rules.indices {
            guard let condition = rules[index].trigger.condition, condition.kind.isDomainList, condition.values.count > 1,
                condition.values.allSatisfy(isPlainDomain)
            else { continue }
            let kept = pruned(condition.values)
            guard kept.count < condition.values.count else { continue }
            rules[index].trigger.condition?.values = kept
        }
    }

    /// Whether the entry is letters, digits, `-` and `.` (with an optional leading `*`): the regex WebKit builds
    /// then matches the text literally, and coverage by suffix holds.
    static func isPlainDomain(_ value: String) -> Bool {
        value.utf8.enumerated().allSatisfy { index, unit in
            (unit >= 0x61 && unit <= 0x7A) || (unit >= 0x30 && unit <= 0x39) || unit == 0x2D || unit == 0x2E || (index == 0 && unit == 0x2A)
        }
    }

    /// The entries no other entry covers; of equal entries the first stays.
    static func pruned(_ values: [String]) -> [String] {
        let wildcards = Set(values.filter { $0.hasPrefix("*") }.map { String($0.dropFirst()) })
        var seen: Set<String> = []
        return values.filter { value in
            guard seen.insert(value).inserted else { return false }
            let isWildcard = value.hasPrefix("*")
            let domain = isWildcard ? String(value.dropFirst()) : value
            // A plain entry is covered by the wildcard of the same domain.
            if !isWildcard && wildcards.contains(domain) { return false }
            // Any entry is covered by the wildcard of a parent domain.
            var rest = domain[...]
            while let dot = rest.firstIndex(of: ".") {
                rest = rest[rest.index(after: dot)...]
                if wildcards.contains(String(rest)) { return false }
            }
            return true
        }
    }
}
