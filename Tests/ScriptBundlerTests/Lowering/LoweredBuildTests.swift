import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `wkpack build` lowers what the target lacks (`LoweredSource`), end to end through the public API: a tree using
/// every lowered feature in ES modules, CommonJS, a script loader and a plain group is built for safari11, safari12
/// and safari13 in both modes; each bundle runs in node with the same log as the tree built for the newest target
/// (nothing lowered), Debian's acorn parses it at the target's ECMAScript year, and its source map, read with
/// Debian's node-source-map, points every copied name at the same name in the original file, whose text is the
/// map's `sourcesContent`. What the pass does not lower is the target check's error, at the original line:col.
@Suite(
    .enabled(if: DebianNodeCorpus.isInstalled("node-acorn", "node-source-map"), DebianNodeCorpus.absence("node-acorn", "node-source-map"))
)
struct LoweredBuildTests {
    /// Module files (ES and CommonJS), a script loader, and a plain group; the numeric separators have a file of
    /// their own (see `files(for:)`).
    static let files: [String: String] = [
        "UserScripts/MainFrame/AtDocumentStart/a_entry.js": """
        import { deep, call, receiver, remove } from "../../../lib/chain.js";
        import { merge } from "../../../lib/spread.js";
        const nullish = require("../../../lib/nullish.js");
        require("script-loader!../../../lib/loaded.js");
        __log.push("deep " + deep({ a: { b: { c: 3 } } }) + " " + deep(null) + " " + deep({ a: {} }));
        __log.push("call " + call({ m: (x) => x * 2 }) + " " + call({}));
        const counter = { n: 0, next() { return ++this.n; } };
        __log.push("receiver " + receiver({ counter }) + " " + receiver({ counter }) + " " + receiver(undefined));
        __log.push("remove " + remove({ gone: 1 }) + " " + remove(null));
        __log.push("nullish " + nullish.run(null) + " | " + nullish.run(""));
        __log.push("spread " + merge({ a: 1, drop: "d" }, { b: 2 }));
        __log.push("loaded " + loadedValue);

        """,
        "lib/chain.js": """
        export const deep = (o) => o?.a?.b?.c;
        export function call(o) {
          return o.m?.(2) ?? "no m";
        }
        export function receiver(o) {
          return o?.counter?.next();
        }
        export function remove(o) {
          const removed = delete o?.gone;
          return [removed, "gone" in (o ?? {})].join(" ");
        }

        """,
        "lib/nullish.js": """
        var reads = 0;
        var box = { get v() { reads++; return this.value; }, set v(x) { this.value = x; } };
        exports.run = function (start) {
          box.value = start;
          box.v ??= "filled";
          box.v ||= "or";
          box.v &&= box.v + "!";
          return [box.value, reads, start ?? "none", 0 ?? 1].join(" ");
        };

        """,
        "lib/spread.js": """
        export function merge(a, b) {
          const { drop, ...kept } = { ...a, ...b, extra: 1 };
          return Object.keys(kept).sort().join(",") + " " + drop;
        }

        """,
        "lib/loaded.js": """
        var loadedValue = (function () {
          try {
            return JSON.parse("{");
          } catch {
            return window.config?.x ?? "fallback";
          }
        })();

        """,
        "UserScripts/MainFrame/AtDocumentEnd/b_plain.js": """
        var settings = { theme: { dark: true } };
        function pickTheme(s) {
          return s?.theme?.dark ?? "unknown";
        }
        var merged = { ...settings, size: 2 };
        try {
          throw new Error("x");
        } catch {
          __log.push("plain caught");
        }
        __log.push("plain " + pickTheme(settings) + " " + pickTheme(null) + " " + Object.keys(merged).join(","));

        """,
    ]

    static let numbers = (
        "UserScripts/MainFrame/AtDocumentEnd/n_numbers.js",
        "__log.push(\"numbers \" + 1_000_000 + \" \" + 0xff_ff + \" \" + 0b1010_1010);\n"
    )

    /// The tree for `target`: without the numeric separators when the target has them but its year is older
    /// (safari13: acorn at 2019 would refuse what Safari 13 parses).
    static func files(for target: ScriptTarget) -> [String: String] {
        var files = files
        if !target.supports(.numericSeparator) || SyntaxFeature.numericSeparator.ecmaScriptYear <= target.ecmaScriptYear {
            files[numbers.0] = numbers.1
        }
        return files
    }

    static let groups = ["MainFrameAtDocumentStart.js", "MainFrameAtDocumentEnd.js"]

