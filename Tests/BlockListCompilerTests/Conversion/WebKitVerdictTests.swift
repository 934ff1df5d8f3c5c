import Foundation
import Testing

@testable import BlockListCompiler

/// WebKit's own verdicts (WebKitGTK 2.50 through `../shared/tools/webkit-match-oracle`) on requests of the
/// filter-list differential, replayed offline: no WebKit is needed.
///
/// `scripts/convert-diff/oracle-sample.py --fixture` sampled the requests of a `scripts/convert-diff/run` output
/// (requests where adblock-rust and wkpack differ, a few of every difference class first, navigations of the main frame
/// and popups, then agreeing ones, blocked and allowed), kept the converted rules that fired or were cancelled for any of them, in list order
/// (`Fixtures/<name>-rules.json`; css-display-none rules left out: they never block), and recorded WebKit's verdict
/// on that list for each request (`Fixtures/<name>-verdicts.jsonl`). wkpack's matcher must give every one of them.
@Suite struct WebKitVerdictTests {
    static let fixtures = FilterListConversionGoldenTests.fixtures

    /// The recorded samples: EasyList + EasyPrivacy, and AdGuard base (filter_2).
    static let samples = ["webkit-sample-easylist", "webkit-sample-adguard-base"]

    @Test(arguments: samples)
    func matcherGivesWebKitsVerdicts(sample: String) throws {
        let rules = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("\(sample)-rules.json")))
        let matcher = try RuleListMatcher(source: rules)
        let lines = try String(contentsOf: Self.fixtures.appendingPathComponent("\(sample)-verdicts.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        var blocked = 0
        var differences: [String] = []
        for (number, line) in lines.enumerated() {
            let request = try MatchRequestDecoder.decode(Array(line.utf8))
            let document = try JSONReader().parse(Array(line.utf8))
            guard let webKitBlocked = document.bool(document.member("blocked", in: document.root)) else {
                Issue.record("\(sample) line \(number + 1) has no verdict")
                continue
            }
            if webKitBlocked { blocked += 1 }
            let decision = try matcher.evaluate(request).decision
            if decision.blocked != webKitBlocked {
                differences.append("line \(number + 1): \(line) wkpack blocked=\(decision.blocked)")
            }
        }
        #expect(lines.count >= 100)
        // Both verdicts are well represented, so a matcher that always blocks (or never does) fails.
        #expect(blocked >= 30 && lines.count - blocked >= 30)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}
