import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Runs the bundles in node (`vm.runInNewContext` with a stub `window`) and checks observable behaviour.
@Suite struct BundleRuntimeTests {
    static let runner = """
        const vm = require('node:vm');
        const fs = require('node:fs');
        const sandbox = { APP_ID_TOKEN: 'token-123' };
        sandbox.window = sandbox;
        for (const file of process.argv.slice(1).filter((a) => a.endsWith('.js'))) {
          vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox, { filename: file });
        }
        const leaked = ['events', 'alphaHelper', 'markerAlpha', 'markerBeta', 'markerGamma', 'café']
          .filter((name) => Object.prototype.hasOwnProperty.call(sandbox, name));
        console.log(JSON.stringify({ events: sandbox.__firefox__.events, sloppyGlobal: sandbox.sloppyGlobal, leaked }));
        """

    @Test(arguments: [(BundleMode.production, SourceMapMode.external), (.development, .inline), (.development, .none)])
    func scopesOrderAndFreeGlobals(mode: BundleMode, sourceMaps: SourceMapMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = FixtureProject.outputs(try FixtureProject.build(mode: mode, sourceMaps: sourceMaps))
        try TestSupport.write(files, under: folder)
        let paths = FixtureProject.runOrder.map { folder + "/" + $0 }
        guard let output = try TestSupport.node(Self.runner, paths) else { return }
        try #require(output.status == 0, "node failed: \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(json["events"] as? [String] == FixtureProject.expectedEvents)
        #expect(json["sloppyGlobal"] as? String == "made by a sloppy assignment")
        #expect(json["leaked"] as? [String] == [])
    }

    @Test(arguments: [(BundleMode.production, SourceMapMode.external), (.development, .inline), (.production, .none)])
    func nodeCheckAcceptsEveryOutput(mode: BundleMode, sourceMaps: SourceMapMode) throws {
        guard let node = TestSupport.executable("node") else {
            print("node not found; skipping node --check")
            return
        }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = FixtureProject.outputs(try FixtureProject.build(mode: mode, sourceMaps: sourceMaps))
        try TestSupport.write(files, under: folder)
        for name in files.keys where name.hasSuffix(".js") {
            let result = try TestSupport.run(node, ["--check", folder + "/" + name])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }

    /// A file whose last line is a `//` comment without a newline, and an empty file, stay harmless, also when the
    /// comment ends in a character whose UTF-8 form ends like U+2028's (U+22A8 ⊨ is E2 8A A8) and in modules.
    @Test(arguments: [BundleMode.development, .production])
    func trailingCommentsAndEmptyFiles(mode: BundleMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(
            [
                "UserScripts/MainFrame/AtDocumentStart/a.js": "window.log.push('a') // no newline",
                "UserScripts/MainFrame/AtDocumentStart/b.js": "",
                "UserScripts/MainFrame/AtDocumentStart/c.js": "/* block */ window.log.push('c') /* open? no */",
                "UserScripts/MainFrame/AtDocumentStart/d.js": "#!/bin/sh",
                "UserScripts/MainFrame/AtDocumentStart/e.js": "import { f } from '../../shared/f.js'; window.log.push(f) // \u{22A8}",
                "UserScripts/MainFrame/AtDocumentStart/g.js": "window.log.push('g') // \u{22A9}",
                "UserScripts/shared/f.js": "export const f = 'f' // \u{22A8}",
            ], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: mode)
        let bundles = try ScriptBundler().build(configuration)
        _ = try ScriptBundler().write(bundles, to: configuration.output)
        let script = """
            const vm = require('node:vm');
            const sandbox = { log: [] };
            sandbox.window = sandbox;
            vm.runInNewContext(require('node:fs').readFileSync(process.argv[1], 'utf8'), sandbox);
            console.log(sandbox.log.join(','));
            """
        guard let output = try TestSupport.node(script, [folder + "/Assets/MainFrameAtDocumentStart.js"]) else { return }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "a,c,f,g\n")
    }
}