    /// Runs each job `{path, year, map}` in a fresh vm context, parses it with acorn at `year`, and checks its map:
    /// every segment at a name other than a built one (`_a`, helpers, `void 0`, the `return` of an arrow body made a
    /// block, ...: built nodes map to the start of the code they replace) points at that name in the original (the
    /// segment's name, when it has one), and `sourcesContent` is each source's text on disk. Prints
    /// `[{log, acorn, problems, checked}]`.
    static let runner = """
        const vm = require('node:vm'), fs = require('node:fs'), path = require('node:path');
        const acorn = require('/usr/share/nodejs/acorn');
        const sm = require('/usr/share/nodejs/source-map');
        const built = new Set(['void', 'null', 'true', 'false', 'let', 'var', 'return', 'delete', 'call', 'bind', 'undefined']);
        const keywords = new Set(['class', 'this', 'static', 'new', 'super', 'get', 'set', 'async', 'function']);
        const jobs = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
        const results = jobs.map((job) => {
          const code = fs.readFileSync(job.path, 'utf8');
          const context = { __log: [] };
          vm.createContext(context);
          vm.runInContext('var window = this; var self = this;', context);
          try { vm.runInContext(code, context, { filename: job.path }); } catch (error) { context.__log.push('THROWN ' + error); }
          let acornError = null;
          try { acorn.parse(code, { ecmaVersion: job.year, sourceType: 'script' }); } catch (error) { acornError = error.message; }
          const problems = [];
          let checked = 0;
          if (job.map) {
            const raw = JSON.parse(fs.readFileSync(job.path + '.map', 'utf8'));
            raw.sources.forEach((source, index) => {
              const disk = fs.readFileSync(path.resolve(path.dirname(job.path), source), 'utf8');
              if (raw.sourcesContent[index] !== disk) problems.push('sourcesContent of ' + source + ' is not the file');
            });
            const consumer = new sm.SourceMapConsumer(raw);
            const lines = code.split('\\n');
            consumer.eachMapping((m) => {
              if (m.originalLine == null) return;
              const word = /^[A-Za-z_$][\\w$]*/.exec(lines[m.generatedLine - 1].slice(m.generatedColumn));
              if (!word) return;
              const name = m.name || word[0];
              if (built.has(name) || name.startsWith('_')) return;
              const content = raw.sourcesContent[consumer.sources.indexOf(m.source)];
              const original = (content.split('\\n')[m.originalLine - 1] || '').slice(m.originalColumn);
              // The linker's registry call replaces a `require(...)` and maps to it (as for any file).
              if (original.startsWith('require(')) return;
              // A built name (a helper's, short in production; a class's `new WeakMap`) maps to the start of the
              // code it replaces: an object literal, a `class`, `this.#x = ...`, never a name of its own.
              const head = /^[A-Za-z_$][\\w$]*/.exec(original);
              if (!head || keywords.has(head[0])) return;
              checked += 1;
              if (!original.startsWith(name)) {
                problems.push(`${m.generatedLine}:${m.generatedColumn} '${name}' -> ${m.source}:${m.originalLine}:${m.originalColumn} '${original.slice(0, 24)}'`);
              }
            });
          }
          return { log: context.__log, acorn: acornError, problems: problems.slice(0, 6), checked };
        });
        setTimeout(() => process.stdout.write(JSON.stringify(results)), 20);
        """

    struct Outcome {
        var log: [String]
        var acorn: String?
        var problems: [String]
        var checked: Int
    }

