import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Production tree shaking across modules (`ExportUsage(shaking:)`): a named import counts only when kept code
/// reads it, so code reached only from dropped code is dropped too; unused side-effect-free classes
/// (`SyntaxTopLevelDeclaration`) and literals of bindings go as well. Development and production bundles must log
/// the same (and as esbuild's bundle, when installed).
@Suite struct TreeShakingTests {
    /// Only a tree-shaking build asks the parse for the top-level declaration facts; a parse made without them (a
    /// watcher's, kept from a development build) is shaken exactly as one made with them.
    @Test func aParseWithoutTopLevelFactsIsShakenAsOneWithThem() throws {
        let source = Array("export function used() {}\nexport function unused() {}\nexport const dropped = [1, 2];\n".utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(source)
        func record(finding: Bool) throws -> ModuleRecord {
            let analysis = try JavaScriptParser.analyze(source, tokenization: tokenization, findingTopLevelDeclarations: finding)
            return ModuleRecord(id: 0, path: "/a.mjs", kind: .esModule, bytes: source, tokens: tokenization.tokens, analysis: analysis)
        }
        let with = try record(finding: true), without = try record(finding: false)
        #expect(with.analysis?.topLevelDeclarations?.count == 3)
        #expect(without.analysis?.topLevelDeclarations == nil)
        let expected = UnusedDeclarationFinder.unusedRanges(in: with, readExports: ["used"])
        #expect(expected.count == 2)
        #expect(UnusedDeclarationFinder.unusedRanges(in: without, readExports: ["used"]) == expected)
    }

    @Test func exportsReadOnlyByDroppedCodeAreDroppedAcrossModules() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { used } from "./lib/a.js";
                    __log.push(used());
                    """,
                    "a.js": """
                    import { fromB, alsoFromB } from "./b.js";
                    import { viaReexport } from "./hub.js";
                    export function used() { return "used " + alsoFromB(); }
                    export function unused() { return "DROP-a " + fromB() + viaReexport(); }
                    """,
                    "b.js": """
                    import { deep } from "./c.js";
                    export function fromB() { return "DROP-b " + deep(); }
                    export function alsoFromB() { return "b"; }
                    """,
                    "c.js": "export function deep() { return \"DROP-c\"; }\n__log.push(\"c ran\");",
                    "hub.js": "export { viaReexport } from \"./d.js\";",
                    "d.js": "export function viaReexport() { return \"DROP-d\"; }\n__log.push(\"d ran\");",
                ], expecting: ["c ran", "d ran", "used b"])
        else { return }
        for marker in ["DROP-a", "DROP-b", "DROP-c", "DROP-d"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
    }

    @Test func unusedPureClassesAreDroppedAndImpureOnesKept() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { Used, Child } from "./lib/classes.js";
                    __log.push(new Used().name() + " " + new Child().name());
                    """,
                    "classes.js": """
                    export class Used { name() { return "used"; } }
                    export class Child extends Used { name() { return "child"; } }
                    class Plain {
                      #entries = new Map();
                      static LIMIT = 12;
                      static label = "DROP-static";
                      static make = () => new Plain();
                      count = 0;
                      constructor() { this.note = "DROP-plain"; }
                      get size() { return this.#entries.size; }
                      *[Symbol.iterator]() { yield "x"; }
                      static async load() { return "DROP-load"; }
                    }
                    class Base { base() { return "DROP-base"; } }
                    class Derived extends Base { derived() { return "DROP-derived"; } }
                    export class UnusedExported { name() { return "DROP-exported"; } }
                    class WithBlock { static { __log.push("static block ran"); } keep() { return "KEEP-block"; } }
                    class WithCall { static value = __log.push("static initializer ran"); keep() { return "KEEP-call"; } }
                    const key = (__log.push("computed key ran"), "k");
                    class WithComputed { [key]() { return "KEEP-computed"; } }
                    class FromGlobal extends Object { keep() { return "KEEP-global-base"; } }
                    """,
                ], expecting: ["static block ran", "static initializer ran", "computed key ran", "used child"], target: .newest)
        else { return }
        for marker in ["DROP-static", "DROP-plain", "DROP-load", "DROP-base", "DROP-derived", "DROP-exported"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        for marker in ["KEEP-block", "KEEP-call", "KEEP-computed", "KEEP-global-base"] {
            #expect(outcome.production.contains(marker), "\(marker) was dropped")
        }
    }

    @Test func literalsOfBindingsAreDroppedWithWhatTheyRead() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { kept } from "./lib/uses.js";
                    __log.push(kept.map((f) => f()).join(" "));
                    """,
                    "uses.js": """
                    import { dep, other } from "./dep.js";
                    function local() { return "local"; }
                    export const uses = [dep, local];
                    export const table = { dep, call: local };
                    export const kept = [other];
                    var early = "KEEP-var";
                    const later = [early, tag`x`];
                    function tag() { return "KEEP-tag"; }
                    """,
                    "dep.js": "export function dep() { return \"DROP-dep\"; }\nexport function other() { return \"other\"; }",
                ], expecting: ["other"])
        else { return }
        for marker in ["DROP-dep", "\"local\""] {
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        // A tagged template calls its tag: that statement stays, with what it reads.
        #expect(outcome.production.contains("KEEP-tag") && outcome.production.contains("KEEP-var"))
    }

    @Test func liveBindingsAndCyclesSurviveShaking() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { Counter, read } from "./lib/state.js";
                    const c = new Counter();
                    c.bump(); c.bump();
                    __log.push("count " + read());
                    """,
                    "state.js": """
                    import { label } from "./cycle.js";
                    export let count = 0;
                    export class Counter { bump() { count += 1; } }
                    export function read() { return count + " " + label(); }
                    export function unusedState() { return "DROP-state"; }
                    """,
                    "cycle.js": """
                    import { count } from "./state.js";
                    export function label() { return "seen " + count; }
                    export class UnusedCycle { get() { return count + "DROP-cycle"; } }
                    """,
                ], expecting: ["count 2 seen 2"])
        else { return }
        for marker in ["DROP-state", "DROP-cycle"] {
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
    }

    @Test func pureAnnotatedCallsAreDroppedWhenUnused() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": "import { used } from \"./lib/pure.js\";\n__log.push(used);",
                    "pure.js": """
                    function make(x) { return { x }; }
                    const dropped = /* @__PURE__ */ make("DROP-pure");
                    const droppedNew = /* #__PURE__ */ new Map([["DROP-hash", 1]]);
                    const droppedMember = /*@__PURE__*/ Object.freeze({ a: "DROP-member" });
                    const kept = make("KEEP-unannotated");
                    const notACall = /* @__PURE__ */ make("KEEP-member").x;
                    const notPureArguments = /* @__PURE__ */ make(kept.x + "KEEP-arguments");
                    export const used = make("used").x;
                    """,
                ], expecting: ["used"])
        else { return }
        for marker in ["DROP-pure", "DROP-hash", "DROP-member"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        for marker in ["KEEP-unannotated", "KEEP-member", "KEEP-arguments"] {
            #expect(outcome.production.contains(marker), "\(marker) was dropped")
        }
    }

    @Test func modulesWithoutEffectsAreLeftOutWhenNothingIsRead() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import "./lib/bare.js";
                    import { unusedHere } from "./lib/chain.js";
                    import { effect } from "./lib/effect.js";
                    import { kept } from "./lib/kept.js";
                    __log.push("entry " + kept());
                    """,
                    "bare.js": "export function bare() { return \"DROP-bare\"; }\nexport const table = { bare };",
                    "chain.js": "\"use strict\";\nimport { leaf } from \"./leaf.js\";\nexport function unusedHere() { return leaf(); }",
                    "leaf.js":
                        "export class Leaf { name() { return \"DROP-leaf\"; } }\nexport function leaf() { return \"DROP-leaf-fn\"; };",
                    "effect.js":
                        "import \"./pure-dep.js\";\nexport function effect() { return \"KEEP-effect-fn\"; }\n__log.push(\"effect ran\");",
                    "pure-dep.js": "export const value = \"DROP-pure-dep\";",
                    "kept.js": "import { helper } from \"./pure-dep2.js\";\nexport function kept() { return helper(); }",
                    "pure-dep2.js": "export function helper() { return \"helper\"; }\nexport function other() { return \"DROP-other\"; }",
                ], expecting: ["effect ran", "entry helper"])
        else { return }
        for marker in ["DROP-bare", "DROP-leaf", "DROP-leaf-fn", "DROP-pure-dep", "DROP-other"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        // Each ES module's definition says `"use strict"` once (chain.js twice): all eight modules are in development.
        // Production hoists the four that stay (the entry, effect.js, kept.js, pure-dep2.js) into one strict scope,
        // whose functions are what is left of them.
        func definitions(_ code: String) -> Int { code.components(separatedBy: "\"use strict\"").count - 1 }
        #expect(definitions(outcome.development) == 9)
        #expect(definitions(outcome.production) == 1)
        for marker in ["effect ran", "\"helper\""] { #expect(outcome.production.contains(marker)) }
    }

    @Test func packageSideEffectsLeaveOutUnusedFiles() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import "pure-pkg/unused.js";
                    import { value } from "pure-pkg/index.js";
                    import "pure-pkg/styles.js";
                    import "pure-pkg/deep/setup.js";
                    import { unused } from "cjs-pkg";
                    __log.push("value " + value);
                    """
                ], expecting: ["styles ran", "setup ran", "value v"],
                projectFiles: [
                    "node_modules/pure-pkg/package.json": #"{"name": "pure-pkg", "sideEffects": ["./styles.js", "setup.js"]}"#,
                    "node_modules/pure-pkg/unused.js":
                        "const table = Object.keys({ a: 1 }).map((k) => k + \"DROP-unused-file\");\nexport const first = table[0];",
                    "node_modules/pure-pkg/index.js": "export const value = \"v\";",
                    "node_modules/pure-pkg/styles.js": "__log.push(\"styles ran\");",
                    "node_modules/pure-pkg/deep/setup.js": "__log.push(\"setup ran\");",
                    "node_modules/cjs-pkg/package.json": #"{"name": "cjs-pkg", "main": "main.js", "sideEffects": false}"#,
                    "node_modules/cjs-pkg/main.js": "exports.unused = Object.keys({ DROPcjs: 1 })[0];",
                ])
        else { return }
        for marker in ["DROP-unused-file", "DROPcjs"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
    }

    @Test(
        arguments: [
            (#"{"sideEffects": false}"#, "lib/a.js", true),
            (#"{"sideEffects": true}"#, "lib/a.js", false),
            (#"{"name": "x"}"#, "lib/a.js", false),
            (#"{"sideEffects": ["./lib/a.js"]}"#, "lib/a.js", false),
            (#"{"sideEffects": ["./lib/a.js"]}"#, "lib/b.js", true),
            (#"{"sideEffects": ["*.css", "polyfill.js"]}"#, "src/deep/polyfill.js", false),
            (#"{"sideEffects": ["*.css"]}"#, "src/index.js", true),
            (#"{"sideEffects": ["src/**/*.js"]}"#, "src/a/b/c.js", false),
            (#"{"sideEffects": ["src/**/*.js"]}"#, "src/c.js", false),
            (#"{"sideEffects": ["src/*.js"]}"#, "src/a/c.js", true),
            (#"{"sideEffects": ["src/?.js"]}"#, "src/a.js", false),
            (#"{"sideEffects": [1]}"#, "src/a.js", false),
        ] as [(String, String, Bool)])
    func sideEffectsGlobs(manifest: String, path: String, isFree: Bool) throws {
        let value = try #require(PackageJSONValue.parse(Array(manifest.utf8)))
        #expect((PackageSideEffects(value)?.isSideEffectFree(path) ?? false) == isFree, "\(manifest) \(path)")
    }

    @Test func destructuredRequiresReadOnlyTheirNames() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    const { used, renamed: r } = require("./lib/esm.js");
                    const whole = require("./lib/whole.js");
                    var { onlyHere } = require("./lib/other.js"), after = 1;
                    __log.push(used() + " " + r() + " " + onlyHere() + after);
                    __log.push(Object.keys(whole).join(","));
                    """,
                    "esm.js": """
                    export function used() { return "used"; }
                    export const renamed = () => "renamed";
                    export function unusedByRequire() { return "DROP-required"; }
                    """,
                    "whole.js": "export function a() { return \"KEEP-whole-a\"; }\nexport function b() { return \"KEEP-whole-b\"; }",
                    "other.js": "export function onlyHere() { return \"here\"; }\nexport function notHere() { return \"DROP-other\"; }",
                ], expecting: ["used renamed here1", "a,b"])
        else { return }
        for marker in ["DROP-required", "DROP-other"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        #expect(outcome.production.contains("KEEP-whole-a") && outcome.production.contains("KEEP-whole-b"))
    }

    /// What the parse's top-level facts (`SyntaxTopLevelDeclaration`) decide better than the token scans they
    /// replaced: a static field ended by a line break, an instance field holding an array, a curried arrow function
    /// and a constant after a line break and `++` are dropped; a member read (which may run a getter) is kept.
    @Test func theParsersExtentsDropWhatTheTokenScanKept() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { used } from "./lib/facts.js";
                    __log.push(used);
                    """,
                    "facts.js": """
                    let counter = 0
                    class StaticWithoutSemicolons { static label = "DROP-static-asi"
                      static other = 2 }
                    class InstanceArray { list = ["DROP-instance-array"]; }
                    const curried = () => () => { return "DROP-curried"; }
                    const afterIncrement = "DROP-after-increment"
                    ++counter
                    const holder = { get value() { __log.push("getter ran"); return "KEEP-getter"; } };
                    const read = holder["value"];
                    export const used = "used " + counter;
                    """,
                    // A target with class fields, so the classes reach tree shaking as written.
                ], expecting: ["getter ran", "used 1"], target: .newest)
        else { return }
        for marker in ["DROP-static-asi", "DROP-instance-array", "DROP-curried", "DROP-after-increment"] {
            #expect(outcome.development.contains(marker))
            #expect(!outcome.production.contains(marker), "\(marker) is still in the production bundle")
        }
        #expect(outcome.production.contains("KEEP-getter"))
    }
}
