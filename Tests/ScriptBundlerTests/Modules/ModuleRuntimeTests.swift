import Foundation
import Testing
@testable import ScriptBundler

/// The module runtime holds only the helpers a bundle's modules call, and each helper still works alone.
@Suite struct ModuleRuntimeTests {
    static func developmentBundle(_ files: [String: String]) throws -> (code: String, log: [String]?) {
        let folder = try TestSupport.temporaryFolder()
        var tree: [String: String] = [:]
        for (name, text) in files { tree["UserScripts/MainFrame/AtDocumentStart/" + (name == "entry.js" ? "" : "lib/") + name] = text }
        try TestSupport.write(tree, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .development, sourceMaps: .none)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: folder + "/Assets")
        let path = folder + "/Assets/MainFrameAtDocumentStart.js"
        return (try String(contentsOfFile: path, encoding: .utf8), try ModuleBundleTests.run(path))
    }

    static func definedHelpers(_ code: String) -> [String] {
        ["__wkpack_export", "__wkpack_interop", "__wkpack_star", "__wkpack_import", "__wkpack_context"]
            .filter { code.contains("function " + $0 + "(") }
    }

    @Test func namedImportsNeedOnlyExportAndInterop() throws {
        let (code, log) = try Self.developmentBundle([
            "entry.js": "import { a } from \"./lib/a.js\";\n__log.push(a);",
            "a.js": "export const a = \"a\";",
        ])
        #expect(Self.definedHelpers(code) == ["__wkpack_export", "__wkpack_interop"])
        #expect(log == ["a"])
    }

    @Test func commonJSOnlyNeedsNoHelper() throws {
        let (code, log) = try Self.developmentBundle([
            "entry.js": "const b = require(\"./lib/b.js\");\n__log.push(b.b);\ntry { require(\"./lib/\" + \"missing.js\"); } catch (error) { __log.push(error.code); }",
            "b.js": "exports.b = \"b\";",
        ])
        #expect(Self.definedHelpers(code) == [])
        #expect(log == ["b", "MODULE_NOT_FOUND"])
    }

    @Test func dynamicImportBringsInterop() throws {
        let (code, log) = try Self.developmentBundle([
            // A CommonJS entry: no static import asks for `__wkpack_interop`, only `import()` does.
            "entry.js": "module.exports = 1;\nimport(\"./lib/c.js\").then((ns) => __log.push(ns.default.c + \" \" + ns.c + \" \" + Object.keys(ns).join(\",\")));",
            "c.js": "module.exports = { c: \"c\" };",
        ])
        #expect(Self.definedHelpers(code) == ["__wkpack_interop", "__wkpack_import"])
        #expect(log == ["c c c,default"] || log == ["c c default,c"])
    }

    @Test func runtimeStarAndContext() throws {
        let (code, log) = try Self.developmentBundle([
            "entry.js": """
            import * as hub from "./lib/hub.js";
            const context = require.context("./lib/pages", false, /\\.js$/);
            __log.push(hub.d + " " + context.keys().join(",") + " " + context("./p.js").p + " " + context.resolve("./p.js"));
            try { context("./none.js"); } catch (error) { __log.push(error.message); }
            """,
            "hub.js": "export * from \"./d.cjs\";",
            "d.cjs": "exports.d = \"d\";",
            "pages/p.js": "exports.p = \"p\";",
        ])
        #expect(Self.definedHelpers(code) == ["__wkpack_export", "__wkpack_interop", "__wkpack_star", "__wkpack_context"]
            || Self.definedHelpers(code) == ["__wkpack_interop", "__wkpack_star", "__wkpack_context"])
        let first = try #require(log?.first)
        #expect(first.hasPrefix("d ./p.js p "))
        #expect(log?.last == "Cannot find module './none.js'")
    }
}
