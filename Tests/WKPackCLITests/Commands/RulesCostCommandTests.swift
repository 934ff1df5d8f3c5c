import Foundation
import Testing

@testable import WKPackCLI

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RulesCost")

private func fixture(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
}

private func run(_ inputs: [String], top: String = "3", format: String = "text", files: [String: String]) -> ListCommandOutcome {
    RulesCostRunner.run(inputs: inputs, top: top, format: format, fileSystem: InMemoryListFileSystem(files))
}

@Suite struct RulesCostCommandTests {
    /// Golden outputs (regenerate with `wkpack rules cost --top 3 [--format json] list.json` in Fixtures/RulesCost).
    @Test(arguments: [("text", "cost.txt"), ("json", "cost.json")])
    func outputMatchesTheGoldenFile(format: String, golden: String) throws {
        let outcome = run(["list.json"], format: format, files: ["list.json": try fixture("list.json")])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError == "")
        #expect(outcome.standardOutput == (try fixture(golden)))
    }

    @Test func outputIsDeterministic() throws {
        let files = ["list.json": try fixture("list.json")]
        #expect(run(["list.json"], format: "json", files: files) == run(["list.json"], format: "json", files: files))
    }

    @Test func theJSONParses() throws {
        let outcome = run(["list.json"], format: "json", files: ["list.json": try fixture("list.json")])
        let value = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]]
        #expect(value?.first?["rules"] as? Int == 6)
        #expect((value?.first?["costliestRules"] as? [Any])?.count == 3)
    }

    @Test func anInvalidListIsALocatedErrorWithNoOutput() {
        let outcome = run(["bad.json"], files: ["bad.json": "[{\"trigger\":{\"url-filter\":\"a|b\"},\n\"action\":{\"type\":\"block\"}}]"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix("bad.json:1:29: error: "))
    }

    @Test func brokenJSONIsALocatedError() {
        let outcome = run(["bad.json"], files: ["bad.json": "[\n  {\"trigger\": }\n]"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.hasPrefix("bad.json:2:"))
        #expect(outcome.standardOutput == "")
    }

    @Test func aMissingFileIsAnError() {
        let outcome = run(["missing.json"], files: [:])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError == "missing.json: error: no such file\n")
    }

    @Test(arguments: [("-1", "text"), ("many", "text"), ("3", "yaml")])
    func badOptionsAreUsageErrors(top: String, format: String) {
        let outcome = run(["a.json"], top: top, format: format, files: ["a.json": "[]"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.hasPrefix("error: "))
        #expect(outcome.standardOutput == "")
    }

    @Test func noInputIsAUsageError() {
        #expect(run([], files: [:]).exitCode == 2)
    }
}
