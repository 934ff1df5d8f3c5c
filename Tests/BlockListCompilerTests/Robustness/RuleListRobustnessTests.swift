import Foundation
import Testing

@testable import BlockListCompiler

/// Hostile rule lists: each gets a verdict with a 1-based position (WebKit's error when WebKit rejects it),
/// never a crash or a hang.
@Suite struct RuleListRobustnessTests {
    static func check(_ text: String) -> RuleListReport { RuleListChecker().check(Array(text.utf8)) }

    static func rule(_ filter: String) -> String {
        "[{\"trigger\":{\"url-filter\":\"\(filter)\"},\"action\":{\"type\":\"block\"}}]"
    }

    static func firstError(_ report: RuleListReport) -> Diagnostic? { report.webKitError ?? report.errors.first }

    @Test(arguments: [
        ("[{\"trigger\":{\"url-filter\":\"a\"},\"action\":{\"type\":\"blo", 1, 49),
        ("[{\"trigger\":{\"url-filter\":\"a\"},", 1, 32),
        ("[", 1, 2),
        ("[{\"trigger\":{\"url-filter\":\"\\q\"},\"action\":{\"type\":\"block\"}}]", 1, 28),
        ("[]\n]", 2, 1),
    ])
    func truncatedAndMalformedJSONIsLocated(text: String, line: Int, column: Int) throws {
        let report = Self.check(text)
        #expect(!report.isValid)
        let error = try #require(Self.firstError(report))
        #expect((error.line, error.column) == (line, column), "\(error.message)")
    }

    @Test func invalidFilesFromTheSharedCorpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../../shared/corpus/webkit/invalid"
        ).standardized.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            print("../shared/corpus/webkit/invalid is absent; skipping")
            return
        }
        for name in names where name.hasSuffix(".json") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let report = RuleListChecker().check(bytes)
            #expect(!report.isValid, "\(name)")
            #expect(Self.firstError(report).map { $0.line >= 1 && $0.column >= 1 } == true, "\(name)")
        }
    }

    @Test func encodingsOtherThanUTF8() throws {
        let valid = Self.rule("a")
        // A UTF-8 byte order mark.
        let bom = RuleListChecker().check([0xEF, 0xBB, 0xBF] + Array(valid.utf8))
        print("BOM: valid=\(bom.isValid) \(Self.firstError(bom)?.message ?? "")")
        // UTF-16 with and without a byte order mark.
        var utf16LE: [UInt8] = [0xFF, 0xFE]
        for unit in valid.utf16 { utf16LE += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let little = RuleListChecker().check(utf16LE)
        #expect(!little.isValid)
        #expect(Self.firstError(little).map { ($0.line, $0.column) == (1, 1) } == true)
        let big = RuleListChecker().check(Array(valid.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        #expect(!big.isValid)
        // Invalid UTF-8 inside a string.
        let invalid = RuleListChecker().check(
            Array("[{\"trigger\":{\"url-filter\":\"".utf8) + [0xC3, 0x28] + Array("\"},\"action\":{\"type\":\"block\"}}]".utf8))
        #expect(!invalid.isValid)
        #expect(Self.firstError(invalid).map { $0.line == 1 && $0.column >= 1 } == true)
    }

    @Test func duplicateKeysAndWrongTypes() throws {
        let duplicate = Self.check("[{\"trigger\":{\"url-filter\":\"a\",\"url-filter\":\"b\"},\"action\":{\"type\":\"block\"}}]")
        print("duplicate keys: valid=\(duplicate.isValid) diagnostics=\(duplicate.diagnostics.map(\.message))")
        let number = Self.check("[{\"trigger\":{\"url-filter\":5},\"action\":{\"type\":\"block\"}}]")
        #expect(!number.isValid)
        #expect(Self.firstError(number).map { "\($0.line):\($0.column)" } == "1:27")
        // WebKit (checked with the oracle) keeps the last duplicate and accepts raw control characters in strings.
        let lastWins = Self.check("[{\"trigger\":{\"url-filter\":\"a\",\"url-filter\":5},\"action\":{\"type\":\"block\"}}]")
        #expect(!lastWins.isValid)
        #expect(Self.check("[{\"trigger\":{\"url-filter\":\"a\u{01}\"},\"action\":{\"type\":\"block\"}}]").isValid)
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() throws {
        let depth = 100_000
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let report = Self.check(arrays)
        #expect(!report.isValid)
        let error = try #require(Self.firstError(report))
        #expect(error.line == 1 && error.column > 1 && error.column <= JSONReader.maximumDepth + 2, "\(error.column): \(error.message)")
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(!Self.check(objects).isValid)
        let inRule = Self.check("[{\"trigger\":{\"url-filter\":\"a\",\"x\":" + arrays + "},\"action\":{\"type\":\"block\"}}]")
        #expect(!inRule.isValid)
    }

    /// 64 MB of whitespace around a valid list (the 1 GB case is in scripts/robustness/large-rule-lists).
    @Test func hugeWhitespaceIsJustWhitespace() throws {
        var bytes = [UInt8](repeating: 0x20, count: 64 << 20)
        let list = Array(Self.rule("a").utf8)
        bytes.replaceSubrange(1_000..<(1_000 + list.count), with: list)
        for index in stride(from: 2_000, to: bytes.count, by: 4_096) { bytes[index] = 0x0A }
        let report = RuleListChecker().check(bytes)
        #expect(report.isValid, "\(Self.firstError(report)?.message ?? "")")
        #expect(report.ruleCount == 1)
    }

    @Test func tenMillionCharacterURLFilter() throws {
        let filter = String(repeating: "a", count: 10_000_000)
        let report = Self.check(Self.rule(filter))
        #expect(!report.isValid)
        let error = try #require(Self.firstError(report))
        #expect((error.line, error.column) == (1, 28))
        #expect(error.message.count < 400, "the message quotes a shortened pattern, not 10 MB")
        #expect(error.message.contains("10000000 characters"))
        #expect(URLFilterParser().parse(filter).status == .yarrError)
        let nested = String(repeating: "(a", count: 1_000_000) + String(repeating: ")", count: 1_000_000)
        #expect(!URLFilterParser().parse(nested).isAccepted)
    }

    @Test(arguments: ["(a*)*b", "(a+)+b", "(a|a)*b", "((a*)*)*b", "(.*)*(.*)*(.*)*x", "a{1000}"])
    func patternsBuiltToExplodeAutomataGetAVerdict(filter: String) {
        let result = URLFilterParser().parse(filter)
        let report = Self.check(Self.rule(filter))
        #expect(report.isValid == result.isAccepted || !report.isValid, "\(filter): \(result.status)")
    }

    @Test func thousandNestedGroups() {
        let filter = String(repeating: "(", count: 1_000) + "a" + String(repeating: ")", count: 1_000)
        let result = URLFilterParser().parse(filter)
        print("1,000 nested groups: \(result.status) \(result.reason ?? "")")
        let starred = String(repeating: "(", count: 1_000) + "a" + String(repeating: ")*", count: 1_000)
        print("1,000 nested starred groups: \(URLFilterParser().parse(starred).status)")
        let report = Self.check(Self.rule(filter))
        #expect(report.isValid == result.isAccepted)
    }

    @Test(arguments: ["", " ", "\n\n", "null", "{}", "\"[]\""])
    func emptyAndNonArrayFiles(text: String) throws {
        let report = Self.check(text)
        #expect(!report.isValid)
        #expect(Self.firstError(report).map { $0.line >= 1 && $0.column >= 1 } == true)
    }
}
