import Foundation
import Testing
import WKPackTestSupport

@testable import BlockListCompiler

/// Generated and merged lists compile in the real WebKit (`../shared/tools/webkit-oracle`), when it can run.
@Suite(.enabled(if: SharedCorpus.oracle != nil, Comment(rawValue: SharedCorpus.oracleAbsence ?? "")))
struct GeneratedListOracleTests {
    /// The oracle's verdict line for `bytes`.
    static func oracleVerdict(_ bytes: [UInt8]) throws -> String {
        let oracle = try #require(SharedCorpus.oracle, "the WebKit oracle cannot run here")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-oracle-\(UUID().uuidString).json")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ChildProcess.run(oracle.path, [file.path]).stdout
    }

    @Test func generatedListsCompileInWebKit() throws {
        let result = try DisconnectListGenerator.generate(
            .init(
                entityList: DisconnectListGeneratorTests.fixtureInput("entitylist-small.json"),
                blacklist: DisconnectListGeneratorTests.fixtureInput("blacklist-small.json")))
        for list in result.lists where list.name.hasSuffix("advertising.json") || list.name.hasSuffix("social.json") {
            let verdict = try Self.oracleVerdict(list.bytes)
            #expect(verdict.contains("\"ok\": true"), "\(list.name): \(verdict)")
        }
    }

    @Test func mergedListWithSafelistCompilesInWebKit() throws {
        var safelist = Safelist()
        _ = try safelist.add(contentsOf: RuleListMergerTests.fixture("safelist.txt"))
        let merged = try RuleListMerger().merge(
            [RuleListMergerTests.fixture("list-a.json"), RuleListMergerTests.fixture("list-b.json")], safelist: safelist)
        let verdict = try Self.oracleVerdict(merged.bytes)
        #expect(verdict.contains("\"ok\": true"), "\(verdict)")
    }
}
