import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Export and import forms, bundled from small projects and run in node.
@Suite struct ModuleLinkerTests {
    /// Bundles `files` (paths under the group folder; `entry.js` is the entry) and returns the bundle's log.
    static func run(_ files: [String: String]) throws -> [String]? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var tree: [String: String] = [:]
        for (name, text) in files { tree["UserScripts/MainFrame/AtDocumentStart/" + (name == "entry.js" ? "" : "lib/") + name] = text }
        try TestSupport.write(tree, under: folder)
        let configuration = BundleConfiguration(root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: folder + "/Assets")
        return try ModuleBundleTests.run(folder + "/Assets/MainFrameAtDocumentStart.js")
    }

    @Test func defaultExportForms() throws {
        let log = try Self.run([
            "entry.js": """
            import f from "./lib/f.js"; import C from "./lib/c.js"; import v from "./lib/v.js"; import named, { default as again } from "./lib/named.js";
            __log.push(f() + " " + new C().k + " " + v + " " + named() + " " + (named === again));
            """,
            "f.js": "export default function () { return \"anon-f\"; }",
            "c.js": "export default class { constructor() { this.k = \"anon-class\"; } }",
            "v.js": "const x = 2\nexport default x * 21",
            "named.js": "export default function named() { return \"named-f\"; }",
        ])
        #expect(log == ["anon-f anon-class 42 named-f true"])
    }

    @Test func renamedStringAndReexportedNames() throws {
        let log = try Self.run([
            "entry.js": """
            import { "a-b" as ab, default as d, again, ns, fromCJS, plain } from "./lib/hub.js";
            import * as hub from "./lib/hub.js";
            __log.push([ab, d, again, ns.value, fromCJS, plain, Object.keys(hub).join(",")].join(" "));
            """,
            "hub.js": """
            import { value } from "./value.js";
            export { value as "a-b", value as default, value as again };
            export * as ns from "./value.js";
            export * from "./cjs.js";
            export { plain } from "./plain.js";
            """,
            "value.js": "export const value = \"v\";",
            "cjs.js": "exports.fromCJS = \"c\";",
            "plain.js": "export const plain = \"p\";",
        ])
        // Names from a CommonJS `export *` are only known at run time and come last.
        #expect(log == ["v v v v c p a-b,again,default,ns,plain,fromCJS"])
    }

    @Test func liveBindingsThroughReexportsCallsAndShorthand() throws {
        let log = try Self.run([
            "entry.js": """
            import { n, bump, self } from "./lib/reexport.js";
            const before = { n };
            bump();
            __log.push(before.n + " " + n + " " + self());
            """,
            "reexport.js":
                "import { n, bump } from \"./counter.js\";\nexport { n, bump };\nexport function self() { return String(this); }",
            "counter.js": "export let n = 1;\nexport function bump() { n += 1; }",
        ])
        #expect(log == ["1 2 undefined"])
    }

    @Test func commonJSInterop() throws {
        let log = try Self.run([
            "entry.js": """
            const es = require("./lib/es.js");
            import def, { a } from "./lib/cjs-esmodule.js";
            __log.push(es.default + " " + es.named + " " + es.__esModule + " " + def + " " + a);
            """,
            "es.js": "export default \"es-default\"; export const named = \"es-named\";",
            "cjs-esmodule.js":
                "Object.defineProperty(exports, \"__esModule\", { value: true }); exports.default = \"cjs-default\"; exports.a = \"cjs-a\";",
        ])
        #expect(log == ["es-default es-named true cjs-default cjs-a"])
    }

    @Test func shadowedImportNamesAreUntouched() throws {
        let log = try Self.run([
            "entry.js": """
            import { x } from "./lib/x.js";
            function f(x) { return x; }
            const g = () => { const x = "inner"; return x; };
            const o = { x: 1, y: x };
            __log.push(f("param") + " " + g() + " " + o.x + " " + o.y + " " + x);
            """,
            "x.js": "export const x = \"imported\";",
        ])
        #expect(log == ["param inner 1 imported imported"])
    }

    @Test func eachModuleIsEvaluatedOnce() throws {
        let log = try Self.run([
            "entry.js":
                "import \"./lib/a.js\"; import \"./lib/b.js\"; require(\"./lib/shared.js\"); import(\"./lib/shared.js\").then(() => __log.push(\"done\"));",
            "a.js": "import \"./shared.js\"; __log.push(\"a\");",
            "b.js": "import \"./shared.js\"; __log.push(\"b\");",
            "shared.js": "__log.push(\"shared\");",
        ])
        #expect(log == ["shared", "a", "b", "done"])
    }

    @Test func ownTopLevelNamesDoNotCollideWithTheWrapper() throws {
        let log = try Self.run([
            "entry.js":
                "import { g } from \"./lib/es.js\"; const c = require(\"./lib/cjs.js\"); __log.push(g + \" \" + c + \" \" + typeof global);",
            "es.js": "const global = \"es-own\"; const require = 1; export const g = global + require;",
            "cjs.js": "const global = \"cjs-own\"; let exports2 = global; module.exports = exports2 + \" \" + (typeof require);",
        ])
        #expect(log == ["es-own1 cjs-own function object"])
    }
    /// `require("…")` calls are written as calls of the registry with the module's ID; only a module that reads
    /// `require` otherwise keeps its map of requests, and an unknown request still fails as in node.
    @Test func staticRequiresAreCalledByID() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    const a = require("./lib/a.js");
                    const c = require("./lib/c.js");
                    const name = "./lib/" + "a.js";
                    __log.push(a.a + " " + a.self + " " + c + " " + (require(name) === a));
                    try { require("./lib/" + "missing.js"); } catch (error) { __log.push(error.code + " " + error.message); }
                    """,
                    "a.js": "exports.a = \"A\";\nexports.self = this === exports;",
                    "b.cjs": "module.exports = { b: \"B\" };",
                    "c.js": "module.exports = require(\"./b.cjs\").b + \"!\";",
                ], expecting: ["A true B! true", "MODULE_NOT_FOUND Cannot find module './lib/missing.js'"],
                comparingWithEsbuild: false)
        else { return }  // esbuild's iife cannot `require` a computed name
        for code in [outcome.development, outcome.production] {
            #expect(!code.contains("./b.cjs"), "c.js requires only by ID: no map of its requests")
            #expect(code.contains("Cannot find module"), "the entry reads `require(name)`: the lookup stays")
        }
    }

    struct WrapperCase: Sendable, CustomTestStringConvertible {
        let source: String
        let arrow: Bool
        var testDescription: String { source }
    }

    static let wrapperCases: [WrapperCase] = [
        WrapperCase(source: "exports.a = 1;", arrow: true),
        WrapperCase(source: "function f() { return this; }\nclass K { m() { return this; } }\nexports.f = f;", arrow: true),
        WrapperCase(source: "exports.self = this;", arrow: false),
        WrapperCase(source: "const g = () => this;\nexports.g = g;", arrow: false),
        WrapperCase(source: "exports.n = arguments.length;", arrow: false),
        WrapperCase(source: "function f() { return arguments[0]; }\nexports.f = f;", arrow: true),
        WrapperCase(source: "function F() { return new.target; }\nexports.F = F;", arrow: false),
    ]

    /// A wrapper is an arrow function only where the module's top level reads no `this`, `arguments` or `new.target`.
    @Test(arguments: wrapperCases) func arrowWrapperOnlyWhereTheBodyCannotTell(_ testCase: WrapperCase) throws {
        let record = try WrapperTypeofFoldingTests.record(testCase.source)
        #expect(ModuleLinker.canUseArrowWrapper(record) == testCase.arrow)
    }

    @Test func wrapperParametersDropUnusedTrailingOnes() {
        #expect(
            ModuleLinker.wrapperParameters([("module", false), ("exports", true), ("global", false), ("require", false)])
                == ["__wkpack_module", "exports"])
        #expect(ModuleLinker.wrapperParameters([("module", false), ("exports", false), ("global", false), ("require", false)]) == [])
        #expect(ModuleLinker.wrapperParameters([("__wkpack_ns", false), ("global", false)], keepingOne: true) == ["__wkpack_ns"])
        #expect(
            ModuleLinker.wrapperParameters([("module", true), ("exports", false), ("global", false), ("require", true)])
                == ["module", "__wkpack_exports", "__wkpack_global", "require"])
    }
    struct DroppedCase: Sendable, CustomTestStringConvertible {
        let source: String
        let endsStatement: Bool
        var testDescription: String { source }
    }

    static let droppedCases: [DroppedCase] = [
        DroppedCase(source: "foo()\nfunction unused() {}\nbar();", endsStatement: false),
        DroppedCase(source: "foo();\nfunction unused() {}\nbar();", endsStatement: true),
        DroppedCase(source: "function a() {}\nfunction unused() {}\nbar();", endsStatement: true),
        DroppedCase(source: "if (x) { y(); }\nfunction unused() {}\nbar();", endsStatement: true),
        // The `}` of a function expression ends no statement: `(bar)()` would call it.
        DroppedCase(source: "x = function () {}\nfunction unused() {}\n(bar)();", endsStatement: false),
        DroppedCase(source: "x = { a: 1 }\nfunction unused() {}\n[1].map(f);", endsStatement: false),
        // Nothing follows: the wrapper's `}` (or a hoisted module's terminator) closes the statement before.
        DroppedCase(source: "foo()\nfunction unused() {}", endsStatement: true),
        DroppedCase(source: "function unused() {}\nbar();", endsStatement: true),
    ]

    /// A dropped declaration leaves a `;` only where the statements around it would otherwise run together.
    @Test(arguments: droppedCases) func droppedDeclarationLeavesASemicolonOnlyWhereNeeded(_ testCase: DroppedCase) throws {
        let record = try WrapperTypeofFoldingTests.record(testCase.source)
        let name = try #require(record.tokens.firstIndex { String(decoding: record.bytes[$0.range], as: UTF8.self) == "unused" })
        // `function unused ( ) { }`
        #expect(ModuleLinker.endsStatementBefore((name - 1)..<(name + 5), in: record) == testCase.endsStatement)
    }
}
