import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Bundles built for each target run in node with the globals that target's Safari lacks removed (`globalThis`
/// before 12.1, `Object.fromEntries`, `Array.prototype.flat`, ...), with and without `self`, and give the same
/// results; the emitted code itself stays within the minimum target's syntax.
@Suite struct TargetRuntimeTests {
    /// A module graph touching every runtime helper: ES modules (default, named, live bindings, `export *`),
    /// CommonJS with `global`, interop both ways, `import()`, `require.context`, JSON, `script-loader!`, and a
    /// plain script.
    static let files: [String: String] = [
        "UserScripts/MainFrame/AtDocumentStart/a_entry.js": """
        import counter, { count, increment } from "../../../lib/counter.js";
        import * as hub from "../../../lib/hub.js";
        const legacy = require("../../../lib/legacy.js");
        const data = require("../../../lib/data.json");
        const pages = require.context("../../../lib/pages", false, /\\.js$/);
        require("script-loader!../../../lib/loaded.js");
        increment();
        __log.push("count " + count + " " + counter.name);
        __log.push("hub " + hub.shared + " " + Object.keys(hub).sort().join(","));
        __log.push("legacy " + legacy.kind + " " + legacy.sawGlobal);
        __log.push("json " + data.title + " pages " + pages.keys().join(","));
        __log.push("loaded " + typeof __loaded);
        import("../../../lib/later.js").then(function (later) { __log.push("later " + later.default + " " + later.value); });
        """,
        "UserScripts/MainFrame/AtDocumentStart/b_plain.js": """
        var plain = (function () { return "plain"; })();
        __log.push(plain + " " + (typeof window === "object"));
        """,
        "lib/counter.js": """
        export let count = 0;
        export function increment() { count += 1; }
        export default { name: "counter" };
        """,
        "lib/hub.js": "export * from \"./shared.js\";\nexport const own = 1;\n",
        "lib/shared.js": "module.exports = { shared: \"shared\" };\n",
        "lib/legacy.js": "exports.kind = \"cjs\";\nexports.sawGlobal = global === window ? \"global-is-window\" : \"other\";\n",
        "lib/data.json": "{\"title\": \"JSON\"}\n",
        "lib/pages/p1.js": "module.exports = 1;\n",
        "lib/pages/p2.js": "module.exports = 2;\n",
        "lib/loaded.js": "var __loaded = 1;\n",
        "lib/later.js": "export default \"default\";\nexport const value = 42;\n",
    ]

    static let expected = [
        "count 1 counter", "hub shared own,shared", "legacy cjs global-is-window", "json JSON pages ./p1.js,./p2.js",
        "loaded number", "plain true", "later default 42",
    ]

    /// Globals newer than some supported Safari, with the version that added them (MDN compatibility data).
    static let newerGlobals: [(path: String, since: String)] = [
        ("Array.prototype.flat", "safari12"), ("Array.prototype.flatMap", "safari12"),
        ("this.globalThis", "safari12.1"), ("Object.fromEntries", "safari12.1"),
        ("String.prototype.matchAll", "safari13"), ("Promise.allSettled", "safari13"),
        ("String.prototype.replaceAll", "safari13.1"), ("Promise.any", "safari14"), ("this.AggregateError", "safari14"),
        ("this.WeakRef", "safari14.1"), ("this.FinalizationRegistry", "safari14.1"),
        ("Array.prototype.at", "safari15.4"), ("Object.hasOwn", "safari15.4"), ("Array.prototype.findLast", "safari15.4"),
        ("Array.prototype.toSorted", "safari16"), ("Object.groupBy", "safari17.4"), ("Promise.withResolvers", "safari17.4"),
    ]

    static let targets = [
        "safari11", "safari11.1", "safari12", "safari12.1", "safari13", "safari13.1", "safari14", "safari14.1",
        "safari15", "safari16.4", "safari17", "safari18", "safari26",
    ]

