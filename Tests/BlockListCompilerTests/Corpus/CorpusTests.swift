import Foundation
import Testing

@testable import BlockListCompiler

/// The real lists under ../shared/corpus/webkit (skipped when absent).
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/webkit")

    static func lists(invalid: Bool) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var paths: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".json") && path.hasPrefix("invalid/") == invalid {
            paths.append(path)
        }
        return paths.sorted()
    }

    /// Whether ../shared/corpus/webkit holds any valid list; the tests over the corpus are enabled only then.
    static var isPresent: Bool { !lists(invalid: false).isEmpty }

    /// The skip reason the corpus tests give when it is absent.
    static let absence: Comment = "no real lists at ../shared/corpus/webkit (the shared corpus beside the package)"

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map { [UInt8]($0) }
    }
}

@Suite struct CorpusTests {
    @Test(.enabled(if: Corpus.isPresent, Corpus.absence), arguments: Corpus.lists(invalid: false))
    func everyRealListIsValid(path: String) throws {
        let bytes = try #require(Corpus.bytes(path))
        let report = RuleListChecker().check(bytes)
        #expect(report.isValid, "\(report.errors.prefix(3).map(\.message))")
        #expect(report.rules.count > 0)
    }

    @Test(
        .enabled(if: Corpus.isPresent, Corpus.absence),
        arguments: [
            ("invalid/hello-goodbye-backupList.json", 7, 45),
            ("invalid/hello-goodbye-blockerList.json", 326, 6),
        ])
    func invalidListsFailWithTheJSONErrorAtTheExactPlace(path: String, line: Int, column: Int) throws {
        let bytes = try #require(Corpus.bytes(path), "\(path) is missing from ../shared/corpus/webkit")
        let report = RuleListChecker().check(bytes)
        let error = try #require(report.webKitError)
        #expect(error.webKitMessage == WebKitMessage.jsonInvalid)
        #expect(error.line == line)
        #expect(error.column == column)
    }

    @Test(.enabled(if: Corpus.isPresent, Corpus.absence), arguments: Corpus.lists(invalid: false))
    func serializingAndParsingAgainGivesTheSameModel(path: String) throws {
        let bytes = try #require(Corpus.bytes(path))
        let first = RuleListChecker().check(bytes)
        let text = RuleListSerializer().serialize(first.rules)
        let second = RuleListChecker().check(Array(text.utf8))
        #expect(second.isValid)
        #expect(second.rules == first.rules)
    }
}
