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
        let outcome = RulesMatchRunner.run(.init(lists: ["l.json"], url: "http://ads.example/ok/x.js", topURL: "http://site.example/"),
                                           fileSystem: reader(["l.json": list]))
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains(": allowed"))
        #expect(outcome.standardOutput.contains("cancelled #0 /0 block (by #1 /1)"))
    }

    @Test func jsonFormatHasOneObjectPerRequest() {
        let outcome = RulesMatchRunner.run(.init(lists: ["l.json"], url: "http://ads.example/x.js", topURL: "http://site.example/", format: "json"),
                                           fileSystem: reader(["l.json": list]))
        #expect(outcome.standardOutput.hasPrefix("{\"url\":\"http://ads.example/x.js\""))
        #expect(outcome.standardOutput.contains("\"blocked\":true"))
    }

    @Test func badInputsExitWithPlaces() {
        let bad = RulesMatchRunner.run(.init(lists: ["bad.json"], url: "http://a/"), fileSystem: reader(["bad.json": "[{\"trigger\":{\"url-filter\":\"a|b\"},\"action\":{\"type\":\"block\"}}]"]))
        #expect(bad.exitCode == 1)
        #expect(bad.standardError.hasPrefix("bad.json:1:"))
        #expect(RulesMatchRunner.run(.init(lists: ["l.json"]), fileSystem: reader(["l.json": list])).exitCode == 2)
        #expect(RulesMatchRunner.run(.init(lists: ["l.json"], url: "http://a/", resourceType: "nope"), fileSystem: reader(["l.json": list])).exitCode == 2)
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
        let outcome = RulesTestRunner.run(path: "e.yml", fileSystem: reader(["e.yml": "lists: [l.json]\nrequests:\n  - url: http://a/\n    expect: maybe\n", "l.json": list]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError == "e.yml:4:13: error: unknown expectation 'maybe'; expected block, allow, block-cookies or hide: [selectors]\n")
    }
}