    /// Runs `jobs` (bundle path, acorn year, whether to check its map) in one node process.
    static func run(_ jobs: [(path: String, year: Int, map: Bool)], in folder: String) throws -> [Outcome]? {
        let jobsPath = folder + "/jobs.json"
        let list = jobs.map { ["path": $0.path, "year": $0.year, "map": $0.map] as [String: Any] }
        try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: jobsPath))
        guard let output = try TestSupport.node(runner, [jobsPath]) else { return nil }
        #expect(output.status == 0, "\(output.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        return results.map {
            Outcome(
                log: $0["log"] as? [String] ?? [], acorn: $0["acorn"] as? String, problems: $0["problems"] as? [String] ?? [],
                checked: $0["checked"] as? Int ?? 0)
        }
    }

    /// Builds `files` under `folder` for `target` into `folder/out-NAME`; the output folder.
    @discardableResult
    static func build(
        _ files: [String: String], in folder: String, target: ScriptTarget, mode: BundleMode, sourceMaps: SourceMapMode = .external
    ) throws -> String {
        try TestSupport.write(files, under: folder)
        let output = folder + "/out-\(target)-\(mode)"
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: output, projectFolder: folder, mode: mode, sourceMaps: sourceMaps, target: target)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: output)
        return output
    }

    @Test(arguments: ["safari11", "safari12", "safari13"])
    func loweredBundlesBehaveParseAndMapBack(targetName: String) throws {
        let target = try #require(ScriptTarget(name: targetName))
        let files = Self.files(for: target)
        var jobs: [(path: String, year: Int, map: Bool)] = []
        var labels: [String] = []
        for mode in [BundleMode.development, .production] {
            // The same files, nothing lowered: the logs to match.
            let referenceFolder = try TestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: referenceFolder) }
            let reference = try Self.build(files, in: referenceFolder, target: .newest, mode: mode)
            let folder = try TestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let lowered = try Self.build(files, in: folder, target: target, mode: mode)
            for group in Self.groups {
                jobs.append((reference + "/" + group, ScriptTarget.newest.ecmaScriptYear, false))
                jobs.append((lowered + "/" + group, target.ecmaScriptYear, true))
                labels.append("\(targetName) \(mode) \(group)")
            }
            // Node runs them before the folders go.
            let outcomes = try #require(try Self.run(jobs, in: folder))
            try #require(outcomes.count == jobs.count)
            for (k, label) in labels.enumerated() {
                let (reference, lowered) = (outcomes[2 * k], outcomes[2 * k + 1])
                #expect(!reference.log.isEmpty && !reference.log.contains { $0.hasPrefix("THROWN") }, "\(label): \(reference.log)")
                #expect(lowered.log == reference.log, "\(label)")
                #expect(lowered.acorn == nil, "\(label): acorn at \(target.ecmaScriptYear): \(lowered.acorn ?? "")")
                #expect(lowered.problems.isEmpty, "\(label): \(lowered.problems.joined(separator: "\n"))")
                #expect(lowered.checked >= 20, "\(label): only \(lowered.checked) names checked")
            }
            jobs = []
            labels = []
        }
    }

    /// Two lowered files sharing helpers, in a plain group and in a module bundle: the helpers are declared once,
    /// at the top of the bundle's scope (no global is added), under names no file holds (`a.js` declares
    /// `__spreadValues` itself), short in production; the bundles log what the unlowered ones do, acorn parses
    /// them at 2017, every mapped name maps back to itself, the helper code maps to nothing, and the size
    /// attribution counts the helpers as generated code.
    @Test(arguments: [BundleMode.development, .production])
    func helpersAreDeclaredOncePerBundle(mode: BundleMode) throws {
        let first = """
            var __spreadValues = "own";
            class Box { #v; constructor(v) { this.#v = v; } get v() { return this.#v; } }
            __log.push("first " + JSON.stringify({ ...{ a: 1 }, b: new Box(2).v }) + " " + __spreadValues);

            """
        let second = """
            class Pair { #l; #r; constructor(l, r) { this.#l = l; this.#r = r; } sum() { return this.#l + this.#r; } }
            __log.push("second " + JSON.stringify({ ...{ c: 3 }, d: new Pair(1, 2).sum() }));

            """
        let files: [String: String] = [
            "UserScripts/MainFrame/AtDocumentEnd/a.js": first,
            "UserScripts/MainFrame/AtDocumentEnd/b.js": second,
            "UserScripts/MainFrame/AtDocumentStart/entry.js": """
            import "../../../lib/first.js";
            import "../../../lib/second.js";

            """,
            "lib/first.js": first, "lib/second.js": second,
        ]
        let referenceFolder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: referenceFolder) }
        let reference = try Self.build(files, in: referenceFolder, target: .newest, mode: mode)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lowered = try Self.build(files, in: folder, target: .minimum, mode: mode)
        var jobs: [(path: String, year: Int, map: Bool)] = []
        for group in Self.groups {
            jobs.append((reference + "/" + group, ScriptTarget.newest.ecmaScriptYear, false))
            jobs.append((lowered + "/" + group, ScriptTarget.minimum.ecmaScriptYear, true))
            let code = try String(contentsOfFile: lowered + "/" + group, encoding: .utf8)
            // `__spreadValues` (the only helper calling `Reflect.ownKeys`) and the private field helpers, once each.
            #expect(code.components(separatedBy: "Reflect.ownKeys").count == 2, "\(group):\n\(code)")
            #expect(code.components(separatedBy: "Cannot read from private field").count == 2, "\(group):\n\(code)")
            if mode == .development {
                #expect(code.contains("__spreadValues2 = (target, source) =>"), "\(group):\n\(code)")
                #expect(code.contains("__privateGet(this, _a)"), "\(group):\n\(code)")
            } else {
                #expect(!code.contains("__spread") && !code.contains("__private"), "\(group): helper names not shortened:\n\(code)")
            }
        }
        let outcomes = try #require(try Self.run(jobs, in: folder))
        try #require(outcomes.count == jobs.count)
        for (k, group) in Self.groups.enumerated() {
            let (expected, actual) = (outcomes[2 * k], outcomes[2 * k + 1])
            #expect(expected.log.count == 2 && !expected.log.contains { $0.hasPrefix("THROWN") }, "\(group): \(expected.log)")
            #expect(actual.log == expected.log, "\(group)")
            #expect(actual.acorn == nil, "\(group): \(actual.acorn ?? "")")
            #expect(actual.problems.isEmpty, "\(group): \(actual.problems.joined(separator: "\n"))")
            #expect(actual.checked >= 10, "\(group): only \(actual.checked) names checked")
        }
        // No global added: the vm context holds only what the runner and the files put there.
        let globals = """
            const vm = require('node:vm'), fs = require('node:fs');
            const sm = require('/usr/share/nodejs/source-map');
            const out = process.argv.slice(1).map((file) => {
              const context = { __log: [] };
              vm.createContext(context);
              const before = new Set(Object.getOwnPropertyNames(context));
              vm.runInContext(fs.readFileSync(file, 'utf8'), context);
              const added = Object.getOwnPropertyNames(context).filter((name) => !before.has(name));
              // The helper's code maps to nothing (its line holds no segment of a file before it).
              const code = fs.readFileSync(file, 'utf8'), at = code.indexOf('Reflect.ownKeys');
              const line = code.slice(0, at).split('\\n').length, column = at - code.lastIndexOf('\\n', at - 1) - 1;
              const consumer = new sm.SourceMapConsumer(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
              const origin = consumer.originalPositionFor({ line, column, bias: sm.SourceMapConsumer.GREATEST_LOWER_BOUND });
              return { added, origin: origin.source };
            });
            process.stdout.write(JSON.stringify(out));
            """
        let paths = Self.groups.map { lowered + "/" + $0 }
        let output = try #require(try TestSupport.node(globals, paths))
        #expect(output.status == 0, "\(output.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        for (group, result) in zip(Self.groups, results) {
            #expect((result["added"] as? [String]) == [], "\(group): \(result)")
            #expect(result["origin"] is NSNull || result["origin"] == nil, "\(group): \(result)")
        }
        // The size attribution counts the helpers as generated code (development: their text is known).
        if mode == .development {
            for group in Self.groups {
                func generated(_ folder: String) throws -> Int {
                    let code = Array(try String(contentsOfFile: folder + "/" + group, encoding: .utf8).utf8)
                    let map = Array(try String(contentsOfFile: folder + "/" + group + ".map", encoding: .utf8).utf8)
                    let attribution = try #require(
                        OutputByteAttributor.attribute(code: code, mapJSON: map, mapFolder: folder, projectFolder: folder))
                    return attribution.generatedBytes
                }
                let code = try String(contentsOfFile: lowered + "/" + group, encoding: .utf8)
                let used = LoweringHelper.closure([.spreadValues, .spreadProperties, .privateAdd, .privateGet, .privateSet])
                var names: [LoweringHelper: String] = [:]
                for helper in used { names[helper] = helper == .spreadValues ? "__spreadValues2" : helper.rawValue }
                let declarations = LoweringHelper.declarations(of: names)
                #expect(code.contains(declarations), "\(group):\n\(code)")
                #expect(try generated(lowered) >= (try generated(reference)) + declarations.utf8.count, "\(group)")
            }
        }
    }

    /// The newest target's acorn year refuses what the lowered bundles no longer hold: the check can fail.
    @Test func acornRefusesTheUnloweredSyntaxAtTheOldYear() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try Self.build(Self.files(for: .minimum), in: folder, target: .newest, mode: .development)
        let outcomes = try #require(
            try Self.run(Self.groups.map { (output + "/" + $0, ScriptTarget.minimum.ecmaScriptYear, false) }, in: folder))
        #expect(outcomes.allSatisfy { $0.acorn != nil }, "\(outcomes.map(\.acorn))")
    }
}

