import Foundation
import Testing

@testable import BlockListCompiler

/// The sample list's conversion, byte for byte: `Fixtures/sample.json` (the rules) and `Fixtures/sample-report.txt`
/// (every reported filter). `WKPACK_RECORD_GOLDEN=1 swift test --filter FilterListConversionGoldenTests` rewrites them.
@Suite struct FilterListConversionGoldenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func convertSample() throws -> FilterListConversion.Result {
        let text = try String(contentsOf: fixtures.appendingPathComponent("sample.txt"), encoding: .utf8)
        return try FilterListConversion().run([FilterListFile(path: "sample.txt", text: text)])
    }

    static func reportText(_ report: ConversionReport) -> String {
        var text =
            "filters \(report.filterCount), converted \(report.convertedCount), partial \(report.partialCount), reported \(report.reportedCount), dead \(report.deadCount)\n"
        text +=
            "rules generated \(report.rulesGenerated), checked \(report.rulesChecked), optimized \(report.rulesOptimized), parts \(report.partRuleCounts)\n"
        for entry in report.entries {
            text += "\(entry.location.file):\(entry.location.line):\(entry.location.column): \(entry.kind.rawValue): \(entry.message)\n"
        }
        return text
    }

    @Test func sampleListMatchesItsGoldenFiles() throws {
        let result = try Self.convertSample()
        #expect(result.parts.count == 1)
        let json = RuleListSerializer().serialize(result.parts.flatMap { $0 })
        let report = Self.reportText(result.report)
        let jsonURL = Self.fixtures.appendingPathComponent("sample.json")
        let reportURL = Self.fixtures.appendingPathComponent("sample-report.txt")
        if ProcessInfo.processInfo.environment["WKPACK_RECORD_GOLDEN"] == "1" {
            try json.write(to: jsonURL, atomically: true, encoding: .utf8)
            try report.write(to: reportURL, atomically: true, encoding: .utf8)
        }
        #expect(json == (try String(contentsOf: jsonURL, encoding: .utf8)))
        #expect(report == (try String(contentsOf: reportURL, encoding: .utf8)))
        // The output is a list WebKit compiles.
        let checked = RuleListChecker().check(Array(json.utf8))
        #expect(checked.isValid, "\(checked.errors.map(\.message))")
    }

    @Test func conversionIsDeterministic() throws {
        let first = try Self.convertSample(), second = try Self.convertSample()
        #expect(RuleListSerializer().serialize(first.parts.flatMap { $0 }) == RuleListSerializer().serialize(second.parts.flatMap { $0 }))
        #expect(Self.reportText(first.report) == Self.reportText(second.report))
    }

    @Test func splitsUnderTheRuleLimit() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("sample.txt"), encoding: .utf8)
        let result = try FilterListConversion(maximumRules: 10).run([FilterListFile(path: "sample.txt", text: text)])
        #expect(result.parts.count > 1)
        #expect(result.parts.allSatisfy { $0.count <= 10 })
    }
}
