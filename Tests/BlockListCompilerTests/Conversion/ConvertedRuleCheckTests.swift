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

    /// What the whole list, serialized and loaded, says of each rule: its first error, or that WebKit drops it.
    static func loaderRefusals(_ rules: [Rule], target: WebKitTarget) -> [Int: String] {
        let loaded = RuleListLoader(target: target).load(RuleListSerializer().serializedBytes(rules))
        var refused: [Int: String] = [:]
        for error in loaded.errors { if let index = error.ruleIndex, refused[index] == nil { refused[index] = error.message } }
        let kept = Set(loaded.ruleIndices)
        for index in rules.indices where !kept.contains(index) && refused[index] == nil {
            refused[index] = "WebKit drops this rule (its selector does not parse)"
        }
        return refused
    }

    /// Rules touching each check the loader makes, accepted or refused depending on the target.
    static let variedRules: [Rule] = {
        func rule(_ trigger: Trigger, _ kind: Action.Kind = .block) -> Rule { Rule(trigger: trigger, action: Action(kind: kind)) }
        return [
            rule(Trigger(urlFilter: "ads")),
            rule(Trigger(urlFilter: #"a\bb"#)),
            rule(Trigger(urlFilter: "")),
            rule(Trigger(urlFilter: "(a|b)")),
            rule(Trigger(urlFilter: "caf\u{E9}")),
            rule(Trigger(urlFilter: ".*"), .cssDisplayNone(selector: "a[[")),
            rule(Trigger(urlFilter: ".*"), .cssDisplayNone(selector: ".banner > div:has(img)")),
            rule(Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .ifDomain, values: ["*Example.com"]))),
            rule(Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .ifDomain, values: ["*ex[ample.com"]))),
            rule(Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .ifDomain, values: ["*ex{ample.com"]))),
            rule(Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .unlessDomain, values: ["*good.com", "b.org"]))),
            rule(Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .ifDomain, values: []))),
            rule(Trigger(urlFilter: ".*", condition: TriggerCondition(kind: .ifDomain, values: ["a.com", ""]))),
            rule(Trigger(urlFilter: "x", condition: TriggerCondition(kind: .unlessTopURL, values: ["^https?://(a|b)"]))),
            rule(Trigger(urlFilter: "x", condition: TriggerCondition(kind: .ifTopURL, values: [#"^https://a\.com/"#]))),
            rule(Trigger(urlFilter: "x", condition: TriggerCondition(kind: .ifFrameURL, values: ["frame"]))),
            rule(Trigger(urlFilter: "x", resourceTypes: [.image, .websocket])),
            rule(Trigger(urlFilter: "x", resourceTypes: [])),
            rule(Trigger(urlFilter: "x", loadTypes: [.thirdParty], loadContexts: [.topFrame])),
            rule(Trigger(urlFilter: "x", requestMethod: .post, requestMethodSpelling: "POST")),
            rule(Trigger(urlFilter: "x", frameURLFilterIsCaseSensitive: true)),
            rule(Trigger(urlFilter: "x", topURLFilterIsCaseSensitive: true)),
            rule(Trigger(urlFilter: "x"), .ignoreFollowingRules),
            rule(Trigger(urlFilter: "x"), .notify(notification: "n")),
            rule(Trigger(urlFilter: "x"), .redirect(.extensionPath("/a.js"))),
            rule(Trigger(urlFilter: "x"), .redirect(.extensionPath("a.js"))),
            Rule(trigger: Trigger(urlFilter: "x"), action: Action(kind: .block), unknownMembers: [UnknownMember(key: "k", json: "1")]),
            rule(Trigger(urlFilter: "x", unknownMembers: [UnknownMember(key: "k", json: "[1]")])),
        ]
    }()

    @Test(arguments: [WebKitTarget.safari14, .safari15, .safari17, .newest])
    func inMemoryCheckGivesTheLoadersVerdicts(target: WebKitTarget) {
        let expected = Self.loaderRefusals(Self.variedRules, target: target)
        #expect(ConvertedRuleCheck.refusedRules(Self.variedRules, target: target) == expected)
        // Some rules of each kind: the in-memory check is not answering "load it" for everything.
        var check = RuleAcceptanceCheck(target: target)
        let accepted = Self.variedRules.indices.filter { check.accepts(Self.variedRules[$0]) }
        #expect(accepted.count >= 5)
        #expect(!expected.isEmpty)
        for index in accepted { #expect(expected[index] == nil, "rule \(index) accepted in memory but refused by the loader") }
    }

    @Test func theWholeListIsLoadedForTargetsThatCheckItWhole() {
        // Safari 14 refuses a list mixing if-domain and if-top-url, a rule the loader blames on the later one.
        let rules = [
            Rule(
                trigger: Trigger(urlFilter: "a", condition: TriggerCondition(kind: .ifDomain, values: ["a.com"])),
                action: Action(kind: .block)),
            Rule(
                trigger: Trigger(urlFilter: "b", condition: TriggerCondition(kind: .ifTopURL, values: ["b"])), action: Action(kind: .block)),
        ]
        let refused = ConvertedRuleCheck.refusedRules(rules, target: .safari14)
        #expect(refused.keys.sorted() == [1])
        #expect(refused == Self.loaderRefusals(rules, target: .safari14))
    }
}
