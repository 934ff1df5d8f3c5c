import Foundation
import Testing

@testable import WKPackCLI

private let list = #"""
    [{"trigger":{"url-filter":"ads\\.example"},"action":{"type":"block"}},
     {"trigger":{"url-filter":"ads\\.example/ok"},"action":{"type":"ignore-previous-rules"}},
     {"trigger":{"url-filter":".*","if-domain":["news.example"]},"action":{"type":"css-display-none","selector":".promo, .ad"}},
     {"trigger":{"url-filter":"social"},"action":{"type":"block-cookies"}}]
    """#

private func reader(_ files: [String: String]) -> InMemoryListFileSystem {
    InMemoryListFileSystem(files)
}

@Suite struct RulesMatchCommandTests {
    @Test func printsTheDecisionAndTheCancelledRule() {
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], url: "http://ads.example/ok/x.js", topURL: "http://site.example/"),
            fileSystem: reader(["l.json": list]))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains(": allowed"))
        #expect(outcome.standardOutput.contains("cancelled #0 /0 block (by #1 /1)"))
    }

    @Test func jsonFormatHasOneObjectPerRequest() {
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], url: "http://ads.example/x.js", topURL: "http://site.example/", format: "json"),
            fileSystem: reader(["l.json": list]))
        #expect(outcome.standardOutput.hasPrefix("{\"url\":\"http://ads.example/x.js\""))
        #expect(outcome.standardOutput.contains("\"blocked\":true"))
    }

    @Test func explainsTheSecondEvaluationOfAReport() {
        let reports = #"""
            [{"trigger":{"url-filter":"/report"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/report","resource-type":["csp-report"]},"action":{"type":"ignore-previous-rules"}}]
            """#
        let outcome = RulesMatchRunner.run(
            .init(
                lists: ["r.json"], url: "http://collect.example/report#x", resourceType: "csp-report",
                topURL: "http://site.example/"), fileSystem: reader(["r.json": reports]))
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.standardOutput.hasPrefix(
                "http://collect.example/report#x (csp-report, top http://site.example/, third-party, top-frame): blocked\n"))
        #expect(outcome.standardOutput.contains("fired     #0 /0 block (second evaluation: as other, without the fragment)"))
        let json = RulesMatchRunner.run(
            .init(
                lists: ["r.json"], url: "http://collect.example/report", resourceType: "csp-report",
                topURL: "http://site.example/", format: "json"), fileSystem: reader(["r.json": reports]))
        #expect(json.standardOutput.contains(#"{"index":0,"pointer":"/0","action":"block","second_evaluation":true}"#))
    }

    @Test func childDocumentsAndNavigationsShowTheirFrame() {
        let child = RulesMatchRunner.run(
            .init(
                lists: ["l.json"], url: "http://widget.example/", resourceType: "child-document",
                topURL: "http://site.example/"), fileSystem: reader(["l.json": list]))
        #expect(
            child.standardOutput.hasPrefix(
                "http://widget.example/ (child-document, top http://site.example/, frame about:blank, third-party, child-frame)"))
        let navigation = RulesMatchRunner.run(
            .init(lists: ["l.json"], url: "http://news.example/a#b", topURL: nil, format: "json"),
            fileSystem: reader(["l.json": list]))
        #expect(
            navigation.standardOutput.contains(
                #""type":"top-document","top":"http://news.example/a","frame":"about:blank","third_party":false,"load_context":"top-frame""#
            ))
    }

    @Test func summaryReportsPreparationAndMatchingTimes() {
        let requests = """
            {"url":"http://ads.example/x.js","type":"script","top":"http://site.example/"}
            {"url":"http://ads.example/ok/x.js","type":"script","top":"http://site.example/"}
            {"url":"http://news.example/","type":"document"}
            """
        let outcome = RulesMatchRunner.run(
            .init(lists: ["l.json"], requestsFile: "r.jsonl", format: "summary"),
            fileSystem: reader(["l.json": list, "r.jsonl": requests]))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.hasPrefix("3 requests, 4 rules in 1 lists: 1 blocked"))
        #expect(outcome.standardOutput.contains("URLs prepared in ") && outcome.standardOutput.contains(" s CPU; matched in "))
        #expect(outcome.standardOutput.contains("; in all "))
    }

    @Test func badInputsExitWithPlaces() {
        let bad = RulesMatchRunner.run(
            .init(lists: ["bad.json"], url: "http://a/"),
            fileSystem: reader(["bad.json": "[{\"trigger\":{\"url-filter\":\"a|b\"},\"action\":{\"type\":\"block\"}}]"]))
        #expect(bad.exitCode == 1)
        #expect(bad.standardError.hasPrefix("bad.json:1:"))
        #expect(RulesMatchRunner.run(.init(lists: ["l.json"]), fileSystem: reader(["l.json": list])).exitCode == 2)
        #expect(
            RulesMatchRunner.run(.init(lists: ["l.json"], url: "http://a/", resourceType: "nope"), fileSystem: reader(["l.json": list]))
                .exitCode == 2)
    }
}

@Suite struct RulesTestCommandTests {
    static let expectations = """
        lists: [l.json]
        requests:
          - url: http://ads.example/x.js
            top: http://site.example/
            expect: block
          - url: http://ads.example/ok/x.js
            top: http://site.example/
            expect: allow
          - url: http://news.example/
            type: document
            expect:
              hide: [".ad"]
          - url: http://social.example/w.js
            top: http://site.example/
            expect: block-cookies
        """

    @Test func passesWhenEveryExpectationHolds() {
        let outcome = RulesTestRunner.run(path: "e.yml", fileSystem: reader(["e.yml": Self.expectations, "l.json": list]))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.hasSuffix("4 of 4 expectations hold\n"))
        #expect(outcome.standardOutput.contains("PASS http://social.example/w.js"))
    }

    @Test func quietModePrintsOnlyFailuresAndANamedSummary() {
        let failing = Self.expectations.replacingOccurrences(of: "expect: allow", with: "expect: block")
        let outcome = RulesTestRunner.run(path: "e.yml", quiet: true, fileSystem: reader(["e.yml": failing, "l.json": list]))
        #expect(outcome.exitCode == 1)
        #expect(!outcome.standardOutput.contains("PASS"))
        #expect(outcome.standardOutput.contains("FAIL "))
        #expect(outcome.standardOutput.hasSuffix("e.yml: 3 of 4 expectations hold, 1 failed\n"))
    }

    @Test func failuresNameTheResponsibleRule() {
        let failing = Self.expectations.replacingOccurrences(of: "expect: allow", with: "expect: block")
        let outcome = RulesTestRunner.run(path: "e.yml", fileSystem: reader(["e.yml": failing, "l.json": list]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("e.yml:6:5: expected block, but it is allowed"))
        #expect(outcome.standardOutput.contains("rule l.json#0 (/0) block matched but was cancelled by l.json#1"))
    }

    @Test func badYAMLGivesALineAndColumn() {
        let outcome = RulesTestRunner.run(
            path: "e.yml",
            fileSystem: reader(["e.yml": "lists: [l.json]\nrequests:\n  - url: http://a/\n    expect: maybe\n", "l.json": list]))
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.standardError
                == "e.yml:4:13: error: unknown expectation 'maybe'; expected block, allow, block-cookies, hide: [selectors] or redirect: URL\n"
        )
    }
}

private let redirectList = #"""
    [{"trigger":{"url-filter":"^https?://cdn\\.example/(lib)/(v[0-9]+)/"},"action":{"type":"redirect","redirect":{"regex-substitution":"https://mirror.example/\\2/\\1.js"}}},
     {"trigger":{"url-filter":"shop\\.example/.*\\?"},"action":{"type":"redirect","redirect":{"transform":{"scheme":"https","query-transform":{"remove-parameters":["utm_source"]}}}}},
     {"trigger":{"url-filter":"ext\\.example"},"action":{"type":"redirect","redirect":{"extension-path":"/stub.js"}}}]
    """#

@Suite struct RedirectTargetCommandTests {
    /// (request URL, text the `rules match` line must contain).
    static let cases: [(String, String)] = [
        ("http://cdn.example/lib/v3/x.js", "allowed; redirect to https://mirror.example/v3/lib.js"),
        ("http://shop.example/item?utm_source=mail&id=7", "allowed; redirect to https://shop.example/item?id=7"),
        ("http://ext.example/a.js", "allowed; redirect (target not computed)"),
    ]

    @Test(arguments: cases)
    func matchPrintsTheRedirectTarget(_ url: String, _ expected: String) {
        let outcome = RulesMatchRunner.run(
            .init(lists: ["r.json"], url: url, topURL: "http://site.example/"), fileSystem: reader(["r.json": redirectList]))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains(expected), "\(outcome.standardOutput)")
    }

    @Test func jsonHasTheTargetAndTheRules() {
        let outcome = RulesMatchRunner.run(
            .init(lists: ["r.json"], url: "http://cdn.example/lib/v3/x.js", topURL: "http://site.example/", format: "json"),
            fileSystem: reader(["r.json": redirectList]))
        #expect(
            outcome.standardOutput.contains(
                #""redirect_target":"https://mirror.example/v3/lib.js","redirect_rules":[{"list":0,"index":0,"pointer":"/0"}]"#))
        let none = RulesMatchRunner.run(
            .init(lists: ["r.json"], url: "http://other.example/", topURL: "http://site.example/", format: "json"),
            fileSystem: reader(["r.json": redirectList]))
        #expect(none.standardOutput.contains(#""redirect_target":null"#))
    }

    @Test func testExpectationsCheckTheRedirectTarget() {
        let expectations = """
            lists: [r.json]
            requests:
              - url: http://cdn.example/lib/v3/x.js
                top: http://site.example/
                expect: {redirect: "https://mirror.example/v3/lib.js"}
              - url: http://shop.example/item?utm_source=mail&id=7
                top: http://site.example/
                expect:
                  redirect: https://shop.example/item?id=8
              - url: http://other.example/
                expect: {redirect: "https://other.example/"}
            """
        let outcome = RulesTestRunner.run(path: "e.yml", fileSystem: reader(["e.yml": expectations, "r.json": redirectList]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("PASS http://cdn.example/lib/v3/x.js"))
        #expect(
            outcome.standardOutput.contains(
                "e.yml:6:5: expected redirect to https://shop.example/item?id=8, but it is redirected to https://shop.example/item?id=7"))
        #expect(outcome.standardOutput.contains("rule r.json#1 (/1) redirect fired"))
        #expect(outcome.standardOutput.contains("expected redirect to https://other.example/, but it is not redirected"))
        #expect(outcome.standardOutput.hasSuffix("1 of 3 expectations hold, 2 failed\n"))
    }

    @Test func aRedirectExpectationMustBeAURL() {
        let outcome = RulesTestRunner.run(
            path: "e.yml",
            fileSystem: reader([
                "e.yml": "lists: [r.json]\nrequests:\n  - url: http://a/\n    expect: {redirect: nope}\n", "r.json": redirectList,
            ]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError == "e.yml:4:24: error: `redirect` must be an absolute URL\n")
    }
}