    /// Runs each job `{path, remove, self}` in a fresh vm context (`window` its global, `self` only when asked), the
    /// `remove` globals deleted first; prints every context's `__log`.
    static let runner = """
        const vm = require('node:vm');
        const fs = require('node:fs');
        const jobs = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
        const logs = jobs.map((job) => {
          const context = { __log: [] };
          vm.createContext(context);
          vm.runInContext('var window = this;' + (job.self ? ' var self = this;' : ''), context);
          vm.runInContext(job.remove.map((path) => 'delete ' + path + ';').join('\\n'), context);
          const left = job.remove.filter((path) => vm.runInContext('typeof ' + path, context) !== 'undefined');
          if (left.length) context.__log.push('NOT REMOVED ' + left.join(','));
          try { vm.runInContext(fs.readFileSync(job.path, 'utf8'), context, { filename: job.path }); } catch (error) { context.__log.push('THROWN ' + error); }
          return context.__log;
        });
        setTimeout(() => process.stdout.write(JSON.stringify(logs)), 20);
        """

    @Test func bundlesRunWithoutTheGlobalsTheirTargetLacks() throws {
        guard TestSupport.executable("node") != nil else {
            print("node not found on PATH; skipping")
            return
        }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        var jobs: [[String: Any]] = []
        var labels: [String] = []
        for name in Self.targets {
            let target = try #require(ScriptTarget(name: name))
            let removed = try Self.newerGlobals.filter { target < (try #require(ScriptTarget(name: $0.since))) }.map(\.path)
            for mode in [BundleMode.development, .production] {
                let output = folder + "/out-\(name)-\(mode)"
                let configuration = BundleConfiguration(
                    root: folder + "/UserScripts", output: output, projectFolder: folder, mode: mode, sourceMaps: .none, target: target)
                let bundler = ScriptBundler()
                _ = try bundler.write(try bundler.build(configuration), to: output)
                let path = output + "/MainFrameAtDocumentStart.js"
                let code = try String(contentsOfFile: path, encoding: .utf8)
                // The runtime names `globalThis` only where the target has it.
                #expect(code.contains("globalThis") == target.hasGlobalThis, "\(name) \(mode)")
                // What wkpack wrote stays within the oldest target's syntax.
                let bytes = Array(code.utf8)
                let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
                #expect(throws: Never.self) {
                    try SyntaxTargetCheck.check(bytes, tokens: tokens, analysis: nil, target: .minimum, path: path)
                }
                for withSelf in target.hasGlobalThis ? [true] : [true, false] {
                    jobs.append(["path": path, "remove": removed, "self": withSelf])
                    labels.append("\(name) \(mode) self: \(withSelf)")
                }
            }
        }
        let jobsPath = folder + "/jobs.json"
        try JSONSerialization.data(withJSONObject: jobs).write(to: URL(fileURLWithPath: jobsPath))
        let output = try #require(try TestSupport.node(Self.runner, [jobsPath]))
        #expect(output.status == 0, "\(output.stderr)")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        #expect(logs.count == labels.count)
        for (label, log) in zip(labels, logs) {
            #expect(log == Self.expected, "\(label)")
        }
    }

    /// Without `globalThis` and `self`, the old runtime's `global` is the bundle's `this`; a bundle for a target
    /// with `globalThis` fails there, which shows the removal works.
    @Test func newestTargetNeedsGlobalThis() throws {
        guard TestSupport.executable("node") != nil else {
            print("node not found on PATH; skipping")
            return
        }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: .none,
            target: .newest)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: folder + "/Assets")
        let jobsPath = folder + "/jobs.json"
        let job: [String: Any] = ["path": folder + "/Assets/MainFrameAtDocumentStart.js", "remove": ["this.globalThis"], "self": false]
        try JSONSerialization.data(withJSONObject: [job]).write(to: URL(fileURLWithPath: jobsPath))
        let output = try #require(try TestSupport.node(Self.runner, [jobsPath]))
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        #expect(logs.first?.contains { $0.hasPrefix("THROWN ReferenceError") } == true, "\(logs)")
    }
}
