import Foundation
import Testing

@testable import BlockListCompiler

private func rules(_ json: String) -> [Rule] {
    RuleListChecker().check(Array(json.utf8)).rules
}

private func entryCount(_ rules: [Rule]) -> Int {
    rules.reduce(0) { $0 + ($1.trigger.condition?.values.count ?? 0) }
}

@Suite struct ConditionEntryRegrouperTests {
    /// Lists, and the if-domain entries left after regrouping (every entry once, when it pays).
    @Test(arguments: [
        // Two selectors on the same two domains: one rule, two entries.
        (
            #"[{"trigger":{"url-filter":".*","if-domain":["a.com","b.com"]},"action":{"type":"css-display-none","selector":".x"}},{"trigger":{"url-filter":".*","if-domain":["a.com","b.com"]},"action":{"type":"css-display-none","selector":".y"}}]"#,
            1, 2
        ),
        // Overlapping lists: a.com has .x and .y, b.com only .x, c.com only .y: three rules, each entry once.
        (
            #"[{"trigger":{"url-filter":".*","if-domain":["a.com","b.com"]},"action":{"type":"css-display-none","selector":".x"}},{"trigger":{"url-filter":".*","if-domain":["a.com","c.com"]},"action":{"type":"css-display-none","selector":".y"}}]"#,
            3, 3
        ),
        // unless-domain does not distribute over entries: left alone.
        (
            #"[{"trigger":{"url-filter":".*","unless-domain":["a.com"]},"action":{"type":"css-display-none","selector":".x"}},{"trigger":{"url-filter":".*","unless-domain":["a.com"]},"action":{"type":"css-display-none","selector":".y"}}]"#,
            2, 2
        ),
        // Different url-filters are different groups.
        (
            #"[{"trigger":{"url-filter":"a","if-domain":["a.com"]},"action":{"type":"css-display-none","selector":".x"}},{"trigger":{"url-filter":"b","if-domain":["a.com"]},"action":{"type":"css-display-none","selector":".y"}}]"#,
            2, 2
        ),
        // block rules are not regrouped.
        (
            #"[{"trigger":{"url-filter":"a","if-domain":["a.com"]},"action":{"type":"block"}},{"trigger":{"url-filter":"a","if-domain":["a.com"]},"action":{"type":"block"}}]"#,
            2, 2
        ),
    ])
    func regroupsByEntry(json: String, expectedRules: Int, expectedEntries: Int) {
        let regrouped = ConditionEntryRegrouper().regroup(rules(json))
        #expect(regrouped.count == expectedRules)
        #expect(entryCount(regrouped) == expectedEntries)
    }

