import BlockListCompiler
import Testing

@testable import WKPackCLI

/// `RulesSplitRunner` called directly: the parts it writes and its summary.
@Suite struct RulesSplitRunnerTests {
    private static func blocks(_ filters: [String]) -> String {
        "[" + filters.map { #"{"trigger":{"url-filter":"\#($0)"},"action":{"type":"block"}}"# }.joined(separator: ",") + "]"
    }

    private static func rules(_ text: String?) throws -> [Rule] {
        let loaded = RuleListLoader().load(Array(try #require(text).utf8))
        #expect(loaded.isValid)
        return loaded.rules
    }

    @Test func writesNumberedPartsInRuleOrder() throws {
        let files = InMemoryListFileSystem(["lists/big.json": Self.blocks(["a", "b", "c", "d", "e"])])
        let outcome = RulesSplitRunner.run(input: "lists/big.json", maxRules: 2, output: "parts", fileSystem: files)
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput == "parts/big-1.json: 2 rules\nparts/big-2.json: 2 rules\nparts/big-3.json: 1 rules\n")
        var filters: [String] = []
        for number in 1...3 {
            let part = try Self.rules(files.text("parts/big-\(number).json"))
            #expect(part.count <= 2)
            filters += part.map(\.trigger.urlFilter)
        }
        #expect(filters == ["a", "b", "c", "d", "e"])
    }

    @Test func anExceptionGoesIntoEveryPartWithARuleItCancels() throws {
        let list =
            "[" + ["a", "b", "c"].map { #"{"trigger":{"url-filter":"\#($0)"},"action":{"type":"block"}}"# }.joined(separator: ",")
            + #",{"trigger":{"url-filter":".*"},"action":{"type":"ignore-previous-rules"}}]"#
        let files = InMemoryListFileSystem(["l.json": list])
        let outcome = RulesSplitRunner.run(input: "l.json", maxRules: 2, output: "out", fileSystem: files)
        #expect(outcome.exitCode == 0)
        let paths = outcome.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(paths.count >= 3)
        var blocked: [String] = []
        for path in paths {
            let part = try Self.rules(files.text(path))
            #expect(part.count <= 2)
            #expect(part.last?.action.typeName == "ignore-previous-rules")
            blocked += part.filter { $0.action.typeName == "block" }.map(\.trigger.urlFilter)
        }
        #expect(blocked == ["a", "b", "c"])
    }

    @Test func refusesTooSmallPartsInvalidListsAndMissingFiles() {
        let files = InMemoryListFileSystem(["bad.json": "[{\"trigger\":{}}]", "ok.json": Self.blocks(["a", "b", "c"])])
        let small = RulesSplitRunner.run(input: "ok.json", maxRules: 1, output: "out", fileSystem: files)
        #expect(small.exitCode == 2)
        #expect(small.standardError == "error: --max-rules must be at least 2\nUsage: wkpack rules split IN --max-rules N -o DIR\n")
        let bad = RulesSplitRunner.run(input: "bad.json", maxRules: 2, output: "out", fileSystem: files)
        #expect(bad.exitCode == 1)
        #expect(bad.standardError.hasPrefix("bad.json:1:"))
        #expect(bad.standardError.contains(": error: "))
        let missing = RulesSplitRunner.run(input: "none.json", maxRules: 2, output: "out", fileSystem: files)
        #expect(missing.standardError == "none.json: error: no such file\n")
        #expect(Set(files.files.keys) == ["bad.json", "ok.json"])
    }
}
