import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Production scope hoisting (`ScopeHoisting`): ES modules run concatenated in one strict scope, the others keep
/// their registry wrappers. Each case runs the development bundle (every module wrapped) and the production one in
/// node and expects the same log (and esbuild's, when installed).
@Suite struct ScopeHoistingTests {
    /// The registry's own text (`{ exports: {} }` made for each module), present only when some module keeps its wrapper.
    static let registryMarker = "exports:"

    static func wrapperCount(_ code: String) -> Int { code.components(separatedBy: "\"use strict\"").count - 1 }

    /// `candidateName(at:)` spells every short name as `RuntimeNames.CandidateNames` lists it (step 5d).
    @Test func candidateNamesAreTheRuntimeSequence() {
        var candidates = RuntimeNames.CandidateNames()
        var index = 0
        var differing = 0
        while let name = candidates.next() {
            if ScopeHoisting.candidateName(at: index) != name { differing += 1 }
            index += 1
        }
        #expect(differing == 0)
        #expect(index == ShortNameSet.count)
    }

    @Test func esModulesRunInOrderWithLiveBindingsAndNoRegistry() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { count, bump } from "./lib/counter.js";
                    import { first } from "./lib/first.js";
                    import "./lib/second.js";
                    __log.push("entry " + first + " " + count);
                    bump();
                    __log.push("live " + count);
                    """,
                    "counter.js": "__log.push(\"counter\");\nexport let count = 0;\nexport function bump() { count += 1; }",
                    "first.js": "import { count } from \"./counter.js\";\n__log.push(\"first \" + count);\nexport const first = \"F\";",
                    "second.js": "import { first } from \"./first.js\";\n__log.push(\"second \" + first);",
                ], expecting: ["counter", "first 0", "second F", "entry F 0", "live 1"])
        else { return }
        #expect(outcome.development.contains(Self.registryMarker))
        #expect(!outcome.production.contains(Self.registryMarker), "an ES-only bundle needs no registry")
        #expect(Self.wrapperCount(outcome.production) == 1, "one strict scope for all modules: \(outcome.production)")
    }

    @Test func topLevelNamesOfModulesAreDeconflicted() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { read as readA } from "./lib/a.js";
                    import { read as readB, helper } from "./lib/b.js";
                    const value = "entry";
                    function local(helper) { return helper + value; }
                    __log.push(readA() + " " + readB() + " " + helper() + " " + local("x-"));
                    """,
                    "a.js": "const value = \"a\";\nfunction helper() { return value; }\nexport function read() { return helper(); }",
                    "b.js": """
                    let value = "b";
                    export function helper() { const value = "inner"; return value; }
                    export function read() { return [1].map((read) => value + read).join(); }
                    """,
                ], expecting: ["a b1 inner x-entry"])
        else { return }
        #expect(!outcome.production.contains(Self.registryMarker))
    }

    @Test func topLevelThisIsUndefinedAndModulesStayStrictBesidePlainScripts() throws {
        let group = "UserScripts/MainFrame/AtDocumentStart/"
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { mode, arrowThis } from "./lib/strict.js";
                    __log.push("module this " + typeof this + " " + arrowThis + " " + mode());
                    """,
                    "strict.js": """
                    export const arrowThis = (() => typeof this)();
                    export function mode() { return (function () { return this === undefined ? "strict" : "sloppy"; })(); }
                    """,
                ], expecting: ["plain first sloppy object", "module this undefined undefined strict", "plain last sloppy 1"],
                comparingWithEsbuild: false,
                projectFiles: [
                    group + "0_first.js":
                        "__log.push(\"plain first \" + (function () { return this === undefined ? \"strict\" : \"sloppy\"; })() + \" \" + typeof this);",
                    group + "z_last.js":
                        "undeclaredGlobal = 1;\n__log.push(\"plain last \" + (function () { return this ? \"sloppy\" : \"strict\"; })() + \" \" + undeclaredGlobal);",
                ])
        else { return }
        #expect(!outcome.production.contains(Self.registryMarker))
    }

    /// A hoisted module's top-level `this` is `undefined`: written `(void 0)` where it is an operand of a member access,
    /// a call, a tagged template, `**` or `new` (`void 0 .y = 1` does not parse; `void 0 .y` would read `0 .y`).
    @Test func topLevelThisBeforeAMemberAccessStaysUndefined() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { probe } from "./lib/probe.js";
                    __log.push(probe);
                    """,
                    "probe.js": """
                    const caught = [];
                    try { this.y = 1; } catch (error) { caught.push(error.constructor.name); }
                    try { caught.push(this.z); } catch (error) { caught.push(error.constructor.name); }
                    try { this[0](); } catch (error) { caught.push(error.constructor.name); }
                    try { this(); } catch (error) { caught.push(error.constructor.name); }
                    try { this`x`; } catch (error) { caught.push(error.constructor.name); }
                    try { new this.C(); } catch (error) { caught.push(error.constructor.name); }
                    try { new this(); } catch (error) { caught.push(error.constructor.name); }
                    this || caught.push("falsy");
                    export const probe = caught.join() + " " + this ** 2 + " " + this?.x + " " + typeof this + " " + -this;
                    """,
                ],
                expecting: ["TypeError,TypeError,TypeError,TypeError,TypeError,TypeError,TypeError,falsy NaN undefined undefined NaN"])
        else { return }
        #expect(!outcome.production.contains(Self.registryMarker))
        #expect(!outcome.production.contains("void 0 ."), "\(outcome.production)")
    }

    @Test func defaultExportsReexportsAndNamespaces() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import fn, { Klass, value } from "./lib/hub.js";
                    import expression from "./lib/expression.js";
                    import * as tools from "./lib/tools.js";
                    import * as whole from "./lib/whole.js";
                    __log.push(fn() + " " + new Klass().name() + " " + value + " " + expression);
                    __log.push(tools.double(2) + " " + tools.triple(2));
                    __log.push(Object.keys(whole).join() + " " + whole[Symbol.toStringTag] + " " + Object.getPrototypeOf(whole) + " " + whole.__esModule);
                    const pass = (namespace) => namespace;
                    pass(whole).bump();
                    __log.push(pass(whole).b + " " + JSON.stringify(whole) + " " + Object.isFrozen(whole));
                    import * as again from "./lib/reexports.js";
                    __log.push(Object.keys(again.inner).join() + " " + (again.inner === whole));
                    """,
                    "hub.js": """
                    export { default } from "./anonymous.js";
                    export { default as Klass } from "./klass.js";
                    export * from "./values.js";
                    """,
                    "anonymous.js": "export default function () { return \"anon\"; }",
                    "klass.js": "export default class { name() { return \"klass\"; } }",
                    "values.js": "export const value = 42;",
                    "expression.js": "let n = 1;\nexport default n + 1;\nn = 5;",
                    "tools.js": "export const double = (x) => x * 2;\nexport function triple(x) { return x * 3; }",
                    "whole.js": "export let b = 1;\nexport const a = 2;\nexport function bump() { b += 1; }",
                    "reexports.js": "export * as inner from \"./whole.js\";",
                ], expecting: ["anon klass 42 2", "4 6", "a,b,bump Module null true", "2 {\"a\":2,\"b\":2} false", "a,b,bump true"],
                comparingWithEsbuild: false)
        else { return }  // esbuild's namespaces have no toStringTag
        // Namespaces used as values are objects made beside the hoisted modules: no module needs the registry.
        #expect(!outcome.production.contains(Self.registryMarker))
        #expect(Self.wrapperCount(outcome.production) == 1, "\(outcome.production)")
    }

    @Test func commonJSAndCyclesKeepTheirWrappersInEvaluationOrder() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { one } from "./lib/one.js";
                    import legacy, { named } from "./lib/legacy.cjs";
                    import { two } from "./lib/two.js";
                    import { ping } from "./lib/ping.js";
                    import { viaRequire } from "./lib/requires.cjs";
                    __log.push(one + " " + legacy.kind + " " + named + " " + two + " " + ping(3) + " " + viaRequire);
                    """,
                    "one.js": "__log.push(\"one\");\nexport const one = 1;",
                    "legacy.cjs": "__log.push(\"legacy\");\nmodule.exports = { kind: \"cjs\", named: \"N\" };",
                    "two.js": "__log.push(\"two\");\nexport const two = 2;",
                    "ping.js":
                        "import { pong } from \"./pong.js\";\n__log.push(\"ping\");\nexport function ping(n) { return n ? pong(n - 1) : \"done\"; }",
                    "pong.js": "import { ping } from \"./ping.js\";\n__log.push(\"pong\");\nexport function pong(n) { return ping(n); }",
                    "requires.cjs": "const { required } = require(\"./required.js\");\nexports.viaRequire = required;",
                    "required.js": "__log.push(\"required\");\nexport const required = \"R\";",
                ], expecting: ["one", "legacy", "two", "pong", "ping", "required", "1 cjs N 2 done R"])
        else { return }
        #expect(outcome.production.contains(Self.registryMarker))
    }

    @Test func evalKeepsItsModuleWrappedAndItsImportsToo() throws {
        guard
            let outcome = try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { evaluated } from "./lib/evaluates.js";
                    import { plain } from "./lib/plain.js";
                    __log.push(evaluated + " " + plain);
                    """,
                    "evaluates.js":
                        "import { base } from \"./base.js\";\nconst secret = 40;\nexport const evaluated = eval(\"secret\") + base;",
                    "base.js": "export const base = 2;",
                    "plain.js": "export const plain = \"hoisted\";",
                ], expecting: ["42 hoisted"])
        else { return }
        #expect(outcome.production.contains(Self.registryMarker))
    }

    @Test func temporalDeadZoneIsKept() throws {
        guard
            try UnusedCodeTests.bundle(
                [
                    "entry.js": """
                    import { early } from "./lib/tdz.js";
                    __log.push(early);
                    """,
                    "tdz.js": """
                    let early;
                    try { early = later; } catch (error) { early = error.name; }
                    const later = 1;
                    export { early };
                    """,
                ], expecting: ["ReferenceError"], comparingWithEsbuild: false) != nil
        else { return }  // esbuild writes top-level `const` as `var`
    }

    @Test func hoistingPlanKeepsWhatTheRegistryMustSee() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(
            [
                "entry.js":
                    "import { a } from \"./a.js\";\nimport \"./cjs.js\";\nimport(\"./lazy.js\");\nimport { p } from \"./p.js\";\nglobalThis.out = a + p;\n",
                "a.js": "import { b } from \"./b.js\";\nexport const a = b;",
                "b.js": "export const b = 1;",
                "cjs.js": "require(\"./required.js\");",
                "required.js": "export const r = 1;",
                "lazy.js": "export const l = 1;",
                "p.js": "import { q } from \"./q.js\";\nexport const p = q;",
                "q.js": "import { p } from \"./p.js\";\nexport const q = 1;",
            ], under: folder)
        let path = folder + "/entry.js"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let graph = try #require(
            try ModuleGraph.build(
                entries: [(path, bytes)], fileSystem: LocalFileSystem(), options: ModuleResolutionOptions()))
        var linker = ModuleLinker(graph: graph, dropsUnused: true)
        let plan = ScopeHoisting(graph: graph, linker: &linker, inlineEntries: [], taken: ShortNameSet())
        func hoisted(_ name: String) -> Bool {
            let id = graph.records.firstIndex { $0.path.hasSuffix("/" + name) } ?? -1
            return id >= 0 && plan.isHoisted[id]
        }
        #expect(hoisted("entry.js") && hoisted("a.js") && hoisted("b.js"))
        #expect(!hoisted("cjs.js") && !hoisted("required.js") && !hoisted("lazy.js"))
        #expect(!hoisted("p.js") && !hoisted("q.js"), "modules of a cycle keep their wrappers")
        // Post-order: b before a before the entry; the CommonJS module is required where the entry imports it.
        let order = plan.steps.map { step -> String in
            switch step {
            case .module(let id): return "M " + Paths.fileName(of: graph.records[id].path)
            case .wrappedImport(let id): return "W " + Paths.fileName(of: graph.records[id].path)
            case .wrappedEntry(let id): return "E " + Paths.fileName(of: graph.records[id].path)
            case .plainEntry(let id): return "P " + Paths.fileName(of: graph.records[id].path)
            case .namespace(let id): return "N " + Paths.fileName(of: graph.records[id].path)
            }
        }
        #expect(order == ["M b.js", "M a.js", "W cjs.js", "W p.js", "M entry.js"])
    }

    /// Every identifier and string of a hoisted production bundle that has a mapping maps to the same text (or,
    /// renamed, to its original name) in its source.
    @Test func hoistedProductionMapsBackExactly() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let group = "UserScripts/MainFrame/AtDocumentStart/"
        try TestSupport.write(
            [
                group + "entry.js": """
                import { total, Counter } from "./lib/math.js";
                import label, { describe } from "./lib/label.js";
                const counter = new Counter();
                counter.add(total([1, 2, 3]));
                __log.push(describe(label, counter.value));
                """,
                group + "lib/math.js": """
                export function total(values) {
                  let sum = 0;
                  for (const value of values) sum += value;
                  return sum;
                }
                export class Counter {
                  constructor() { this.value = 0; }
                  add(amount) { this.value += amount; return this; }
                }
                """,
                group + "lib/label.js": """
                const prefix = "total";
                export default prefix + ":";
                export function describe(text, value) { return `${text} ${value}`; }
                """,
            ], under: folder)
        let output = folder + "/Assets"
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: output, projectFolder: folder, mode: .production,
            sourceMaps: .external)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: output)
        let path = output + "/MainFrameAtDocumentStart.js"
        let code = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(!String(decoding: code, as: UTF8.self).contains(Self.registryMarker))
        guard let log = try ModuleBundleTests.run(path) else { return }
        #expect(log == ["total: 6"])
        var probes: [[Any]] = []
        for token in try JavaScriptTokenizer.tokenize(code).tokens where token.kind == .identifier || token.kind == .string {
            probes.append([token.line - 1, token.column, String(decoding: code[token.range], as: UTF8.self)])
        }
        try JSONSerialization.data(withJSONObject: probes).write(to: URL(fileURLWithPath: folder + "/probes.json"))
        let script = """
            const { SourceMap } = require('node:module');
            const fs = require('node:fs');
            const json = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
            const map = new SourceMap(json);
            const bad = [];
            let checked = 0, named = 0;
            for (const [line, column, text] of JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))) {
              const e = map.findEntry(line, column);
              if (!e || e.generatedLine !== line || e.generatedColumn !== column || e.originalSource === undefined) continue;
              const index = json.sources.findIndex((s) => e.originalSource.endsWith(s.replace(/^(\\.\\.\\/)+/, '')));
              const original = json.sourcesContent[index].split(/\\r\\n|\\r|\\n/)[e.originalLine] ?? '';
              const expected = e.name ?? text;
              checked++;
              if (e.name !== undefined) named++;
              // `let` stands for a `const` nothing writes, or for the `export default` of an expression it declares.
              const isLet = text === 'let' && (original.startsWith('const', e.originalColumn) || original.startsWith('export default', e.originalColumn));
              const isQuote = /^["'`]/.test(text) && /^["'`]/.test(original[e.originalColumn]);
              if (!original.startsWith(expected, e.originalColumn) && !isLet && !isQuote) bad.push([line, column, text, original.slice(e.originalColumn, e.originalColumn + 20)]);
            }
            console.log(JSON.stringify({ bad: bad.slice(0, 5), badCount: bad.length, checked, named }));
            """
        guard let result = try TestSupport.node(script, [path + ".map", folder + "/probes.json"]) else { return }
        try #require(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["badCount"] as? Int == 0, "\(result.stdout)")
        #expect((summary["checked"] as? Int ?? 0) > 20, "\(result.stdout)")
        #expect((summary["named"] as? Int ?? 0) > 3, "hoisted names carry their original names: \(result.stdout)")
    }
}
