import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Module errors name the importer, the specifier's line:column, the specifier and where wkpack looked.
@Suite struct ModuleErrorTests {
    /// Builds a one-group project whose entry is `entry` (plus `extra` files); returns the error.
    static func error(entry: String, extra: [String: String] = [:], fallbacks: [String: String?] = [:]) throws -> BundlerError? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = extra
        files["UserScripts/MainFrame/AtDocumentStart/entry.js"] = entry
        try TestSupport.write(files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
            resolution: ModuleResolutionOptions(fallbacks: fallbacks, configurationPath: folder + "/wkpack.yml"))
        do {
            _ = try ScriptBundler().build(configuration)
            return nil
        } catch {
            #expect(error.location.path == folder + "/UserScripts/MainFrame/AtDocumentStart/entry.js")
            return error
        }
    }

    @Test func moduleNotFoundNamesTheSpecifierAndWhereItLooked() throws {
        let error = try #require(try Self.error(entry: "const a = 1;\n  import x from \"./missing\";\n"))
        #expect(error.kind == .moduleNotFound)
        #expect((error.location.line, error.location.column) == (2, 17))
        #expect(error.message.hasPrefix("cannot find module './missing' (looked at "))
        #expect(error.message.contains("/UserScripts/MainFrame/AtDocumentStart/missing.js"))
        #expect(error.message.contains("/AtDocumentStart/missing.json)"))
    }

    /// One name imported twice (node: "Identifier 'a' has already been declared"): the bundle would not run.
    @Test func aNameImportedTwiceIsALocatedError() throws {
        let error = try #require(
            try Self.error(
                entry: "import { a } from '../lib/x.mjs';\nimport { a } from '../lib/y.mjs';\nwindow.r = a;\n",
                extra: [
                    "UserScripts/MainFrame/lib/x.mjs": "export const a = 1;\n", "UserScripts/MainFrame/lib/y.mjs": "export const a = 2;\n",
                ]))
        #expect(error.kind == .syntax(.redeclaration))
        #expect((error.location.line, error.location.column) == (2, 10))
        #expect(error.message == "'a' has already been declared (line 1)")
    }

    @Test func bareNameNotFoundListsNodeModulesFolders() throws {
        let error = try #require(try Self.error(entry: "require('left-pad');"))
        #expect(error.kind == .moduleNotFound)
        #expect((error.location.line, error.location.column) == (1, 9))
        #expect(error.message.contains("/UserScripts/MainFrame/AtDocumentStart/node_modules/left-pad"))
    }

    @Test func exportNameNotFound() throws {
        let error = try #require(
            try Self.error(
                entry: "import { nope } from './lib.js';",
                extra: ["UserScripts/MainFrame/AtDocumentStart/lib.js": "export const yes = 1;"]))
        #expect(error.kind == .exportNotFound)
        #expect((error.location.line, error.location.column) == (1, 22))
        #expect(error.message.hasPrefix("'nope' is not exported by './lib.js'"))
    }

    @Test func starReexportedNamesCount() throws {
        let found = try Self.error(
            entry: "import { deep } from './lib.js';",
            extra: [
                "UserScripts/MainFrame/AtDocumentStart/lib.js": "export * from './deep.js';",
                "UserScripts/MainFrame/AtDocumentStart/deep.js": "export const deep = 1;",
            ])
        #expect(found == nil)
    }

    @Test func topLevelAwaitIsRejected() throws {
        let error = try #require(
            try Self.error(entry: "import './x.js';\nconst v = await 1;", extra: ["UserScripts/MainFrame/AtDocumentStart/x.js": ""]))
        #expect(error.kind == .unsupportedSyntax)
        #expect((error.location.line, error.location.column) == (2, 11))
        #expect(error.message.contains("top-level 'await'"))
    }

    @Test func unknownLoaderPrefix() throws {
        let error = try #require(try Self.error(entry: "\nimport 'style-loader!./a.css';"))
        #expect(error.kind == .moduleNotFound)
        #expect((error.location.line, error.location.column) == (2, 8))
        #expect(error.message.contains("unknown loader 'style-loader!'"))
    }

    @Test func otherFileTypesAreRejected() throws {
        let error = try #require(
            try Self.error(entry: "import './style.css';", extra: ["UserScripts/MainFrame/AtDocumentStart/style.css": "a { }"]))
        #expect(error.kind == .moduleNotFound)
        #expect((error.location.line, error.location.column) == (1, 8))
        #expect(error.message.contains("wkpack bundles .js, .mjs, .cjs and .json files only"))
    }

    @Test func unmappedBuiltinNamesTheConfigKey() throws {
        let error = try #require(try Self.error(entry: "function f() {\n  return require('url');\n}\nmodule.exports = f;"))
        #expect(error.kind == .moduleNotFound)
        #expect((error.location.line, error.location.column) == (2, 18))
        #expect(error.message.contains("Node.js built-in module 'url'"))
        #expect(error.message.contains("'scripts: fallback: {url: <module path or false>}'"))
        #expect(error.message.hasSuffix("wkpack.yml"))
    }

    @Test func builtinMappedToFalseIsAnEmptyModule() throws {
        let found = try Self.error(entry: "module.exports = require('node:fs');", fallbacks: ["fs": nil])
        #expect(found == nil)
    }

    @Test func parseErrorsInModulesAreLocated() throws {
        let error = try #require(
            try Self.error(
                entry: "import x from './x.js';\nlet = ;", extra: ["UserScripts/MainFrame/AtDocumentStart/x.js": "export default 1;"]))
        #expect(error.kind == .syntax(.unexpectedToken))
        #expect((error.location.line, error.location.column) == (2, 7))
    }

    @Test func invalidJSONModule() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(
            [
                "UserScripts/MainFrame/AtDocumentStart/entry.js": "import d from './d.json';",
                "UserScripts/MainFrame/AtDocumentStart/d.json": "{nope}",
            ], under: folder)
        let configuration = BundleConfiguration(root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder)
        #expect(throws: BundlerError.self) { try ScriptBundler().build(configuration) }
    }
}
