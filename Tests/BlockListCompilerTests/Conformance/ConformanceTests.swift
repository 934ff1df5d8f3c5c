import Foundation
import Testing

@testable import BlockListCompiler

/// One golden case: a rule list and the verdict the real WebKit compiler gave it.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    var id: String
    var bytes: [UInt8]
    var ok: Bool
    var crashed: Bool
    var error: String?
    var detail: String?

    var testDescription: String { id }

    static let fixtureURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Conformance/cases.jsonl")

    /// All cases, or none when the fixtures are absent.
    static func load() -> [ConformanceCase] {
        guard let data = FileManager.default.contents(atPath: fixtureURL.path) else { return [] }
        var cases: [ConformanceCase] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let id = object["id"] as? String, let expected = object["expected"] as? [String: Any],
                let ok = expected["ok"] as? Bool
            else { continue }
            var bytes: [UInt8]
            if let source = object["source"] as? String {
                bytes = Array(source.utf8)
            } else if let encoded = object["source_base64"] as? String, let data = Data(base64Encoded: encoded) {
                bytes = [UInt8](data)
            } else if let repeated = object["repeat"] as? [String: Any], let item = repeated["item"] as? String,
                let count = repeated["count"] as? Int
            {
                let items = [String](repeating: item, count: count) + ((repeated["tail"] as? [String]) ?? [])
                bytes = Array(("[" + items.joined(separator: ",") + "]").utf8)
            } else {
                continue
            }
            cases.append(
                ConformanceCase(
                    id: id, bytes: bytes, ok: ok, crashed: expected["crashed"] as? Bool ?? false,
                    error: expected["error"] as? String, detail: expected["detail"] as? String))
        }
        return cases
    }
}

@Suite struct ConformanceTests {
    static let cases = ConformanceCase.load()

    @Test func fixturesArePresent() {
        if ConformanceTests.cases.isEmpty {
            print("skipping: no conformance fixtures at \(ConformanceCase.fixtureURL.path)")
            return
        }
        #expect(ConformanceTests.cases.count >= 2_000)
    }

    @Test func everyAcceptedCaseSurvivesARoundTrip() {
        for testCase in ConformanceTests.cases where testCase.ok && testCase.bytes.count < 100_000 {
            let first = RuleListChecker().check(testCase.bytes)
            let text = RuleListSerializer().serialize(first.rules)
            let second = RuleListChecker().check(Array(text.utf8))
            #expect(second.rules == first.rules, "\(testCase.id): \(text)")
        }
    }

    @Test(arguments: cases)
    func agreesWithWebKit(_ testCase: ConformanceCase) {
        let report = RuleListChecker().check(testCase.bytes)
        if testCase.ok {
            #expect(
                report.webKitError == nil,
                "WebKit compiles it; we report \(report.webKitError?.webKitMessage ?? "") — \(report.webKitError?.message ?? "")")
            #expect(report.isValid, "WebKit compiles it; we report errors: \(report.errors.map(\.message))")
            return
        }
        if testCase.crashed {
            #expect(!report.isValid, "WebKit crashes on this list; we accept it")
            #expect(
                report.webKitError?.webKitMessage == nil, "WebKit crashes instead of reporting \(report.webKitError?.webKitMessage ?? "")")
            return
        }
        let reported = report.webKitError
        #expect(reported?.webKitMessage == testCase.error, "we report \(reported?.message ?? "no error")")
        #expect(!report.isValid)
        if let detail = testCase.detail, let reason = detail.range(of: ": ", options: .backwards).map({ String(detail[$0.upperBound...]) })
        {
            #expect(reported?.webKitDetail == reason, "expected detail \(detail)")
        }
    }
}