    @Test func exceptionsStayWhereTheyAreAndBoundTheGroups() {
        let list = rules(
            #"""
            [{"trigger":{"url-filter":".*","if-domain":["a.com"]},"action":{"type":"css-display-none","selector":".x"}},
             {"trigger":{"url-filter":"ok"},"action":{"type":"ignore-previous-rules"}},
             {"trigger":{"url-filter":".*","if-domain":["a.com"]},"action":{"type":"css-display-none","selector":".y"}}]
            """#)
        let regrouped = ConditionEntryRegrouper().regroup(list)
        #expect(regrouped.map(\.action.typeName) == ["css-display-none", "ignore-previous-rules", "css-display-none"])
    }

    @Test func respectsTheSelectorLimit() {
        let body = (0..<10).map {
            #"{"trigger":{"url-filter":".*","if-domain":["a.com","b.com"]},"action":{"type":"css-display-none","selector":".s\#($0)"}}"#
        }
        let regrouped = ConditionEntryRegrouper(maximumSelectorsPerRule: 4).regroup(rules("[" + body.joined(separator: ",") + "]"))
        #expect(regrouped.count == 3)
        #expect(
            regrouped.allSatisfy { if case .cssDisplayNone(let s) = $0.action.kind { s.split(separator: ",").count <= 4 } else { false } })
    }

    /// Random cosmetic-heavy lists: the optimizer with `forWebKit` decides like the original on generated requests.
    @Test func forWebKitKeepsEveryDecisionOnRandomLists() throws {
        let domains = [
            "example.com", "*example.com", "ads.example.net", "*example.net", "site.org", "*site.org", "news.test", "www.google.com",
        ]
        let selectors = [".a", "#b", "div.x", ".a, .c", "[id^=ad]"]
        var failures: [String] = []
        var checked = 0
        for seed in 0..<150 {
            var random = SeededGenerator(state: UInt64(seed) &* 0x9E37_79B9 &+ 3)
            var body: [String] = []
            for _ in 0..<(2 + Int(random.next() % 14)) {
                let picked = (0..<(1 + Int(random.next() % 4))).map { _ in domains[Int(random.next() % UInt64(domains.count))] }
                let kind = ["if-domain", "if-domain", "if-domain", "unless-domain", "if-top-url"][Int(random.next() % 5)]
                let values = kind == "if-top-url" ? ["news", "^https://site\\\\.org/"] : picked
                let filter = [".*", ".*", "ads", "^https://"][Int(random.next() % 4)]
                let quoted = values.map { "\"\($0)\"" }.joined(separator: ",")
                switch random.next() % 8 {
                case 0: body.append(#"{"trigger":{"url-filter":"ok"},"action":{"type":"ignore-previous-rules"}}"#)
                case 1: body.append(#"{"trigger":{"url-filter":"\#(filter)","\#(kind)":[\#(quoted)]},"action":{"type":"block"}}"#)
                default:
                    let selector = selectors[Int(random.next() % UInt64(selectors.count))]
                    body.append(
                        #"{"trigger":{"url-filter":"\#(filter)","\#(kind)":[\#(quoted)]},"action":{"type":"css-display-none","selector":"\#(selector)"}}"#
                    )
                }
            }
            let json = "[" + body.joined(separator: ",") + "]"
            let original = rules(json)
            guard !original.isEmpty else { continue }
            checked += 1
            let optimized = RuleListOptimizer(forWebKit: true).optimize(original).rules
            let result = try CorpusEquivalence.differences(
                original: [original], rewritten: [optimized], seedRules: original, count: 120, limit: 1)
            if let first = result.differing.first, failures.count < 3 { failures.append("seed \(seed): \(first)\n\(json)") }
        }
        #expect(checked >= 140)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }

    /// Corpus slices: the cosmetic rules of the corpus lists that have them.
    @Test(
        .enabled(if: !CorpusEquivalence.lists.isEmpty, "needs ../shared/corpus"),
        arguments: ["kittytail/japanese_annoyances.json", "ka-block/blockerList.json", "blockparty/blockerList.json"])
    func forWebKitKeepsEveryDecisionOnCorpusSlices(path: String) throws {
        let url = CorpusEquivalence.corpusDirectory.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("skipped \(path): not in the corpus")
            return
        }
        let all = RuleListChecker().check([UInt8](try Data(contentsOf: url))).rules
        let slice = Array(all.prefix(1_500))
        let optimized = RuleListOptimizer(forWebKit: true).optimize(slice).rules
        let plain = RuleListOptimizer().optimize(slice).rules
        let result = try CorpusEquivalence.differences(original: [slice], rewritten: [optimized], seedRules: slice, count: 400, limit: 3)
        print(
            "for-webkit equivalence \(path) (first 1,500 rules): \(slice.count) -> \(optimized.count) rules (\(plain.count) without --for-webkit), entries \(entryCount(slice)) -> \(entryCount(optimized)), \(result.checked) requests, \(result.differing.count) differences"
        )
        #expect(result.differing.isEmpty, "\(result.differing)")
    }
}

@Suite struct DomainEntryPrunerTests {
    @Test(arguments: [
        (["*example.com", "example.com"], ["*example.com"]),
        (["example.com", "*example.com"], ["*example.com"]),
        (["*example.com", "ads.example.com", "*cdn.example.com"], ["*example.com"]),
        (["example.com", "ads.example.com"], ["example.com", "ads.example.com"]),
        (["*ample.com", "example.com"], ["*ample.com", "example.com"]),  // a suffix, but not at a dot
        (["a.com", "a.com"], ["a.com"]),
        (["*example.com", "x(y).example.com"], ["*example.com", "x(y).example.com"]),  // not plain: left alone
    ])
    func dropsCoveredEntries(values: [String], expected: [String]) {
        let rule = Rule(
            trigger: Trigger(urlFilter: "x", condition: TriggerCondition(kind: .unlessDomain, values: values)), action: Action(kind: .block)
        )
        #expect(DomainEntryPruner.prune([rule]).first?.trigger.condition?.values == expected)
    }
}
