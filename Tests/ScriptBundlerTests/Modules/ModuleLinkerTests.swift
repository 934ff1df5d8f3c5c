import Foundation
import Testing
@testable import ScriptBundler

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
            "reexport.js": "import { n, bump } from \"./counter.js\";\nexport { n, bump };\nexport function self() { return String(this); }",
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
            "cjs-esmodule.js": "Object.defineProperty(exports, \"__esModule\", { value: true }); exports.default = \"cjs-default\"; exports.a = \"cjs-a\";",
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
            "entry.js": "import \"./lib/a.js\"; import \"./lib/b.js\"; require(\"./lib/shared.js\"); import(\"./lib/shared.js\").then(() => __log.push(\"done\"));",
            "a.js": "import \"./shared.js\"; __log.push(\"a\");",
            "b.js": "import \"./shared.js\"; __log.push(\"b\");",
            "shared.js": "__log.push(\"shared\");",
        ])
        #expect(log == ["shared", "a", "b", "done"])
    }

    @Test func ownTopLevelNamesDoNotCollideWithTheWrapper() throws {
        let log = try Self.run([
            "entry.js": "import { g } from \"./lib/es.js\"; const c = require(\"./lib/cjs.js\"); __log.push(g + \" \" + c + \" \" + typeof global);",
            "es.js": "const global = \"es-own\"; const require = 1; export const g = global + require;",
            "cjs.js": "const global = \"cjs-own\"; let exports2 = global; module.exports = exports2 + \" \" + (typeof require);",
        ])
        #expect(log == ["es-own1 cjs-own function object"])
    }
}
