import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The module runtime holds only the helpers a bundle's modules call, and each helper still works alone.
@Suite struct ModuleRuntimeTests {
    static func developmentBundle(_ files: [String: String], mode: BundleMode = .development) throws -> (code: String, log: [String]?) {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var tree: [String: String] = [:]
        for (name, text) in files { tree["UserScripts/MainFrame/AtDocumentStart/" + (name == "entry.js" ? "" : "lib/") + name] = text }
        try TestSupport.write(tree, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: mode, sourceMaps: .none)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: folder + "/Assets")
        let path = folder + "/Assets/MainFrameAtDocumentStart.js"
        return (try String(contentsOfFile: path, encoding: .utf8), try ModuleBundleTests.run(path))
    }

    static func definedHelpers(_ code: String) -> [String] {
        ["__wkpack_export", "__wkpack_interop", "__wkpack_star", "__wkpack_import", "__wkpack_context"]
            .filter { code.contains("function " + $0 + "(") }
    }

    @Test func importsOfESModulesNeedNoInterop() throws {
        let (code, log) = try Self.developmentBundle([
            "entry.js": "import { a } from \"./lib/a.js\";\n__log.push(a);",
            "a.js": "export const a = \"a\";",
        ])
        #expect(Self.definedHelpers(code) == ["__wkpack_export"])
        #expect(log == ["a"])
    }

    /// A bundle of CommonJS modules that require each other by literal names: no helper, no lookup, no ES branch.
    @Test func staticCommonJSNeedsOnlyTheRegistry() throws {
        let (code, log) = try Self.developmentBundle([
            "entry.js": "const b = require(\"./lib/b.js\");\n__log.push(b.b + \" \" + typeof module);",
            "b.js": "exports.b = require(\"./c.json\").c;",
            "c.json": "{\"c\": \"from json\"}",
        ])
        #expect(Self.definedHelpers(code) == [])
        #expect(!code.contains("Cannot find module") && !code.contains("__esModule") && !code.contains("\"./lib/b.js\""))
        #expect(log == ["from json object"])
    }

    /// The interop namespace of CommonJS modules: default import with and without `__esModule`, namespace
    /// import, `import()`; the same in development, production and esbuild's bundle.
    @Test func interopOfCommonJSModules() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import plain from "./lib/plain.cjs";
                    import * as plainNs from "./lib/plain.cjs";
                    import flagged, { named } from "./lib/flagged.cjs";
                    import * as flaggedNs from "./lib/flagged.cjs";
                    __log.push(plain.p + " " + plainNs.p + " " + plainNs.default.p + " " + Object.keys(plainNs).sort().join(","));
                    __log.push(flagged + " " + named + " " + flaggedNs.default + " " + flaggedNs.named);
                    import("./lib/plain.cjs").then((ns) => __log.push("dynamic " + ns.p + " " + (ns.default === plain)));
                    """,
                    "plain.cjs": "exports.p = \"P\";",
                    "flagged.cjs":
                        "Object.defineProperty(exports, \"__esModule\", { value: true });\nexports.default = \"D\";\nexports.named = \"N\";",
                ], expecting: ["P P P default,p", "D N D N", "dynamic P true"])
        else { return }
        #expect(Self.definedHelpers(outcome.development).contains("__wkpack_interop"))
    }

    @Test func commonJSOnlyNeedsNoHelper() throws {
        let (code, log) = try Self.developmentBundle([
            "entry.js":
                "const b = require(\"./lib/b.js\");\n__log.push(b.b);\ntry { require(\"./lib/\" + \"missing.js\"); } catch (error) { __log.push(error.code); }",
            "b.js": "exports.b = \"b\";",
        ])
        #expect(Self.definedHelpers(code) == [])
        #expect(log == ["b", "MODULE_NOT_FOUND"])
    }

    @Test func dynamicImportBringsInterop() throws {
        let (code, log) = try Self.developmentBundle([
            // A CommonJS entry: no static import asks for `__wkpack_interop`, only `import()` does.
            "entry.js":
                "module.exports = 1;\nimport(\"./lib/c.js\").then((ns) => __log.push(ns.default.c + \" \" + ns.c + \" \" + Object.keys(ns).join(\",\")));",
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
        #expect(
            Self.definedHelpers(code) == ["__wkpack_export", "__wkpack_interop", "__wkpack_star", "__wkpack_context"]
                || Self.definedHelpers(code) == ["__wkpack_interop", "__wkpack_star", "__wkpack_context"])
        let first = try #require(log?.first)
        #expect(first.hasPrefix("d ./p.js p "))
        #expect(log?.last == "Cannot find module './none.js'")
    }

    @Test func shortRuntimeNamesAvoidTakenAndReservedNames() {
        let taken: Set<String> = ["a", "b", "c", "d", "e", "f"]
        let names = RuntimeNames.short(avoiding: taken)
        let all = [
            names.definitions, names.records, names.object, names.defineProperty, names.define, names.lookup,
            names.getter, names.require, names.export, names.interop, names.star, names.dynamicImport, names.context,
        ]
        #expect(Set(all).count == all.count)
        #expect(Set(all).isDisjoint(with: taken))
        #expect(all.allSatisfy { $0.utf8.count == 1 })
        #expect(names.define == "g")
        #expect(RuntimeNames.short(avoiding: taken) == names)
        // With every one-letter name taken, two-letter names follow, never a reserved word such as `do` or `if`.
        var letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".map(String.init))
        letters.insert("aa")
        let longer = RuntimeNames.short(avoiding: letters)
        #expect(longer.define == "ba")
        #expect(![longer.define, longer.require, longer.interop, longer.export, longer.getter, longer.object].contains("do"))
        #expect(!Set(RuntimeNames.reservedByRuntime).contains(longer.records))
    }

    @Test func productionRuntimeNamesAreShortAndShadowNothing() throws {
        // The modules read globals and keep locals (direct `eval`) named like short runtime names would be.
        let files = [
            "entry.js": """
            import { read, lazy } from "./lib/a.js";
            globalThis.d = "D"; globalThis.e = "E";
            __log.push(read());
            lazy().then((text) => __log.push(text));
            """,
            "a.js": """
            export function read() { return typeof d + " " + d + e + " " + typeof f; }
            export function lazy() { var g = "local g", h = 1; eval("h += 1"); return import("./b.js").then((ns) => g + " " + h + " " + ns.b); }
            """,
            "b.js": "export const b = \"bee\";",
        ]
        let (development, expected) = try Self.developmentBundle(files)
        let (production, log) = try Self.developmentBundle(files, mode: .production)
        #expect(development.contains("function __wkpack_define("))
        #expect(!production.contains("__wkpack_define") && !production.contains("function __wkpack_"))
        guard let log else { return }
        #expect(log == ["string DE undefined", "local g 2 bee"])
        #expect(log == expected)
    }
}
