import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Production bundles leave out export getters nobody reads and top-level functions nothing reaches
/// (`ExportUsage`, `UnusedDeclarationFinder`); development bundles keep everything. Both must log the same
/// as each other, as the expected log and (when installed) as esbuild's bundle of the same entry.
@Suite struct UnusedCodeTests {
    struct Outcome {
        let development: String
        let production: String
        let log: [String]
    }

    /// Bundles `files` (paths under the group folder; `entry.js` is the only entry) in both modes, runs both
    /// bundles (and esbuild's, if present) and checks they log `expected`.
    /// `target`: the syntax the sources may use; `projectFiles`: more files, by path from the project folder.
    static func bundle(
        _ files: [String: String], expecting expected: [String], comparingWithEsbuild: Bool = true, target: ScriptTarget = .default,
        projectFiles: [String: String] = [:]
    ) throws -> Outcome? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let group = "UserScripts/MainFrame/AtDocumentStart/"
        var tree: [String: String] = projectFiles
        for (name, text) in files { tree[group + (name == "entry.js" ? "" : "lib/") + name] = text }
        try TestSupport.write(tree, under: folder)
        var codes: [String: String] = [:]
        for mode in [BundleMode.development, .production] {
            let name = mode.rawValue
            let output = folder + "/Assets-" + name
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: output, projectFolder: folder, mode: mode, sourceMaps: .none,
                target: target)
            let bundler = ScriptBundler()
            _ = try bundler.write(try bundler.build(configuration), to: output)
            let path = output + "/MainFrameAtDocumentStart.js"
            codes[name] = try String(contentsOfFile: path, encoding: .utf8)
            guard let log = try ModuleBundleTests.run(path) else { return nil }
            #expect(log == expected, "\(name) bundle")
        }
        if comparingWithEsbuild, let esbuild = TestSupport.executable("esbuild") {
            let result = try TestSupport.run(
                esbuild,
                [
                    "--bundle", "--format=iife", "--log-level=error", folder + "/" + group + "entry.js",
                    "--outfile=" + folder + "/esbuild-out.js",
                ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try ModuleBundleTests.run(folder + "/esbuild-out.js") == expected, "esbuild bundle")
        } else if comparingWithEsbuild {
            print("esbuild is not on PATH (Debian's esbuild); comparing with the expected log only")
        }
        return Outcome(
            development: codes["development"] ?? "", production: codes["production"] ?? "", log: expected)
    }

    @Test func unusedExportsAndUnreachableFunctionsAreDropped() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": """
                    import { used, viaHelper } from "./lib/tools.js";
                    __log.push(used() + " " + viaHelper());
                    """,
                    "tools.js": """
                    export function used() { return "used" + hoisted(); }
                    export function unused() { return "DROP-unused " + alsoUnused(); }
                    function alsoUnused() { return "DROP-alsoUnused"; }
                    function hoisted() { return "+hoisted"; }
                    function helper() { return "helper"; }
                    export async function unusedAsync() { return "DROP-async"; }
                    export function* unusedGenerator() { yield "DROP-generator"; }
                    function ping(n) { return n > 0 ? pong(n - 1) : "DROP-ping"; }
                    function pong(n) { return ping(n); }
                    export const viaHelper = () => helper();
                    """,
                ], expecting: ["used+hoisted helper"])
        else { return }
        for marker in ["DROP-unused", "DROP-alsoUnused", "DROP-async", "DROP-generator", "DROP-ping"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        #expect(outcome.production.contains("+hoisted") && outcome.production.contains("\"helper\""))
    }

    @Test func droppingAFunctionKeepsTheStatementsApart() throws {
        // Without a `;` in its place, `1` and the parenthesised function would become a call.
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": "import { value } from \"./lib/asi.js\";\n__log.push(\"value \" + value);",
                    "asi.js": """
                    export let value = 1
                    function unused() { return "DROP-asi"; }
                    (function () { value += 1; })()
                    export function unusedToo() { return "DROP-asi-2"; }
                    [value] = [value * 10]
                    """,
                ], expecting: ["value 20"])
        else { return }
        #expect(!outcome.production.contains("DROP-asi"))
    }

    @Test func observableNamespacesKeepEveryExport() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": """
                    import * as star from "./lib/star.js";
                    import { fromHub } from "./lib/hub.js";
                    const required = require("./lib/required.js");
                    __log.push(Object.keys(star).join(",") + " " + star.keepStar() + " " + fromHub());
                    __log.push(Object.keys(required).join(",") + " " + required.keepRequired());
                    import("./lib/dynamic.js").then((ns) => __log.push(Object.keys(ns).join(",") + " " + ns.keepDynamic()));
                    """,
                    "star.js": "export function keepStar() { return \"star\"; }\nexport function keepStar2() { return \"KEEP-star2\"; }",
                    "hub.js": "export * from \"./inner.js\";",
                    "inner.js": "export function fromHub() { return \"hub\"; }\nexport function innerOther() { return \"KEEP-inner\"; }",
                    "required.js":
                        "export function keepRequired() { return \"required\"; }\nexport function other() { return \"KEEP-required\"; }",
                    "dynamic.js":
                        "export function keepDynamic() { return \"dynamic\"; }\nexport function more() { return \"KEEP-dynamic\"; }",
                ], expecting: ["keepStar,keepStar2 star hub", "keepRequired,other required", "keepDynamic,more dynamic"])
        else { return }
        for marker in ["KEEP-star2", "KEEP-inner", "KEEP-required", "KEEP-dynamic"] {
            #expect(outcome.production.contains(marker), "\(marker) was dropped")
        }
    }

    @Test func reexportsDefaultsAndEvalKeepWhatTheyReach() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": """
                    import named, { again, viaEval } from "./lib/forward.js";
                    __log.push(named() + " " + again() + " " + viaEval());
                    """,
                    "forward.js": """
                    export { original as again } from "./original.js";
                    export { default } from "./default.js";
                    export { viaEval } from "./eval.js";
                    """,
                    "original.js":
                        "export function original() { return \"again\"; }\nexport function notAgain() { return \"DROP-original\"; }",
                    "default.js":
                        "export default function named() { return \"named\"; }\nfunction unusedHere() { return \"DROP-default\"; }",
                    "eval.js":
                        "function secret() { return \"KEEP-eval\"; }\nexport function viaEval() { return eval(\"secret\")().slice(5); }",
                ], expecting: ["named again eval"])
        else { return }
        #expect(!outcome.production.contains("DROP-original") && !outcome.production.contains("DROP-default"))
        #expect(outcome.production.contains("KEEP-eval"))
    }

    @Test func cyclesAndLiveBindingsAcrossPrunedModules() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": """
                    import { a, count, bump } from "./lib/a.js";
                    __log.push(a() + " " + count);
                    bump();
                    __log.push("count " + count);
                    """,
                    "a.js": """
                    import { b } from "./b.js";
                    export { count, bump } from "./counter.js";
                    export function a() { return "a>" + b(); }
                    export function fromA() { return "A"; }
                    export function unusedA() { return "DROP-a"; }
                    """,
                    "b.js": """
                    import { fromA } from "./a.js";
                    export function b() { return "b>" + fromA(); }
                    export function unusedB() { return "DROP-b"; }
                    """,
                    "counter.js":
                        "export let count = 0;\nexport function bump() { count += 1; }\nexport function reset() { count = 0; return \"DROP-counter\"; }",
                ], expecting: ["a>b>A 0", "count 1"])
        else { return }
        for marker in ["DROP-a", "DROP-b", "DROP-counter"] {
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
    }

    @Test func entriesStillRunAndExportNothing() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": """
                    export function unusedEntryExport() { return "DROP-entry"; }
                    export function register() { __log.push("registered"); }
                    register();
                    """
                ], expecting: ["registered"])
        else { return }
        #expect(!outcome.production.contains("DROP-entry"))
    }

    @Test func sideEffectFreeConstantsAreDroppedWithExactStatementEnds() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js":
                        "import { side, used, bump, count } from \"./lib/consts.js\";\nbump();\n__log.push(side + \" \" + used() + \" \" + count);",
                    "consts.js": """
                    export let side = 0
                    const unusedArrow = (x) => x * 2 + "DROP-arrow"
                    side += 1
                    const unusedLiteral = "DROP-literal"
                    ;[side] = [side + 10]
                    const unusedObject = { name: "DROP-object", n: -1, list: [1, "x", null, true], "key": `t`, [\"computed\"]: 0 }
                    const chain = (list) =>
                      list
                        .filter(Boolean)
                        .map((x) => "DROP-chain" + x)
                    const unusedAfter = (x) => x + "DROP-after"
                    __log.push("statement after an arrow body")
                    const blockArrow = () => { return "DROP-block"; }
                    (function () { __log.push("call after a block arrow"); })()
                    const template = (x) => `DROP-template ${
                      x
                    }`
                    export const asyncArrow = async (x) => await x + "DROP-async-arrow";
                    const frozen = Object.freeze({ keep: "KEEP-freeze" });
                    const init = (() => { __log.push("initializer ran"); return "KEEP-init"; })();
                    const a = "KEEP-multi-a", b = "KEEP-multi-b";
                    export let count = 0
                    export function bump() { count++ }
                    const helper = (x) => "help:" + x
                    export const used = () => helper("used")
                    """,
                ], expecting: ["statement after an arrow body", "call after a block arrow", "initializer ran", "11 help:used 1"])
        else { return }
        for marker in [
            "DROP-arrow", "DROP-literal", "DROP-object", "DROP-chain", "DROP-after", "DROP-block", "DROP-template", "DROP-async-arrow",
        ] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        for marker in ["KEEP-freeze", "KEEP-init", "KEEP-multi-a", "KEEP-multi-b", "help:"] {
            #expect(outcome.production.contains(marker), "\(marker) was dropped")
        }
    }
}

extension UnusedCodeTests {
    /// Real-world ES modules with named imports only, so most of lodash-es (Debian's node-lodash) is left out of
    /// the production bundle; it must still log what esbuild's bundle logs (when esbuild is installed).
    @Test(.enabled(if: DebianNodeCorpus.isInstalled("node-lodash"), DebianNodeCorpus.absence("node-lodash")))
    func lodashESNamedImportsMatchEsbuild() throws {
        let entry = """
            import { chunk, merge, template, camelCase, debounce, groupBy, isEqual, cloneDeep, sortBy, uniqBy } from "lodash-es";
            __log.push(JSON.stringify(chunk([1, 2, 3, 4, 5], 2)) + " " + JSON.stringify(merge({ a: { b: 1 } }, { a: { c: 2 } })));
            __log.push(template("hi <%= name %>")({ name: "wk" }) + " " + camelCase("Foo Bar-baz") + " " + typeof debounce);
            __log.push(JSON.stringify(groupBy([1.2, 1.5, 2.1], Math.floor)) + " " + isEqual({ x: [1] }, { x: [1] }));
            const deep = { a: [{ b: new Date(0) }] };
            __log.push(String(cloneDeep(deep).a[0].b.getTime()) + " " + JSON.stringify(sortBy([3, 1, 2])) + " " + uniqBy([2.1, 1.2, 2.3], Math.floor));
            """
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(["UserScripts/MainFrame/AtDocumentStart/entry.js": entry], under: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/node_modules", withDestinationPath: "/usr/share/nodejs")
        var sizes: [BundleMode: Int] = [:]
        var logs: [BundleMode: [String]] = [:]
        for mode in [BundleMode.development, .production] {
            let output = folder + "/Assets-" + mode.rawValue
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: output, projectFolder: folder, mode: mode, sourceMaps: .none)
            let bundler = ScriptBundler()
            let bundles = try bundler.build(configuration)
            _ = try bundler.write(bundles, to: output)
            sizes[mode] = bundles.first?.code.count
            logs[mode] = try ModuleBundleTests.run(output + "/MainFrameAtDocumentStart.js")
        }
        let expected = [
            "[[1,2],[3,4],[5]] {\"a\":{\"b\":1,\"c\":2}}", "hi wk fooBarBaz function", "{\"1\":[1.2,1.5],\"2\":[2.1]} true",
            "0 [1,2,3] 2.1,1.2",
        ]
        #expect(logs[.development] == expected)
        #expect(logs[.production] == expected)
        if let esbuild = TestSupport.executable("esbuild") {
            let result = try TestSupport.run(
                esbuild,
                [
                    "--bundle", "--format=iife", "--log-level=error", folder + "/UserScripts/MainFrame/AtDocumentStart/entry.js",
                    "--outfile=" + folder + "/esbuild-out.js",
                ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try ModuleBundleTests.run(folder + "/esbuild-out.js") == expected)
        } else {
            print("esbuild is not on PATH (Debian's esbuild); comparing with the expected log only")
        }
        // Most of lodash-es is unreachable from ten functions.
        let development = try #require(sizes[.development]), production = try #require(sizes[.production])
        #expect(production * 3 < development, "production \(production) B, development \(development) B")
    }
}

extension UnusedCodeTests {
    @Test func shortNamespaceKeysAreDistinctIdentifiers() {
        let keys = (0..<3000).map(ModuleLinker.shortKey)
        #expect(Set(keys).count == keys.count)
        #expect(keys.allSatisfy(ModuleLinker.isIdentifierName))
        #expect(Array(keys.prefix(3)) == ["a", "b", "c"])
    }

    @Test func privateNamespacesUseShortKeysAndStarredOnesKeepNames() throws {
        guard
            let outcome = try Self.bundle(
                [
                    "entry.js": """
                    import { longExportedName, viaStar, again } from "./lib/hub.js";
                    import * as hub from "./lib/hub.js";
                    __log.push(longExportedName() + " " + viaStar + " " + again + " " + Object.keys(hub).length);
                    """,
                    "hub.js": "export { longExportedName, renamedTwice as again } from \"./private.js\";\nexport * from \"./starred.js\";",
                    "private.js": "export function longExportedName() { return \"long\"; }\nexport const renamedTwice = \"twice\";",
                    "starred.js": "export const viaStar = \"star\";",
                ], expecting: ["long star twice 3"])
        else { return }
        // The namespace of hub.js is a value, so hub.js and what it imports keep their registry wrappers (production
        // hoists the others). private.js is only read by name: its keys are short and its local names are minified away.
        #expect(outcome.development.contains("renamedTwice"))
        #expect(!outcome.production.contains("renamedTwice"))
        // hub.js has an `export *`, so it keeps the real names.
        #expect(outcome.production.contains("viaStar") && outcome.production.contains("longExportedName"))
    }
}

extension UnusedCodeTests {
    @Test func oddExportNamesKeepTheirKeys() throws {
        _ = try Self.bundle(
            [
                "entry.js": """
                import * as ns from "./lib/odd.js";
                import { "__proto__" as proto, class as klass } from "./lib/named.js";
                __log.push(Object.keys(ns).join(",") + " " + ns["__proto__"] + " " + ns.class + " " + ns.default + " " + ns["a-b"]);
                __log.push(proto + " " + klass);
                """,
                "odd.js":
                    "const p = \"proto\", c = \"klass\", d = \"dflt\", ab = \"dash\";\nexport { p as \"__proto__\", c as class, d as default, ab as \"a-b\" };",
                "named.js": "const p = \"proto2\", c = \"klass2\";\nexport { p as \"__proto__\", c as class };",
            ], expecting: ["__proto__,a-b,class,default proto klass dflt dash", "proto2 klass2"], comparingWithEsbuild: false)
        // esbuild 0.17 leaves `__proto__` out of the namespace's keys (its export table is an object literal).
    }
}
