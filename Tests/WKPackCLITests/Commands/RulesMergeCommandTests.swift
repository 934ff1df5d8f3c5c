import Testing

@testable import WKPackCLI

@Suite struct RulesMergeCommandTests {
    static let listA = #"[{"trigger":{"url-filter":"a"},"action":{"type":"block"}}]"#
    static let listB = #"[{"trigger":{"url-filter":"b"},"action":{"type":"block-cookies"}}]"#

    @Test func mergesWithSafelistFileAndDomains() {
        let files = InMemoryListFileSystem(["a.json": Self.listA, "b.json": Self.listB, "safe.txt": "one.example\n"])
        let outcome = RulesMergeRunner.run(
            lists: ["a.json", "b.json"], output: "out.json", safelist: "safe.txt", safelistDomains: ["Two.example"],
            target: "safari26", maxRules: nil, maxBytes: nil, fileSystem: files)
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "out.json: 3 rules, 246 bytes\n")
        #expect(
            outcome.standardError
                == "--safelist-domain:1:1: warning: safelist entry \"Two.example\": the domain \"Two.example\" is lower-cased to \"two.example\" (WebKit wants lower-case domains)\n"
        )
        #expect(
            files.text("out.json") == """
                [
                \(Self.listA.dropFirst().dropLast()),
                \(Self.listB.dropFirst().dropLast()),
                {"trigger":{"url-filter":".*","if-domain":["*one.example","*two.example"]},"action":{"type":"ignore-previous-rules"}}
                ]

                """)
    }

    @Test func overflowFailsAndWritesNothing() {
        let files = InMemoryListFileSystem(["a.json": Self.listA, "b.json": Self.listB])
        let outcome = RulesMergeRunner.run(
            lists: ["a.json", "b.json"], output: "out.json", safelist: nil, safelistDomains: [],
            target: "safari26", maxRules: 1, maxBytes: nil, fileSystem: files)
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.standardError
                == "b.json:1:2: error: the merged list has 2 rules, 1 more than the budget of 1 (--max-rules); the first rule over the budget is here\n"
        )
        #expect(files.files["out.json"] == nil)
    }

    @Test func unknownTargetIsAUsageError() {
        let outcome = RulesMergeRunner.run(
            lists: ["a.json"], output: "out.json", safelist: nil, safelistDomains: [], target: "safari9",
            maxRules: nil, maxBytes: nil, fileSystem: InMemoryListFileSystem([:]))
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.hasPrefix("error: unknown target 'safari9'"))
    }

    @Test func commandsAreRegisteredUnderRules() {
        let names = RulesCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names.contains("generate"))
        #expect(names.contains("merge"))
    }
}
