import Foundation
import Testing

@testable import WKPackCLI

private let validList =
    #"[{"trigger":{"url-filter":"a"},"action":{"type":"block"}},{"trigger":{"url-filter":"b"},"action":{"type":"css-display-none","selector":".x"}}]"#
private let invalidList =
    "[{\"trigger\":{\"url-filter\":\"a|b\"},\n\"action\":{\"type\":\"block\"}},\n{\"trigger\":{\"url-filter\":\"c\"}}]"

/// An in-memory file system for the command, with one directory named "dir".
private func reader(_ files: [String: String]) -> InMemoryListFileSystem {
    InMemoryListFileSystem(files, directories: ["dir"])
}

private func run(
    _ files: [String], target: String = "safari26", maxRules: String? = nil, maxBytes: String? = nil, format: String = "text",
    contents: [String: String] = ["good.json": validList, "bad.json": invalidList, "empty.json": ""]
) -> RulesCheckRunner.Outcome {
    RulesCheckRunner.run(files: files, target: target, maxRules: maxRules, maxBytes: maxBytes, format: format, fileSystem: reader(contents))
}

@Suite struct RulesCheckCommandTests {
    @Test func validListExitsZeroWithASummary() {
        let outcome = run(["good.json"])
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.standardOutput
                == "good.json: valid: 2 rules, \(validList.utf8.count) bytes (block 1, css-display-none 1); 0 errors, 0 warnings\n")
    }

    @Test func textFormatGivesPathLineColumnAndWebKitsMessage() {
        let outcome = run(["bad.json"])
        #expect(outcome.exitCode == 1)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == "bad.json:1:29: error: invalid url-filter \"a|b\" at column 2 of the pattern: '|' (alternatives) is not supported; write one rule per alternative"
        )
        #expect(lines[1] == "bad.json:3:1: error: the rule has no \"action\" object (WebKit reports: Invalid action object.)")
        #expect(lines[2].hasPrefix("bad.json: invalid: 2 rules"))
    }

    @Test func jsonFormatListsErrorsAndWarningsPerFile() throws {
        let outcome = run(["good.json", "bad.json"], format: "json")
        #expect(outcome.exitCode == 1)
        let parsed = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]]
        let files = try #require(parsed)
        #expect(files.count == 2)
        #expect(files[0]["file"] as? String == "good.json")
        #expect(files[0]["valid"] as? Bool == true)
        #expect(files[0]["rules"] as? Int == 2)
        let errors = try #require(files[1]["errors"] as? [[String: Any]])
        #expect(errors.count == 2)
        #expect(errors[0]["pointer"] as? String == "/0/trigger/url-filter")
        #expect(errors[0]["webkitMessage"] as? String == "Invalid or unsupported regular expression.")
        #expect(errors[0]["reportedByWebKit"] == nil)
        #expect(errors[1]["rule"] as? Int == 1)
        #expect(errors[1]["line"] as? Int == 3)
        #expect(errors[1]["column"] as? Int == 1)
        #expect(errors[1]["reportedByWebKit"] as? Bool == true)
        #expect((files[1]["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test func githubFormatWritesAnnotations() {
        let outcome = run(["bad.json"], format: "github")
        #expect(outcome.standardOutput.hasPrefix("::error file=bad.json,line=1,col=29::invalid url-filter"))
        #expect(
            outcome.standardOutput.contains(
                "::error file=bad.json,line=3,col=1::the rule has no \"action\" object (WebKit reports: Invalid action object.)\n"))
    }

    @Test func budgetsFailTheCheck() {
        #expect(run(["good.json"], maxRules: "2").exitCode == 0)
        let rules = run(["good.json"], maxRules: "1")
        #expect(rules.exitCode == 1)
        #expect(rules.standardOutput.contains("good.json:1:1: error: 2 rules exceed the budget of 1 (--max-rules)"))
        #expect(run(["good.json"], maxBytes: "10").exitCode == 1)
    }

    @Test(arguments: [
        (["good.json"], "safari13", "text", nil as String?),
        (["good.json"], "safari26", "xml", nil),
        (["good.json"], "safari26", "text", "many"),
        (["--verbose", "good.json"], "safari26", "text", nil),
        ([], "safari26", "text", nil),
    ])
    func usageErrorsExitTwo(files: [String], target: String, format: String, maxRules: String?) {
        let outcome = run(files, target: target, maxRules: maxRules, format: format)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("error: "))
    }

    @Test(arguments: [("dir", "is a directory"), ("missing.json", "no such file"), ("empty.json", "empty")])
    func unreadableOrEmptyFilesFail(path: String, message: String) {
        let outcome = run([path, "good.json"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains(message))
        #expect(outcome.standardOutput.contains("good.json: valid"))
    }

    @Test func targetOptionApplies() {
        let outcome = run(
            ["good.json"],
            contents: ["good.json": #"[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"url":"https://x/"}}}]"#])
        #expect(outcome.exitCode == 0)
        #expect(
            run(
                ["good.json"], target: "safari14",
                contents: ["good.json": #"[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"url":"https://x/"}}}]"#]
            ).exitCode == 1)
    }

    @Test func outputIsDeterministic() {
        #expect(
            run(["good.json", "bad.json"], format: "json").standardOutput == run(["good.json", "bad.json"], format: "json").standardOutput)
    }

    @Test func rulesCommandIsRegistered() {
        #expect(WKPackCommand.configuration.subcommands.contains { $0 == RulesCommand.self })
        #expect(RulesCommand.configuration.subcommands.contains { $0 == RulesCheckCommand.self })
    }
}
