import Testing

@testable import WKPackCLI

@Suite struct RulesConvertCommandTests {
    static let list = "! comment\n||ads.example^\n||a.example^$csp=default-src 'none'\n##.ad\n"

    @Test func convertsAndWarnsWithLocations() {
        let files = InMemoryListFileSystem(["list.txt": Self.list])
        let outcome = RulesConvertRunner.run(
            inputs: ["list.txt"], output: "out.json", target: "safari26", maxRules: nil, report: "report.json", fileSystem: files)
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.standardError
                == "list.txt:3:14: warning: '$csp' injects a Content-Security-Policy header: WebKit content blockers cannot express it [unsupported-option]\n"
        )
        #expect(outcome.standardOutput.hasPrefix("3 filters: 2 converted (0 in part, 0 approximated), 1 reported, 0 dead\n"))
        #expect(files.text("out.json")?.contains(#""selector":".ad""#) == true)
        #expect(files.text("report.json")?.contains(#""line": 3, "column": 14, "kind": "unsupported-option""#) == true)
    }

    @Test func writesPartsUnderTheRuleLimit() {
        let text = (1...9).map { "||ads\($0).example^$script" }.joined(separator: "\n") + "\n@@||ads1.example/ok^\n"
        let files = InMemoryListFileSystem(["list.txt": text])
        let outcome = RulesConvertRunner.run(
            inputs: ["list.txt"], output: "dir/out.json", target: "safari26", maxRules: 5, report: nil, quiet: true, fileSystem: files)
        #expect(outcome.exitCode == 0)
        #expect(files.text("dir/out-1.json") != nil && files.text("dir/out-2.json") != nil)
        #expect(files.text("dir/out.json") == nil)
    }

    @Test func unreadableInputFailsAndWritesNothing() {
        let files = InMemoryListFileSystem(["list.txt": Self.list])
        let outcome = RulesConvertRunner.run(
            inputs: ["list.txt", "missing.txt"], output: "out.json", target: "safari26", maxRules: nil, report: "r.json", fileSystem: files)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError == "missing.txt: error: no such file\n")
        #expect(files.files.keys.sorted() == ["list.txt"])
    }

    @Test(arguments: [("safari99", Int?.none), ("safari26", Int?.some(1))])
    func usageErrorsExitWithTwo(_ target: String, _ maxRules: Int?) {
        let files = InMemoryListFileSystem(["list.txt": Self.list])
        let outcome = RulesConvertRunner.run(
            inputs: ["list.txt"], output: "out.json", target: target, maxRules: maxRules, report: nil, fileSystem: files)
        #expect(outcome.exitCode == 2)
        #expect(files.files.keys.sorted() == ["list.txt"])
    }
}
