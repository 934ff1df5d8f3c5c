import Testing

@testable import BlockListCompiler

private func rules(_ actions: [String]) -> [Rule] {
    let json = "[" + actions.map { #"{"trigger":{"url-filter":".*"},"action":{\#($0)}}"# }.joined(separator: ",") + "]"
    return RuleListChecker().check(Array(json.utf8)).rules
}

private let hideA = #""type":"css-display-none","selector":".a""#
private let hideB = #""type":"css-display-none","selector":".b""#

/// The equivalence check must see every change of a decision, hidden selectors included, while packing and
/// order of selectors do not count.
@Suite struct DecisionSummaryTests {
    @Test(arguments: [
        ([hideA, hideB], [#""type":"css-display-none","selector":".a, .c""#]),
        ([hideA, hideB], [hideA]),
        ([hideA], [hideA, hideB]),
        ([#""type":"block""#], [#""type":"block-cookies""#]),
        ([#""type":"block-cookies""#], [hideA]),
        ([#""type":"make-https""#], [#""type":"notify","notification":"x""#]),
        ([#""type":"notify","notification":"x""#], [#""type":"notify","notification":"y""#]),
        ([#""type":"redirect","redirect":{"url":"https://b.example/"}"#], [#""type":"redirect","redirect":{"url":"https://c.example/"}"#]),
        ([#""type":"modify-headers","priority":1,"request-headers":[{"operation":"set","header":"x","value":"y"}]"#], [#""type":"block""#]),
    ])
    func reportsAChangedDecision(_ original: [String], _ rewritten: [String]) throws {
        let before = rules(original), after = rules(rewritten)
        #expect(before.count == original.count && after.count == rewritten.count)
        let result = try CorpusEquivalence.differences(original: [before], rewritten: [after], seedRules: before, count: 20)
        #expect(result.checked == 20)
        #expect(!result.differing.isEmpty)
    }

    @Test func namesTheSelectorsThatDiffer() throws {
        let result = try CorpusEquivalence.differences(
            original: [rules([hideA, hideB])], rewritten: [rules([#""type":"css-display-none","selector":".a,.c""#])],
            seedRules: rules([hideA]), count: 5)
        let first = try #require(result.differing.first)
        #expect(first.contains("only before [\".b\"]") && first.contains("only after [\".c\"]"))
    }

    @Test func ignoresPackingOrderAndRepeatsOfSelectors() throws {
        let original = rules([hideA, hideB, hideA])
        let packed = rules([#""type":"css-display-none","selector":".b,  .a""#])
        let result = try CorpusEquivalence.differences(original: [original], rewritten: [packed], seedRules: original, count: 50)
        #expect(result.differing.isEmpty)
        // Split across lists, as the splitter does.
        let split = try CorpusEquivalence.differences(
            original: [original], rewritten: [rules([hideB]), rules([hideA])], seedRules: original, count: 50)
        #expect(split.differing.isEmpty)
    }

    @Test func readsTheDecisionItselfWhenItsFiredRulesDoNotExplainIt() throws {
        let list = rules([hideA, hideB])
        var table = SelectorTable()
        let selectors = table.internSelectors(of: [list])
        let set = RuleListSet(lists: [try RuleListMatcher(rules: list)])
        let request = try PreparedRequest(MatchRequest(url: "https://example.com/", resourceType: .image))
        let evaluated = set.evaluate(request)
        let summary = DecisionSummary(evaluated, selectors: selectors, table: table)
        #expect(summary.selectorNames(in: table) == [".a", ".b"])
        // A decision with no fired rules to explain it: the selectors are split and looked up one by one.
        var decision = MatchDecision()
        decision.hiddenSelectors = [".b , .a"]
        #expect(DecisionSummary((decision, []), selectors: selectors, table: table) == summary)
        decision.hiddenSelectors = [".a", ".z"]
        let other = DecisionSummary((decision, []), selectors: selectors, table: table)
        #expect(other != summary)
        #expect(other.selectorNames(in: table) == [".a", ".z"])
        // A fired rule whose text is not the decision's also falls back.
        var tampered = evaluated
        tampered.decision.hiddenSelectors[1] = ".c"
        #expect(DecisionSummary(tampered, selectors: selectors, table: table).selectorNames(in: table) == [".a", ".c"])
    }
}
