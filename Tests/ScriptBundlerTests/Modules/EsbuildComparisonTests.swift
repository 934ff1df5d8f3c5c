import Foundation
import Testing
@testable import ScriptBundler

/// Runs our MainFrameAtDocumentStart bundle of the module fixture and esbuild's bundle of the same entries
/// (`esbuild --bundle --format=iife`) in node, and compares what they log. Skipped without esbuild.
@Suite struct EsbuildComparisonTests {
    @Test func runtimeResultsMatchEsbuild() throws {
        guard let esbuild = TestSupport.executable("esbuild") else {
            print("esbuild not found on PATH; skipping the esbuild comparison")
            return
        }
        let (folder, _) = try ModuleBundleTests.build()
        let group = ModuleBundleTests.app + "/UserScripts/MainFrame/AtDocumentStart"
        let entry = ["A_entry.js", "B_entry.js", "C_plain.js"].map { "import \"\(group)/\($0)\";\n" }.joined()
        try TestSupport.write(["esbuild-entry.js": entry], under: folder)
        let result = try TestSupport.run(esbuild, [
            "--bundle", "--format=iife", "--define:global=globalThis", "--alias:url=" + ModuleBundleTests.app + "/shims/url.js",
            "--log-level=error", folder + "/esbuild-entry.js", "--outfile=" + folder + "/esbuild-out.js",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let ours = try #require(try ModuleBundleTests.run(folder + "/MainFrameAtDocumentStart.js"))
        let theirs = try #require(try ModuleBundleTests.run(folder + "/esbuild-out.js"))
        // esbuild turns a cycle's uninitialised `const` into `undefined`; ES modules (and wkpack) throw a
        // ReferenceError there, which ModuleBundleTests asserts. Compare everything else.
        func normalized(_ log: [String]) -> [String] {
            log.map { $0.hasPrefix("cycle b evaluated") ? "cycle b evaluated" : $0 }
        }
        #expect(normalized(ours) == normalized(theirs))
        #expect(ours.count > 20)
    }
}
