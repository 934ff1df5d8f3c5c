import Foundation
import Testing

@testable import WKPackCLI

/// The rules job of `wkpack build`, run on real temporary folders.
@Suite struct RulesJobTests {
    static let blockRule = #"[{"trigger":{"url-filter":"^https?://ads\\.example\\.com/"},"action":{"type":"block"}}]"#
    static let hideRule =
        #"[{"trigger":{"url-filter":".*","if-domain":["*news.example"]},"action":{"type":"css-display-none","selector":".ad"}}]"#

    private func project(_ files: [String: String], config: String) throws -> (folder: String, config: ProjectConfig) {
        let folder = NSTemporaryDirectory() + "wkpack-rules-job-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try config.write(toFile: folder + "/wkpack.yml", atomically: true, encoding: .utf8)
        return (folder, try ProjectConfig.load(path: folder + "/wkpack.yml"))
    }

    @Test func checksGlobbedListsAndWritesTheMergedList() throws {
        let (folder, config) = try project(
            ["lists/a.json": Self.blockRule, "lists/b.json": Self.hideRule, "lists/notes.txt": "not a list"],
            config:
                "rules:\n  check: [lists/*.json]\n  output: Out\n  merge:\n    - output: All.json\n      lists: [lists/a.json, lists/b.json]\n      safelist: [example.org]\n"
        )
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = RulesJob(config: config, rules: try #require(config.rules))
        let lines = try job.run()
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("\(folder)/lists/a.json: valid: 1 rules"))
        #expect(lines[1].hasPrefix("\(folder)/lists/b.json: valid: 1 rules"))
        #expect(lines[2].hasPrefix("\(folder)/Out/All.json: 3 rules"))
        let merged = try String(contentsOfFile: folder + "/Out/All.json", encoding: .utf8)
        #expect(merged.contains(#""if-domain":["*example.org"]"#))
        #expect(merged.contains("ignore-previous-rules"))
    }

    @Test func anInvalidListFailsTheJobWithItsLocation() throws {
        let (folder, config) = try project(
            ["lists/bad.json": "[{\"trigger\":{\"url-filter\":\"a|b\"},\"action\":{\"type\":\"block\"}}]"],
            config: "rules:\n  check: [lists/bad.json]\n  merge:\n    - output: All.json\n      lists: [lists/bad.json]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = RulesJob(config: config, rules: try #require(config.rules))
        let error = try #require(throws: RulesJob.Failure.self) { try job.run() }
        #expect(error.description.contains("\(folder)/lists/bad.json:1:29: error:"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets/All.json"), "nothing is written after a failed check")
    }

    @Test func budgetsApplyToCheckedLists() throws {
        let (folder, config) = try project(["a.json": Self.blockRule], config: "rules:\n  maxBytes: 10\n  check: [a.json]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = RulesJob(config: config, rules: try #require(config.rules))
        let error = try #require(throws: RulesJob.Failure.self) { try job.run() }
        #expect(error.description.contains("exceed the budget of 10"))
    }

    @Test func expectationFilesRunAfterTheLists() throws {
        let expectations =
            "lists: [a.json]\nrequests:\n  - url: https://ads.example.com/x.js\n    type: script\n    top: https://news.example/\n    expect: %@\n"
        for (expected, passes) in [("block", true), ("allow", false)] {
            let (folder, config) = try project(
                ["a.json": Self.blockRule, "expect.yml": expectations.replacingOccurrences(of: "%@", with: expected)],
                config: "rules:\n  test: [expect.yml]\n")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let job = RulesJob(config: config, rules: try #require(config.rules))
            if passes {
                let lines = try job.run()
                #expect(lines.last == folder + "/expect.yml: 1 of 1 expectations hold")
                #expect(!lines.contains { $0.hasPrefix("PASS") }, "the build log leaves out PASS lines")
            } else {
                #expect(throws: RulesJob.Failure.self) { try job.run() }
            }
        }
    }

    @Test func aPatternMatchingNothingIsAnError() throws {
        let (folder, config) = try project([:], config: "rules:\n  check: [lists/*.json]\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let job = RulesJob(config: config, rules: try #require(config.rules))
        let error = try #require(throws: RulesJob.Failure.self) { try job.run() }
        #expect(error.description.contains("'lists/*.json' in 'rules' matches no file"))
    }

    @Test(arguments: [
        ("*.json", "a.json", true), ("*.json", "a.json.bak", false), ("block-*.json", "block-ads.json", true),
        ("block-*.json", "ads.json", false), ("a*b*c", "axxbyyc", true), ("a*b*c", "acb", false), ("*", "x", true),
        ("a*a", "a", false),
    ])
    func globMatching(pattern: String, name: String, expected: Bool) {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        #expect(RulesJob.matches(name, parts: parts) == expected)
    }
}
