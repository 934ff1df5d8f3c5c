import Foundation
import ScriptBundler
import Testing
import WKPackTestSupport

/// `scripts/lowering-check` (builds trees for every target and has Debian's acorn parse the bundles at the target's
/// year) on a small tree with the built `wkpack`; its year table is `ScriptTarget.ecmaScriptYear`.
@Suite(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"),
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/share/nodejs/acorn/package.json"),
        "needs Debian's node-acorn (apt-get install -y --no-install-recommends node-acorn)")
)
struct LoweringCheckScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/lowering-check").path

    @Test func yearsAreTheTargetsYears() throws {
        let result = try ChildProcess.run("/usr/bin/python3", [Self.script, "--years"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.map { $0[0] } == ScriptTarget.notableNames)
        for line in lines {
            let target = try #require(ScriptTarget(name: line[0]))
            #expect(Int(line[1]) == target.ecmaScriptYear, "\(line)")
            // The year of the newest syntax the target has, which a build keeps.
            let kept = SyntaxFeature.allCases.filter { target.supports($0) }.map(\.ecmaScriptYear).max() ?? 0
            #expect(Int(line[2]) == max(target.ecmaScriptYear, kept), "\(line)")
        }
    }

    @Test func acornAcceptsTheLoweredBundlesOfASmallTree() throws {
        guard let wkpack = CommandLineTests.executable else {
            print("the wkpack executable was not found next to the test bundle; skipping")
            return
        }
        let folder = try CommandLineTests.project([
            "UserScripts/MainFrame/AtDocumentStart/a.js":
                "import { b } from \"./b.js\";\nwindow.x = b?.c ?? { ...b };\ntry { b.d(); } catch { }\n",
            "UserScripts/MainFrame/AtDocumentStart/b.js": "export const b = { c: 1_000, d() {} };\n",
            "UserScripts/MainFrame/AtDocumentEnd/p.js": "var q = window.r?.s;\nvar re = /a.b/s;\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ChildProcess.run(
            "/usr/bin/python3",
            [Self.script, "--wkpack", wkpack, "--tree", folder, "--targets", "safari11,safari11.1,safari12,safari13.1", "--markdown"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.count == 8, "\(result.stdout)")
        for row in rows where row.count >= 5 {
            switch row[1] {
            case "safari11":
                // The `s` flag is not lowered: the build is refused with the check's error.
                #expect(row[4].hasPrefix("refused: the regular expression flag 's'"), "\(row)")
            case "safari12":
                // Everything newer than 2019 lowered, the rest is 2019's.
                #expect(row[4] == "acorn accepts 2/2", "\(row)")
            case "safari11.1":
                // Keeps `catch {`, `{...b}` and `/s`, which 2017 lacks.
                #expect(row[4].hasPrefix("acorn accepts 2/2 at 2019 (0/2 at 2017: "), "\(row)")
            default:
                // safari13.1 keeps `?.` and `??`.
                #expect(row[4].hasPrefix("acorn accepts 2/2 at 2021 (0/2 at 2019: "), "\(row)")
            }
        }
    }
}
