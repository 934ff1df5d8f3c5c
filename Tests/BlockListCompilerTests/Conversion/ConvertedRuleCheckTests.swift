import Testing

@testable import BlockListCompiler

@Suite struct ConvertedRuleCheckTests {
    static let rules: [Rule] = [
        Rule(trigger: Trigger(urlFilter: "ads"), action: Action(kind: .block)),
        // A word boundary: WebKit refuses the list.
        Rule(trigger: Trigger(urlFilter: #"a\bb"#), action: Action(kind: .block)),
        // A selector WebKit cannot parse: the rule is dropped silently.
        Rule(trigger: Trigger(urlFilter: ".*"), action: Action(kind: .cssDisplayNone(selector: "a[["))),
        Rule(trigger: Trigger(urlFilter: ".*"), action: Action(kind: .cssDisplayNone(selector: ".banner"))),
        // The same rule again: the checker warns about the duplicate, which refuses nothing.
        Rule(trigger: Trigger(urlFilter: "ads"), action: Action(kind: .block)),
    ]

    @Test func refusesWhatTheCheckerRefusesOrDrops() {
        let refused = ConvertedRuleCheck.refusedRules(Self.rules, target: .newest)
        #expect(refused.keys.sorted() == [1, 2])
        // The same messages as the checker's first error of each rule.
        let report = RuleListChecker().check(RuleListSerializer().serializedBytes(Self.rules))
        #expect(report.diagnostics.contains { $0.severity == .warning && $0.ruleIndex == 4 })
        let firstError = report.errors.first { $0.ruleIndex == 1 }
        #expect(refused[1] == firstError?.message)
        #expect(refused[2] == "WebKit drops this rule (its selector does not parse)")
    }
}
