import BlockListCompiler
import Testing

@testable import WKPackCLI

/// `RulesOptimizeRunner` called directly: what it writes, prints and exits with.
@Suite struct RulesOptimizeRunnerTests {
    /// Three rules, the third a duplicate of the first.
    static let list = """
        [{"trigger":{"url-filter":"ads"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"track"},"action":{"type":"block-cookies"}},
         {"trigger":{"url-filter":"ads"},"action":{"type":"block"}}]
        """
    static let invalid = "[{\"trigger\":{\"url-filter\":\"a|b\"},\"action\":{\"type\":\"block\"}}]"

    private static func rules(_ text: String?) throws -> [Rule] {
        let loaded = RuleListLoader().load(Array(try #require(text).utf8))
        #expect(loaded.isValid)
        return loaded.rules
    }

    @Test func writesTheOptimizedListAndPrintsNothingWithoutReport() throws {
        let files = InMemoryListFileSystem(["in.json": Self.list])
        let outcome = RulesOptimizeRunner.run(inputs: ["in.json"], output: "out.json", report: false, fileSystem: files)
        #expect(outcome == ListCommandOutcome())
        let written = try Self.rules(files.text("out.json"))
        #expect(written.map(\.trigger.urlFilter) == ["ads", "track"])
        #expect(files.text("out.json") == RuleListSerializer().serialize(written))
    }

    @Test func forWebKitReshapesFiltersAndWritesASCII() throws {
        let list =
            #"[{"trigger":{"url-filter":"tracker\\.com[/:&?]?"},"action":{"type":"block"}},{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":"[alt=\"广告\"]"}}]"#
        let files = InMemoryListFileSystem(["in.json": list])
        let outcome = RulesOptimizeRunner.run(inputs: ["in.json"], output: "out.json", report: false, forWebKit: true, fileSystem: files)
        #expect(outcome.exitCode == 0)
        let text = try #require(files.text("out.json"))
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
        let written = try Self.rules(text)
        #expect(written.map(\.trigger.urlFilter) == [#"t+racker\.com"#, ".*"])
        #expect(written.last?.action.kind == .cssDisplayNone(selector: "[alt=\"广告\"]"))
    }

    @Test func reportGivesTotalsAndEveryPassWithBytes() throws {
        let files = InMemoryListFileSystem(["in.json": Self.list])
        let outcome = RulesOptimizeRunner.run(inputs: ["in.json"], output: "out.json", report: true, fileSystem: files)
        #expect(outcome.exitCode == 0)
        let written = try #require(files.files["out.json"])
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "in.json: 3 rules, \(Self.list.utf8.count) bytes -> 2 rules, \(written.count) bytes")
        let passes = lines.dropFirst()
        #expect(!passes.isEmpty && passes.allSatisfy { $0.hasPrefix("  ") && $0.hasSuffix(" bytes") })
        let duplicates = try #require(passes.first { $0.hasPrefix("  remove duplicates: ") })
        #expect(duplicates.hasPrefix("  remove duplicates: 3 -> 2 rules, "))
        // Bytes are measured: the last pass ends at the size of the list written.
        #expect(passes.last?.hasSuffix(" -> \(written.count) bytes") == true)
    }

    @Test func severalInputsGoIntoTheOutputFolderUnderTheirNames() throws {
        let files = InMemoryListFileSystem(["lists/a.json": Self.list, "b.json": Self.list])
        let outcome = RulesOptimizeRunner.run(inputs: ["lists/a.json", "b.json"], output: "out", report: false, fileSystem: files)
        #expect(outcome.exitCode == 0)
        #expect(try Self.rules(files.text("out/a.json")).count == 2)
        #expect(try Self.rules(files.text("out/b.json")).count == 2)
    }

    @Test func anInvalidInputFailsWithItsLocationAndWritesNothing() {
        let files = InMemoryListFileSystem(["good.json": Self.list, "bad.json": Self.invalid])
        let outcome = RulesOptimizeRunner.run(inputs: ["good.json", "bad.json"], output: "out", report: false, fileSystem: files)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.hasPrefix("bad.json:1:29: error: invalid url-filter \"a|b\""))
        #expect(Set(files.files.keys) == ["good.json", "bad.json"])
    }

    @Test func unreadableAndMissingInputs() {
        let files = InMemoryListFileSystem([:])
        let missing = RulesOptimizeRunner.run(inputs: ["none.json"], output: "out.json", report: false, fileSystem: files)
        #expect(missing.exitCode == 1)
        #expect(missing.standardError == "none.json: error: no such file\n")
        let empty = RulesOptimizeRunner.run(inputs: [], output: "out.json", report: false, fileSystem: files)
        #expect(empty.exitCode == 2)
        #expect(empty.standardError == "error: no rule list given\nUsage: wkpack rules optimize IN... -o OUT [--report] [--for-webkit]\n")
        #expect(files.files.isEmpty)
    }
}
