import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Bundles the firefox-ios-shaped module fixture (`Fixtures/Modules/App`) and runs the bundles in node.
@Suite struct ModuleBundleTests {
    static let app = TestSupport.fixtures + "/Modules/App"

    static func configuration(output: String, sourceMaps: SourceMapMode = .external, mode: BundleMode = .production) -> BundleConfiguration
    {
        BundleConfiguration(
            root: app + "/UserScripts", output: output, projectFolder: app, mode: mode, sourceMaps: sourceMaps,
            resolution: ModuleResolutionOptions(
                aliases: ["Assets": app + "/Client/Assets"],
                fallbacks: ["url": app + "/shims/url.js", "fs": nil],
                resourceURIs: ResourceURIRule(
                    directory: app + "/Client/Assets/CC_Script",
                    overrides: ["FormAutofill.sys.mjs": "FormAutofill.ios.sys.mjs", "AppConstants.sys.mjs": "Helpers.ios.mjs"])))
    }

    /// Runs `code` in a fresh vm context with a stub `window`/`document`; returns the `__log` entries.
    static let runner = """
        const vm = require('node:vm');
        const code = require('node:fs').readFileSync(process.argv[1], 'utf8');
        const context = { __log: [], document: { title: 'stub' }, console };
        context.window = context;
        context.self = context;
        vm.createContext(context);
        try { vm.runInContext(code, context, { filename: process.argv[1] }); } catch (error) { context.__log.push('THROWN ' + error); }
        setTimeout(() => process.stdout.write(JSON.stringify(context.__log)), 10);
        """

    static func run(_ path: String) throws -> [String]? {
        guard let output = try TestSupport.node(runner, [path]) else { return nil }
        #expect(output.status == 0, "\(output.stderr)")
        let log = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [Any]
        return try #require(log.map { $0.map { "\($0)" } }, "the bundle's log is not a JSON array: \(output.stdout.prefix(300))")
    }

    static func build(sourceMaps: SourceMapMode = .external, mode: BundleMode = .production) throws -> (
        folder: String, bundles: [GroupBundle]
    ) {
        let folder = try TestSupport.temporaryFolder()
        let bundler = ScriptBundler()
        let configuration = configuration(output: folder, sourceMaps: sourceMaps, mode: mode)
        let bundles = try bundler.build(configuration)
        _ = try bundler.write(bundles, to: folder)
        return (folder, bundles)
    }

    @Test func mainFrameBundleEvaluatesInESOrderWithLiveBindings() throws {
        let (folder, _) = try Self.build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let log = try Self.run(folder + "/MainFrameAtDocumentStart.js") else { return }
        #expect(
            log == [
                "counter evaluated", "cjs evaluated", "B evaluated", "side effect",
                "cycle b evaluated, aValue: ReferenceError", "cycle a evaluated",
                "A start", "count 0", "count live 1 ns 1", "shorthand 1", "shadow 42", "cjs cjs N", "json JSON title",
                "readability article", "parser parsed:x:url-shim global-is-globalThis", "dark dark-esm lib-extra",
                "purify clean(<b>)", "b bee", "cycle aBA", "legacy require helper", "require es 1 true",
                "C plain object", "lazy lazy value",
            ])
    }

    @Test func allFramesBundleUsesResourceOverridesContextsAndScriptLoader() throws {
        let (folder, _) = try Self.build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let log = try Self.run(folder + "/AllFramesAtDocumentStart.js") else { return }
        #expect(
            log == [
                "firefox", "legacy ran",
                "autofill ios+original ios helped",
                "keys ./Alpha.mjs,./Beta.mjs",
                "load alpha 7",
                "missing: Cannot find module './Missing.mjs'",
                "legacy function lv true",
                "fs {}",
            ])
    }

    @Test func moduleLessGroupsStayPlain() throws {
        let (folder, bundles) = try Self.build()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try #require(bundles.first { $0.group.name == "AllFramesAtDocumentEnd" })
        // Production output is minified (locals renamed); no module registry is added.
        #expect(
            String(decoding: plain.code, as: UTF8.self) == """
                (()=>{
                window.endEvents="document end"})();
                //# sourceMappingURL=AllFramesAtDocumentEnd.js.map

                """)
    }

    @Test func outputIsDeterministic() throws {
        let (firstFolder, first) = try Self.build()
        let (secondFolder, second) = try Self.build()
        defer { for folder in [firstFolder, secondFolder] { try? FileManager.default.removeItem(atPath: folder) } }
        #expect(first.map(\.code) == second.map(\.code))
        #expect(first.map(\.map) == second.map(\.map))
    }

    @Test func developmentModeNamesEveryModule() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = Self.configuration(output: folder, sourceMaps: .inline)
        configuration.mode = .development
        let bundles = try ScriptBundler().build(configuration)
        let code = String(decoding: try #require(bundles.first { $0.group.name == "MainFrameAtDocumentStart" }).code, as: UTF8.self)
        #expect(code.contains("\n// UserScripts/MainFrame/AtDocumentStart/A_entry.js\n__wkpack_define(0, "))
        #expect(code.contains("\n// node_modules/@mozilla/readability/index.js\n__wkpack_define("))
        #expect(code.contains("\n// UserScripts/MainFrame/AtDocumentStart/C_plain.js\n(function () {\n"))
        #expect(code.contains("//# sourceMappingURL=data:application/json;charset=utf-8;base64,"))
    }
}
