import Foundation
import Testing

@testable import BlockListCompiler

/// Decisions of Brave's adblock-rust (PyPI `adblock` 0.6.0) on `Fixtures/sample.txt`, recorded by
/// `scripts/convert-diff/run --record ... Tests/BlockListCompilerTests/Conversion/Fixtures/sample.txt` into
/// `Fixtures/adblock-verdicts.jsonl` (with a main-frame navigation and a popup for every filter), compared with
/// wkpack's matcher on the converted list. Requests whose decision in adblock-rust comes from a filter the conversion
/// reports, or from an adblock-rust 0.6.0 quirk the script checks (it applies a whole-host filter `||host^` to
/// navigations, and checks a popup as `other`), are listed in `Fixtures/adblock-known-differences.txt` with the
/// class; every other request must agree.
@Suite struct AdblockAgreementTests {
    static let fixtures = FilterListConversionGoldenTests.fixtures

    @Test func convertedSampleAgreesWithAdblockRust() throws {
        let verdictsURL = Self.fixtures.appendingPathComponent("adblock-verdicts.jsonl")
        let lines = try String(contentsOf: verdictsURL, encoding: .utf8).split(separator: "\n")
        let known = Set(
            try String(contentsOf: Self.fixtures.appendingPathComponent("adblock-known-differences.txt"), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: " ").first.map(String.init) })
        let result = try FilterListConversionGoldenTests.convertSample()
        let matchers = try result.parts.map { try RuleListMatcher(rules: $0) }
        var agreed = 0, explained = 0
        var unexplained: [String] = []
        for (number, line) in lines.enumerated() {
            let request = try MatchRequestDecoder.decode(Array(line.utf8))
            let document = try JSONReader().parse(Array(line.utf8))
            guard let adblockBlocked = document.bool(document.member("blocked", in: document.root)) else {
                Issue.record("line \(number + 1) has no verdict")
                continue
            }
            let prepared = try PreparedRequest(request)
            let wkpackBlocked = matchers.contains { $0.evaluate(prepared).decision.blocked }
            if wkpackBlocked == adblockBlocked {
                agreed += 1
            } else if known.contains(String(number + 1)) {
                explained += 1
            } else {
                unexplained.append("line \(number + 1): \(line) wkpack blocked=\(wkpackBlocked)")
            }
        }
        #expect(lines.count > 100)
        #expect(unexplained.isEmpty, "\(unexplained.joined(separator: "\n"))")
        #expect(agreed + explained == lines.count)
    }
}
