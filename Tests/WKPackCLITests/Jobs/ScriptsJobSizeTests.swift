import Foundation
import ScriptBundler
import Testing

@testable import WKPackCLI

/// `maxBytes` budgets, `--metafile` / `scripts.metafile` and `--report` on a small project written per test.
@Suite struct ScriptsJobSizeTests {
    /// A project with two groups: AllFramesAtDocumentStart (a module importing a library) and
    /// MainFrameAtDocumentEnd (one plain script); `yaml` is its `wkpack.yml`.
    static func project(_ yaml: String) throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-size-" + UUID().uuidString
        let files = [
            "wkpack.yml": yaml,
            "UserScripts/AllFrames/AtDocumentStart/Main.js":
                "import { greet } from \"../../../lib/greet.js\";\n// Greets the page.\nwindow.greeting = greet(\"page\");\n",
            "lib/greet.js": "export function greet(name) {\n  return \"hello \" + name + \", \" + \"x\".repeat(3);\n}\n",
            "UserScripts/MainFrame/AtDocumentEnd/Plain.js": "(function () {\n  window.plain = 1 + 2;\n})();\n",
        ]
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func job(_ folder: String, size: SizeOutputOptions = SizeOutputOptions(), mode: BundleMode? = nil) throws -> ScriptsJob {
        ScriptsJob(config: try ProjectConfig.load(path: folder + "/wkpack.yml"), overrides: ScriptsOverrides(mode: mode), size: size)
    }

    static func writtenSize(_ folder: String, _ name: String) throws -> Int {
        try Data(contentsOf: URL(fileURLWithPath: folder + "/Assets/" + name)).count
    }

    @Test(arguments: [BundleMode.production, .development])
    func aBundleWithinItsBudgetBuilds(_ mode: BundleMode) throws {
        // The budget is the written size itself: exactly at the limit passes.
        let probe = try Self.project("scripts:\n  sourceMaps: external\n")
        defer { try? FileManager.default.removeItem(atPath: probe) }
        _ = try Self.job(probe, mode: mode).run()
        let bytes = try Self.writtenSize(probe, "AllFramesAtDocumentStart.js")
        let folder = try Self.project(
            "scripts:\n  sourceMaps: external\n  groups:\n    - {name: AllFramesAtDocumentStart, maxBytes: \(bytes)}\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.job(folder, mode: mode).run()
        #expect(try Self.writtenSize(folder, "AllFramesAtDocumentStart.js") == bytes)
    }

    @Test(arguments: [BundleMode.production, .development])
    func aBundleOverItsBudgetFailsAtTheBudgetAndWritesNothing(_ mode: BundleMode) throws {
        let probe = try Self.project("scripts:\n")
        defer { try? FileManager.default.removeItem(atPath: probe) }
        _ = try Self.job(probe, mode: mode).run()
        let bytes = try Self.writtenSize(probe, "AllFramesAtDocumentStart.js")
        let yaml = "scripts:\n  maxBytes: 100000\n  groups:\n    - name: AllFramesAtDocumentStart\n      maxBytes: \(bytes - 1)\n"
        let folder = try Self.project(yaml)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try Self.job(folder, mode: mode).run()
            Issue.record("expected the budget to fail the build")
        } catch let failure as BundleBudgetCheck.Failure {
            #expect(
                failure.description
                    == "\(folder)/wkpack.yml:5:17: error: AllFramesAtDocumentStart is \(bytes) bytes, over its maxBytes \(bytes - 1)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }

    @Test func theSectionBudgetAppliesToGroupsWithoutTheirOwn() throws {
        let folder = try Self.project("scripts:\n  maxBytes: 10\n  groups:\n    - {name: AllFramesAtDocumentStart, maxBytes: 100000}\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try Self.job(folder).run()
            Issue.record("expected the budget to fail the build")
        } catch let failure as BundleBudgetCheck.Failure {
            #expect(failure.errors.count == 1)
            #expect(failure.errors.first?.message.hasPrefix("MainFrameAtDocumentEnd is ") == true)
            #expect(failure.errors.first?.message.hasSuffix(" bytes, over its maxBytes 10") == true)
            #expect(failure.errors.first?.location == SourceLocation(path: folder + "/wkpack.yml", line: 2, column: 13))
        }
    }

    @Test func aBudgetOnAnUnknownGroupIsALocatedError() throws {
        let folder = try Self.project("scripts:\n  groups:\n    - {name: Nightmode, maxBytes: 100}\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try Self.job(folder).run()
            Issue.record("expected an unknown group to be refused")
        } catch let error as BundlerError {
            #expect(
                error.description
                    == "\(folder)/wkpack.yml:3:14: error: group 'Nightmode' is not a standard group and needs a 'folder' or 'files'")
        }
    }

    @Test func writesTheMetafileFromTheCommandLineOrTheConfiguration() throws {
        let folder = try Self.project("scripts:\n  metafile: out/meta.json\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = try Self.job(folder).run()
        #expect(lines.last == "metafile: \(folder)/out/meta.json")
        let fromConfig = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/meta.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: fromConfig) as? [String: Any])
        let inputs = try #require(object["inputs"] as? [String: Any])
        #expect(
            inputs.keys.sorted() == [
                "UserScripts/AllFrames/AtDocumentStart/Main.js", "UserScripts/MainFrame/AtDocumentEnd/Plain.js", "lib/greet.js",
            ])
        // `--metafile` wins; the same build gives the same bytes.
        _ = try Self.job(folder, size: SizeOutputOptions(metafile: folder + "/cli.json")).run()
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/cli.json")) == fromConfig)
    }

    @Test func theTextReportListsModulesAndAddsUpToTheBundle() throws {
        let folder = try Self.project("scripts:\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try Self.job(folder, size: SizeOutputOptions(report: .text)).outcome()
        let bytes = try Self.writtenSize(folder, "MainFrameAtDocumentEnd.js")
        let start = try #require(outcome.reportLines.firstIndex { $0.hasPrefix("MainFrameAtDocumentEnd.js  ") })
        #expect(outcome.reportLines[start] == "MainFrameAtDocumentEnd.js  \(bytes) B, 1 module")
        // Rows: the file, generated code, the map comment; their bytes add up to the bundle's.
        let rows = outcome.reportLines[(start + 1)...].prefix(3)
        #expect(
            rows.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).joined(separator: " ") } == [
                "UserScripts/MainFrame/AtDocumentEnd/Plain.js", "generated code (wrappers, module runtime, banners)",
                "//# sourceURL / sourceMappingURL comments",
            ])
        let sum = rows.map { Int($0.split(separator: " ")[0].replacingOccurrences(of: ",", with: "")) ?? -1 }.reduce(0, +)
        #expect(sum == bytes)
    }
}
