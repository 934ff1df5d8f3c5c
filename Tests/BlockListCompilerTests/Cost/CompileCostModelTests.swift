import Testing

@testable import BlockListCompiler

private func block(_ filter: String, _ condition: TriggerCondition? = nil, resourceTypes: [ResourceType]? = nil) -> Rule {
    Rule(trigger: Trigger(urlFilter: filter, resourceTypes: resourceTypes, condition: condition), action: Action(kind: .block))
}

private func hide(_ selector: String, _ condition: TriggerCondition? = nil) -> Rule {
    Rule(trigger: Trigger(urlFilter: ".*", condition: condition), action: Action(kind: .cssDisplayNone(selector: selector)))
}

/// Distinct tokens that share no prefix beyond chance.
private func token(_ index: Int) -> String {
    var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 12345
    var result = ""
    for _ in 0..<9 {
        result.append(Character(UnicodeScalar(UInt8(97 + value % 26))))
        value /= 26
    }
    return result
}

@Suite struct CompileCostModelTests {
    let model = CompileCostModel()

    @Test func moreRulesCostMore() {
        let small = model.estimate((0..<100).map { block(token($0) + "\\.com") })
        let large = model.estimate((0..<1_000).map { block(token($0) + "\\.com") })
        #expect(large.seconds > small.seconds)
        #expect(large.compiledBytes > small.compiledBytes)
    }

    @Test func aQuantifierInTheMiddleOpensOneAutomatonPerPrefix() {
        let literals = model.estimate((0..<50).map { block(token($0) + token($0 + 1000)) })
        let split = model.estimate((0..<50).map { block(token($0) + ".*" + token($0 + 1000)) })
        #expect(literals.features.groups[.urlFilters]?.automata == 1)
        #expect(split.features.groups[.urlFilters]?.automata == 50)
        #expect(split.seconds > literals.seconds)
    }

    @Test func universalFiltersStayOffTheAutomata() {
        let estimate = model.estimate([hide(".a"), hide(".b"), block(".*")])
        #expect(estimate.features.universalRules == 3)
        #expect(estimate.features.total(\.automata) == 0)
    }

    @Test func domainConditionsBecomeTopURLPatterns() {
        let rule = block("x\\.js", TriggerCondition(kind: .ifDomain, values: ["*a.com", "b.com", "c.org"]))
        let estimate = model.estimate([rule])
        #expect(estimate.features.groups[.conditionalURLFilters]?.patterns == 1)
        #expect(estimate.features.groups[.topURLFilters]?.patterns == 3)
        #expect(estimate.features.groups[.urlFilters] == nil)
        #expect(estimate.features.conditionValues == 3)
        #expect(estimate.rules[0].reasons.contains { $0.contains("3 if-domain entries") })
    }

    @Test func frameConditionsHaveTheirOwnGroup() {
        let rule = block("x", TriggerCondition(kind: .ifFrameURL, values: ["^https://frame\\.example/"]))
        #expect(model.estimate([rule]).features.groups[.frameURLFilters]?.patterns == 1)
    }

    /// WebKit's action merging: rules without a condition share one action per kind and flags.
    @Test(arguments: [
        ([block("a"), block("b"), block("c")], 1),
        ([block("a"), block("b", resourceTypes: [.image])], 2),
        (
            [
                block("a", TriggerCondition(kind: .ifDomain, values: ["x.com"])),
                block("b", TriggerCondition(kind: .ifDomain, values: ["x.com"])),
            ], 2
        ),
        ([hide(".a"), hide(".b")], 1 + 5 + 2 + 3),  // joined into one string ".a,.b"
    ])
    func actionBytesFollowWebKitsMerging(rules: [Rule], expected: Int) {
        #expect(model.estimate(rules).features.actionBytes == expected)
    }

    @Test func costliestRulesNameTheExpensiveOnesFirst() {
        var rules = (0..<20).map { block("/" + token($0)) }
        rules.append(block(token(99) + ".*" + token(98) + ".*" + token(97)))
        let estimate = model.estimate(rules)
        let top = estimate.costliestRules(1)
        #expect(top.first?.index == 20)
        #expect(top.first?.reasons.first?.contains("automaton") == true)
        #expect(estimate.costliestRules(100).count == 21)
    }

    @Test func theEstimateIsDeterministic() {
        let rules = (0..<200).map { block(token($0) + ($0 % 3 == 0 ? ".*x" : "")) }
        let first = model.estimate(rules), second = model.estimate(rules)
        #expect(first.seconds == second.seconds)
        #expect(first.rules == second.rules)
        #expect(first.automata == second.automata)
    }

    /// WebKit keeps the source as a 16-bit string once one character is not ASCII.
    @Test(arguments: [("[]", 2), ("[\"é\"]", 10), ("[\"𝒳\"]", 12)])
    func storedSourceBytesDoubleForNonASCIISources(text: String, expected: Int) {
        #expect(CompileCostModel.storedSourceBytes(of: Array(text.utf8)) == expected)
    }

    @Test func aNonASCIISourceCostsMoreCompiledBytes() {
        let rules = [hide(".a")]
        let ascii = model.estimate(rules, sourceBytes: 1000, storedSourceBytes: 1000)
        let wide = model.estimate(rules, sourceBytes: 1000, storedSourceBytes: 1900)
        #expect(wide.compiledBytes - ascii.compiledBytes == 900)
        #expect(wide.features.storedSourceBytes == 1900)
    }
}
