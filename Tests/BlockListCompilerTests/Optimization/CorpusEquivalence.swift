import Foundation

@testable import BlockListCompiler

/// Differential checking of rewritten lists against the originals on the corpus lists.
enum CorpusEquivalence {
    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("../shared/corpus/webkit").standardized

    /// Whether the full run was asked for (WKPACK_FULL_EQUIVALENCE=1): every list, 100,000 requests each.
    static let isFullRun = ProcessInfo.processInfo.environment["WKPACK_FULL_EQUIVALENCE"] == "1"
    /// WKPACK_EQUIVALENCE_REQUESTS=N overrides the count (e.g. a shorter run on the slowest list).
    static let requestCount =
        ProcessInfo.processInfo.environment["WKPACK_EQUIVALENCE_REQUESTS"].flatMap { Int($0) }.map { max(1, $0) }
        ?? (isFullRun ? 100_000 : 300)
    /// WKPACK_EQUIVALENCE_LISTS=a,b: only the lists whose path contains one of these (to rerun a few lists).
    static let onlyLists = ProcessInfo.processInfo.environment["WKPACK_EQUIVALENCE_LISTS"].map { $0.split(separator: ",").map(String.init) }
    /// Lists above this size are only checked in the full run (they take long to compile in debug builds).
    static let defaultSizeLimit = 100_000

    /// The valid corpus lists (relative paths), sorted.
    static let lists: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: corpusDirectory.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".json"), !path.hasPrefix("invalid/") else { continue }
            let size =
                (try? FileManager.default.attributesOfItem(atPath: corpusDirectory.appendingPathComponent(path).path)[.size] as? Int) ?? 0
            if let only = onlyLists, !only.contains(where: { path.contains($0) }) { continue }
            if isFullRun || size <= defaultSizeLimit { paths.append(path) }
        }
        return paths.sorted()
    }()

    /// A duration in seconds with two decimals, for the printed tables.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f", value)
    }

    static func rules(of path: String) throws -> [Rule] {
        let bytes = [UInt8](try Data(contentsOf: corpusDirectory.appendingPathComponent(path)))
        return RuleListChecker().check(bytes).rules
    }

    /// Checks `count` generated requests; lists the first requests (up to `limit`) whose summaries differ between the two rule sets.
    static func differences(original: [[Rule]], rewritten: [[Rule]], seedRules: [Rule], count: Int, limit: Int = 5) throws -> (
        checked: Int, blocked: Int, differing: [String]
    ) {
        let before = RuleListSet(lists: try original.map { try RuleListMatcher(rules: $0) })
        let after = RuleListSet(lists: try rewritten.map { try RuleListMatcher(rules: $0) })
        // One selector table for both sides, built once: hidden selectors compare as bit sets of its IDs.
        var table = SelectorTable()
        let beforeSelectors = table.internSelectors(of: original)
        let afterSelectors = table.internSelectors(of: rewritten)
        var generator = RequestGenerator(rules: seedRules, seed: 0x5EED)
        var differing: [String] = []
        var checked = 0, blocked = 0
        // Requests the matcher refuses (URLs without a scheme or host) do not count: draw until `count` are checked.
        var attempts = 0
        while checked < count && attempts < count * 4 {
            attempts += 1
            let request = generator.next()
            guard let prepared = try? PreparedRequest(request) else { continue }
            checked += 1
            let expected = DecisionSummary(before.evaluate(prepared), selectors: beforeSelectors, table: table)
            let actual = DecisionSummary(after.evaluate(prepared), selectors: afterSelectors, table: table)
            if expected.blocked { blocked += 1 }
            if expected != actual && differing.count < limit {
                differing.append(
                    "\(request.url) \(request.resourceType.rawValue) top \(request.topURL ?? "-"): \(expected.difference(from: actual, in: table))"
                )
            }
        }
        return (checked, blocked, differing)
    }
}
