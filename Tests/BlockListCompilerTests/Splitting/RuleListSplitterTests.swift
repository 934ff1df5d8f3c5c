import Testing

@testable import BlockListCompiler

@Suite struct RuleListSplitterTests {
    @Test func copiesExceptionsIntoEarlierParts() throws {
        let list = RuleListChecker().check(
            Array(
                #"""
                [{"trigger":{"url-filter":"a"},"action":{"type":"block"}},
                 {"trigger":{"url-filter":"b"},"action":{"type":"block"}},
                 {"trigger":{"url-filter":"c","resource-type":["image"]},"action":{"type":"block"}},
                 {"trigger":{"url-filter":"ok"},"action":{"type":"ignore-previous-rules"}},
                 {"trigger":{"url-filter":"img-ok","resource-type":["script"]},"action":{"type":"ignore-previous-rules"}}]
                """#.utf8)
        ).rules
        let parts = try RuleListSplitter(maximumRules: 3).split(list)
        #expect(parts.allSatisfy { $0.count <= 3 })
        #expect(parts.count == 3)
        #expect(parts[0].map(\.trigger.urlFilter) == ["a", "ok", "img-ok"])
        #expect(parts[1].map(\.trigger.urlFilter) == ["b", "ok", "img-ok"])
        #expect(parts[2].map(\.trigger.urlFilter) == ["c", "ok", "img-ok"])
    }

    @Test func refusesImpossibleBudgets() {
        let list = RuleListChecker().check(
            Array(
                #"""
                [{"trigger":{"url-filter":"a"},"action":{"type":"block"}},
                 {"trigger":{"url-filter":"x"},"action":{"type":"ignore-previous-rules"}},
                 {"trigger":{"url-filter":"y"},"action":{"type":"ignore-previous-rules"}},
                 {"trigger":{"url-filter":"z"},"action":{"type":"ignore-previous-rules"}}]
                """#.utf8)
        ).rules
        #expect(throws: RuleListSplitter.Problem.self) { try RuleListSplitter(maximumRules: 2).split(list) }
    }

    @Test func partsGiveTheSameDecisionsOnEveryCorpusList() throws {
        guard !CorpusEquivalence.lists.isEmpty else {
            print("skipping: no corpus at \(CorpusEquivalence.corpusDirectory.path)")
            return
        }
        for path in CorpusEquivalence.lists {
            let clock = ContinuousClock(), started = clock.now
            let original = try CorpusEquivalence.rules(of: path)
            let exceptions = original.filter { if case .ignorePreviousRules = $0.action.kind { return true } else { return false } }.count
            let budget = max(exceptions + max(original.count / 4, 2), 2)
            let parts = try RuleListSplitter(maximumRules: budget).split(original)
            #expect(parts.allSatisfy { $0.count <= budget })
            let result = try CorpusEquivalence.differences(
                original: [original], rewritten: parts, seedRules: original,
                count: CorpusEquivalence.requestCount)
            print(
                "split equivalence \(path): \(original.count) rules -> \(parts.count) parts of at most \(budget), \(result.checked) requests (\(result.blocked) blocked by the original), \(result.differing.count) differences, total \(CorpusEquivalence.seconds(clock.now - started)) s"
            )
            #expect(result.differing.isEmpty, "\(path): \(result.differing.joined(separator: "\n"))")
        }
    }
}
