import Testing

@testable import BlockListCompiler

@Suite struct RuleListMergerTests {
    static func fixture(_ name: String) -> SourceInput {
        SourceInput(path: name, bytes: SharedCorpus.fixture(name))
    }

    static func safelist() throws -> Safelist {
        var safelist = Safelist()
        _ = try safelist.add(contentsOf: fixture("safelist.json"))
        return safelist
    }

    @Test func concatenatesRulesVerbatimAndAppendsTheSafelistRule() throws {
        let merged = try RuleListMerger().merge(
            [Self.fixture("list-a.json"), Self.fixture("list-empty.json"), Self.fixture("list-b.json")],
            safelist: Self.safelist())
        let expected = """
            [
            {"trigger": {"url-filter": "^https?://ads\\\\.example/"}, "action": {"type": "block"}},
            {
                "trigger": {"url-filter": "tracker"},
                "action": {"type": "block-cookies"}
              },
            {"action":{"type":"css-display-none","selector":".ad"},"trigger":{"url-filter":".*"}},
            {"trigger":{"url-filter":".*","if-domain":["*a.example","*b.example"]},"action":{"type":"ignore-previous-rules"}}
            ]

            """
        #expect(String(decoding: merged.bytes, as: UTF8.self) == expected)
        #expect(merged.ruleCount == 4)
        #expect(merged.warnings.map(\.description) == ["list-empty.json:1:1: warning: the list has no rules; nothing to merge from it"])
        #expect(RuleListChecker().check(merged.bytes).isValid)
    }

    @Test func mergeIsDeterministic() throws {
        let lists = [Self.fixture("list-b.json"), Self.fixture("list-a.json")]
        #expect(try RuleListMerger().merge(lists).bytes == RuleListMerger().merge(lists).bytes)
    }

    @Test func ruleBudgetOverflowSaysByHowMuch() throws {
        let safelist = try Self.safelist()
        do {
            _ = try RuleListMerger(maximumRuleCount: 2).merge(
                [Self.fixture("list-a.json"), Self.fixture("list-b.json")], safelist: safelist)
            Issue.record("no overflow error")
        } catch {
            #expect(
                error.description
                    == "list-b.json:1:2: error: the merged list has 4 rules, 2 more than the budget of 2 (--max-rules); the first rule over the budget is here"
            )
        }
    }

    @Test func byteBudgetOverflowSaysByHowMuch() throws {
        do {
            _ = try RuleListMerger(maximumByteCount: 100).merge(
                [Self.fixture("list-a.json"), Self.fixture("list-b.json")], outputPath: "out.json")
            Issue.record("no overflow error")
        } catch {
            #expect(
                error.description
                    == "list-a.json:3:3: error: the merged list is 265 bytes, 165 more than the budget of 100 (--max-bytes); the rule that crosses the budget is here"
            )
        }
    }

    @Test func targetRuleLimitOverflowSaysByHowMuch() throws {
        let rule = #"{"trigger":{"url-filter":"a"},"action":{"type":"block"}}"#
        let half = SourceInput(
            path: "half.json", bytes: Array(("[" + Array(repeating: rule, count: 25_000).joined(separator: ",") + "]").utf8))
        let extra = SourceInput(path: "extra.json", bytes: Array("[\(rule),\(rule)]".utf8))
        do {
            _ = try RuleListMerger(target: .safari14).merge([half, half, extra])
            Issue.record("no overflow error")
        } catch {
            #expect(
                error.description
                    == "extra.json:1:2: error: the merged list has 50002 rules, 2 more than safari14 accepts (50000); the first rule over the limit is here"
            )
        }
    }

    @Test func invalidInputIsALocatedError() {
        do {
            _ = try RuleListMerger().merge([Self.fixture("list-a.json"), Self.fixture("list-invalid.json")])
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("list-invalid.json:1:29: error: invalid url-filter \"a|b\""))
        }
    }

    @Test func nonArrayInputIsALocatedError() {
        do {
            _ = try RuleListMerger().merge([SourceInput(path: "o.json", bytes: Array(" {}".utf8))])
            Issue.record("no error")
        } catch {
            #expect(error.description == "o.json:1:2: error: a rule list must be a JSON array of rules, found an object")
        }
    }

    @Test func mergingOnlyEmptyListsIsAnError() {
        #expect(throws: GenerationError.self) { try RuleListMerger().merge([Self.fixture("list-empty.json")]) }
    }

    @Test func resultIsCheckedAgainstTheTargetAsAWhole() {
        let domain = SourceInput(
            path: "d.json", bytes: Array(#"[{"trigger":{"url-filter":"a","if-domain":["a.com"]},"action":{"type":"block"}}]"#.utf8))
        let topURL = SourceInput(
            path: "t.json", bytes: Array(#"[{"trigger":{"url-filter":"a","if-top-url":["a"]},"action":{"type":"block"}}]"#.utf8))
        #expect((try? RuleListMerger(target: .safari17).merge([domain, topURL])) != nil)
        do {
            _ = try RuleListMerger(target: .safari14).merge([domain, topURL], outputPath: "out.json")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("out.json:3:"))
            #expect(error.description.contains("mix"))
        }
    }
}

@Suite struct RuleListMergerSafelistOverflowTests {
    @Test func safelistRuleOverTheBudgetIsNamed() throws {
        var safelist = Safelist()
        _ = try safelist.add(domain: "a.example", path: "--safelist-domain")
        do {
            _ = try RuleListMerger(maximumRuleCount: 3).merge(
                [RuleListMergerTests.fixture("list-a.json"), RuleListMergerTests.fixture("list-b.json")],
                safelist: safelist, outputPath: "out.json")
            Issue.record("no overflow error")
        } catch {
            #expect(
                error.description
                    == "out.json:1:1: error: the merged list has 4 rules, 1 more than the budget of 3 (--max-rules); the safelist rule is the one over"
            )
        }
    }
}
