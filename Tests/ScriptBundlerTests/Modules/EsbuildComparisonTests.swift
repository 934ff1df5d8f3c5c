import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Runs our MainFrameAtDocumentStart bundle of the module fixture and esbuild's bundle of the same entries
/// (`esbuild --bundle --format=iife`) in node, and compares what they log. Skipped without esbuild.
@Suite struct EsbuildComparisonTests {
    @Test(.enabled(if: DebianNodeCorpus.hasTool("esbuild"), DebianNodeCorpus.toolAbsence("esbuild", package: "esbuild")))
    func runtimeResultsMatchEsbuild() throws {
        let esbuild = try #require(TestSupport.executable("esbuild"))
        let (folder, _) = try ModuleBundleTests.build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let group = ModuleBundleTests.app + "/UserScripts/MainFrame/AtDocumentStart"
        let entry = ["A_entry.js", "B_entry.js", "C_plain.js"].map { "import \"\(group)/\($0)\";\n" }.joined()
        try TestSupport.write(["esbuild-entry.js": entry], under: folder)
        let result = try TestSupport.run(
            esbuild,
            [
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

extension EsbuildComparisonTests {
    /// Real-world ES modules: lodash-es from Debian's node-lodash (about 640 modules), through a `node_modules` link.
    @Test(
        .enabled(if: DebianNodeCorpus.hasTool("esbuild"), DebianNodeCorpus.toolAbsence("esbuild", package: "esbuild")),
        .enabled(if: DebianNodeCorpus.isInstalled("node-lodash"), DebianNodeCorpus.absence("node-lodash")))
    func lodashESMatchesEsbuild() throws {
        let esbuild = try #require(TestSupport.executable("esbuild"))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let entry = """
            import { chunk, merge, template, camelCase, debounce, groupBy, isEqual } from "lodash-es";
            import * as _ from "lodash-es";
            __log.push(JSON.stringify(chunk([1, 2, 3, 4, 5], 2)));
            __log.push(JSON.stringify(merge({ a: { b: 1 } }, { a: { c: 2 } })));
            __log.push(template("hi <%= name %>")({ name: "wk" }));
            __log.push(camelCase("Foo Bar-baz") + " " + typeof debounce + " " + isEqual({ x: [1] }, { x: [1] }));
            __log.push(JSON.stringify(groupBy([1.2, 1.5, 2.1], Math.floor)) + " " + Object.keys(_).length);
            """
        try TestSupport.write(["UserScripts/MainFrame/AtDocumentStart/entry.js": entry], under: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/node_modules", withDestinationPath: "/usr/share/nodejs")
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, sourceMaps: .none)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: folder + "/Assets")
        let result = try TestSupport.run(
            esbuild,
            [
                "--bundle", "--format=iife", "--log-level=error", folder + "/UserScripts/MainFrame/AtDocumentStart/entry.js",
                "--outfile=" + folder + "/esbuild-out.js",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let ours = try #require(try ModuleBundleTests.run(folder + "/Assets/MainFrameAtDocumentStart.js"))
        let theirs = try #require(try ModuleBundleTests.run(folder + "/esbuild-out.js"))
        #expect(ours == theirs)
        #expect(ours.count == 5)
    }
}
