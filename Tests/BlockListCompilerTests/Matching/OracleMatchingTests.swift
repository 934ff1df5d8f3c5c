import Foundation
import Testing

@testable import BlockListCompiler

/// The fixtures recorded from the real WebKit by scripts/match-oracle/regenerate.sh: the first golden set
/// (generate.py), the evaluation classes crossed with every trigger field (classes.py), and the grid of block and
/// exception resource types asked with CSP reports and the other ping-like loads (reports.py).
private let fixtureURLs = ["oracle-cases.jsonl", "oracle-classes.jsonl", "oracle-reports.jsonl"].map {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Fixtures/Matching/\($0)")
}
/// Requests where the matcher knowingly differs from WebKit (see Fixtures/Matching/README.md), as "case|url|type|top|frame".
private let knownDisagreementsURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Matching/known-disagreements.txt")

struct OracleVerdict: Sendable {
    var caseName: String
    var key: String
    var request: MatchRequest
    var blocked: Bool
}

struct OracleCase: Sendable {
    var name: String
    var rules: [UInt8]
    var verdicts: [OracleVerdict]
}

private func loadCases(_ fixtureURL: URL) throws -> [OracleCase] {
    let bytes = [UInt8](try Data(contentsOf: fixtureURL))
    var cases: [OracleCase] = []
    for line in bytes.split(separator: 0x0A) where !line.isEmpty {
        let document = try JSONReader().parse(Array(line))
        let root = document.root
        let name = document.stringValue(document.member("name", in: root)) ?? "?"
        let rulesNode = try #require(document.member("rules", in: root))
        let resultsNode = try #require(document.member("results", in: root))
        var verdicts: [OracleVerdict] = []
        for element in document.elements(of: resultsNode) {
            guard let blocked = document.bool(document.member("blocked", in: element)) else { continue }
            let raw = Array(document.rawText(element).utf8)
            var request = try MatchRequestDecoder.decode(raw)
            // WebKitGTK 2.50 evaluates every load as GET (request-method: post never fires, get fires on POST
            // fetches), so the method its rule lists see is GET whatever the request's own method.
            request.method = .get
            let key = [
                name, request.url, document.stringValue(document.member("type", in: element)) ?? "", request.topURL ?? "",
                request.frameURL ?? "",
            ]
            .joined(separator: "|")
            verdicts.append(OracleVerdict(caseName: name, key: key, request: request, blocked: blocked))
        }
        cases.append(OracleCase(name: name, rules: Array(document.rawText(rulesNode).utf8), verdicts: verdicts))
    }
    return cases
}

@Suite struct OracleMatchingTests {
    @Test func matcherAgreesWithWebKitOnEveryDefiniteVerdict() throws {
        let present = fixtureURLs.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard !present.isEmpty else {
            print(
                "skipping: no oracle fixtures at \(fixtureURLs[0].deletingLastPathComponent().path); run scripts/match-oracle/regenerate.sh"
            )
            return
        }
        let known = Set(
            (try? String(contentsOf: knownDisagreementsURL, encoding: .utf8))?.split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("#") && !$0.isEmpty } ?? [])
        let cases = try present.flatMap(loadCases)
        #expect(present.count == fixtureURLs.count)
        #expect(cases.count >= 25)
        var checked = 0
        var disagreements: [String] = []
        for testCase in cases {
            let matcher = try RuleListMatcher(source: testCase.rules)
            for verdict in testCase.verdicts {
                let result = try matcher.evaluate(verdict.request)
                checked += 1
                if result.decision.blocked != verdict.blocked {
                    disagreements.append(verdict.key + " (WebKit: \(verdict.blocked ? "blocked" : "allowed"))")
                }
            }
        }
        let unexpected = disagreements.filter { line in !known.contains(String(line.prefix { $0 != " " })) && !known.contains(line) }
        print(
            "oracle fixtures: \(checked) definite verdicts, \(disagreements.count) disagreements, \(unexpected.count) not recorded as known"
        )
        #expect(checked >= 3_000)
        #expect(unexpected.isEmpty, "\(unexpected.prefix(20).joined(separator: "\n"))")
    }
}