/// What lowering does not do stays a located error at the original line and column, in every layout; the golden
/// outputs of a small lowered tree.
@Suite struct LoweredBuildErrorTests {
    enum Layout: CaseIterable { case plainDevelopment, plainProduction, moduleDevelopment, moduleProduction, scriptLoader }

    static func build(_ text: String, layout: Layout, target: ScriptTarget) throws -> BundlerError? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String: String] = [:]
        switch layout {
        case .plainDevelopment, .plainProduction:
            files["UserScripts/MainFrame/AtDocumentEnd/a.js"] = text
        case .moduleDevelopment, .moduleProduction:
            files["UserScripts/MainFrame/AtDocumentEnd/a.js"] = text + "export {};\n"
        case .scriptLoader:
            files["UserScripts/MainFrame/AtDocumentEnd/entry.js"] = "require(\"script-loader!./a.js\");\n"
            files["UserScripts/MainFrame/AtDocumentEnd/a.js"] = text
        }
        do {
            let production = layout == .plainProduction || layout == .moduleProduction
            try LoweredBuildTests.build(files, in: folder, target: target, mode: production ? .production : .development, sourceMaps: .none)
            return nil
        } catch let error as BundlerError {
            return error
        }
    }

    @Test(arguments: Layout.allCases)
    func whatIsNotLoweredIsTheCheckErrorAtItsPlace(layout: Layout) throws {
        // Lowered syntax before it on both lines; the BigInt literal on line 3, inside a class that is lowered, is
        // the error.
        let text = "var a = b?.c ?? 1;\nvar o = { ...a };\nclass A { #x = 10n; }\n"
        let target = try #require(ScriptTarget(name: "safari12"))
        let error = try #require(try Self.build(text, layout: layout, target: target))
        #expect(error.kind == .unsupportedSyntax)
        #expect(error.location.path.hasSuffix("/a.js"), "\(error)")
        #expect(error.location.line == 3 && error.location.column == 16, "\(error)")
        #expect(error.message == "a BigInt literal is not available in the configured target safari12 (needs safari14)")
        // The same file without the class builds.
        #expect(try Self.build("var a = b?.c ?? 1;\nvar o = { ...a };\n", layout: layout, target: target) == nil)
    }

    /// Object rest where the pass does not lower it (in an array pattern) is its error, at the original place.
    @Test(arguments: Layout.allCases)
    func objectRestInAnArrayPatternIsAnError(layout: Layout) throws {
        let text = "var x = y ?? 1;\nvar [{ ...rest }] = [{}];\n"
        let error = try #require(try Self.build(text, layout: layout, target: .minimum))
        #expect(error.location.line == 2, "\(error)")
        #expect(error.message.hasPrefix("object rest/spread"), "\(error)")
        #expect(error.message.hasSuffix("configured target safari11 (needs safari11.1)"), "\(error)")
    }

    /// A module-graph error in a lowered file (an unresolved import) is located in the original file.
    @Test func resolutionErrorsPointAtTheOriginalFile() throws {
        let text = "const a = window.b?.c ?? 1;\n\n\nconst d = require(\"./missing.js\");\n"
        let error = try #require(try Self.build(text, layout: .moduleDevelopment, target: .minimum))
        #expect(error.kind == .moduleNotFound, "\(error)")
        #expect(error.location.line == 4 && error.location.column == 19, "\(error)")
    }

    /// The bundles of a small tree built for safari11, in both modes, as the golden files in
    /// `Fixtures/LoweredBuild/` say (regenerate with `WKPACK_UPDATE_GOLDENS=1`; read the diff).
    @Test(arguments: [BundleMode.development, .production])
    func goldenBundles(mode: BundleMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = LoweredBuildTests.files
        files["lib/nullish.js"] = nil
        files["lib/loaded.js"] = nil
        files["UserScripts/MainFrame/AtDocumentStart/a_entry.js"] = """
            import { deep, call } from "../../../lib/chain.js";
            import { merge } from "../../../lib/spread.js";
            __log.push(deep({ a: { b: { c: 3 } } }), call({}), merge({ a: 1 }, { b: 2 }));

            """
        let output = try LoweredBuildTests.build(files, in: folder, target: .minimum, mode: mode)
        let goldens = TestSupport.fixtures + "/LoweredBuild"
        for group in LoweredBuildTests.groups {
            for suffix in ["", ".map"] {
                let name = group.replacingOccurrences(of: ".js", with: ".\(mode).js") + suffix
                let text = try String(contentsOfFile: output + "/" + group + suffix, encoding: .utf8)
                if ProcessInfo.processInfo.environment["WKPACK_UPDATE_GOLDENS"] == "1" {
                    try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
                    try text.write(toFile: goldens + "/" + name, atomically: true, encoding: .utf8)
                }
                let golden = try String(contentsOfFile: goldens + "/" + name, encoding: .utf8)
                #expect(text == golden, "\(name) differs; rerun with WKPACK_UPDATE_GOLDENS=1 if intended:\n\(text)")
            }
        }
    }
}
