import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Behaviour of bundled module graphs against node's own ES modules: each seeded graph (`ModuleGraphGenerator`)
/// runs in node as modules (the reference), bundled in development mode and bundled in production mode (scope
/// hoisting, tree shaking, minifying), and the three logs must be equal. All graphs run in one node process.
///
/// `WKPACK_PROPERTY_CASES=N` runs N graphs instead of the default 150 (`scripts/robustness/property-tests`).
@Suite struct ModulePropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 150

    /// argv[1]: a JSON array of [entry module URL, development bundle, production bundle] per graph. Imports each
    /// entry as a module with a fresh global `__log`, runs each bundle in a fresh vm context; prints the logs.
    static let runner = """
        const vm = require('node:vm'), fs = require('node:fs');
        const show = (entries) => entries.map((v) => typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
        (async () => {
          const out = [];
          for (const [entry, ...bundles] of JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))) {
            globalThis.__log = [];
            try { await import(entry); } catch (error) { __log.push('THROWN ' + error.constructor.name + ' ' + error.message); }
            out.push(show(globalThis.__log));
            for (const file of bundles) {
              const context = { __log: [] };
              vm.createContext(context);
              try { vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file, timeout: 2000 }); }
              catch (error) { context.__log.push('THROWN ' + error.constructor.name + ' ' + error.message); }
              out.push(show(context.__log));
            }
          }
          process.stdout.write(JSON.stringify(out));
        })();
        """

    @Test func bundledGraphsBehaveLikeNodesModules() throws {
        let graphs = (0..<Self.caseCount).map { seed in
            var generator = ModuleGraphGenerator(seed: UInt64(seed) &+ 41_000)
            return generator.graph()
        }
        // Production bundles whose modules are minified from their trees (wrapped CommonJS definitions,
        // scope-hoisted modules) or their texts.
        try Self.check(graphs, target: .newest, title: "module property")
    }

    /// Lowering forced on: the graphs, their modules holding blocks of the syntax the pass rewrites
    /// (`LoweredFeatureSnippets`: logical assignment through counting getters, optional chains in calls and
    /// deletes, `??`, object spread and rest, classes with private members and static blocks), bundled for safari11,
    /// which lacks every feature they use, behave in both modes as node's modules do.
    @Test func loweredGraphsBehaveLikeNodesModules() throws {
        let graphs = (0..<Self.caseCount).map { seed in
            var generator = ModuleGraphGenerator(seed: UInt64(seed) &+ 41_000, loweredFeatures: true)
            return generator.graph()
        }
        #expect(
            graphs.filter { $0.contains { $0.source.contains("??=") } }.count >= graphs.count / 3, "the graphs should use lowered syntax")
        try Self.check(graphs, target: .minimum, title: "module property, lowered for safari11")
    }

    /// Bundles `graphs` for `target` in both modes
    /// token minifier) and compares the bundles' logs with node's modules'.
    static func check(
        _ graphs: [[ModuleGraphGenerator.File]], target: ScriptTarget, title: String
    ) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var groups: [ScriptGroupDefinition] = []
        var runs: [[String]] = []
        for (index, graph) in graphs.enumerated() {
            let programFolder = "\(folder)/programs/g\(index)"
            var files: [String: String] = [:]
            for file in graph { files[file.name] = file.source }
            // node reads the entry as a module by its extension.
            files["entry.mjs"] = graph[0].source
            try TestSupport.write(files, under: programFolder)
            groups.append(ScriptGroupDefinition(name: "G\(index)", files: [programFolder + "/entry.js"]))
            runs.append([
                URL(fileURLWithPath: programFolder + "/entry.mjs").absoluteString,
                "\(folder)/\(BundleMode.development)/G\(index).js", "\(folder)/\(BundleMode.production)/G\(index).js",
            ])
        }
        try FileManager.default.createDirectory(atPath: folder + "/UserScripts", withIntermediateDirectories: true)
        let bundler = ScriptBundler()
        for mode in [BundleMode.development, .production] {
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: folder + "/\(mode)", projectFolder: folder,
                mode: mode, sourceMaps: .none, groups: groups, target: target)
            _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        }
        let manifest = folder + "/manifest.json"
        try JSONSerialization.data(withJSONObject: runs).write(to: URL(fileURLWithPath: manifest))
        guard let output = try TestSupport.node(Self.runner, [manifest]) else { return }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == 3 * graphs.count)
        var failures: [String] = []
        var entries = 0
        for index in graphs.indices {
            let (reference, development, production) = (logs[3 * index], logs[3 * index + 1], logs[3 * index + 2])
            entries += reference.count
            #expect(reference.first { $0.hasPrefix("THROWN") } == nil, "graph \(index) throws in node: \(reference)")
            guard reference != development || reference != production else { continue }
            if failures.count < 3 {
                let sources = graphs[index].map { "// \($0.name)\n\($0.source)" }.joined(separator: "\n")
                let minified = (try? String(contentsOfFile: runs[index][2], encoding: .utf8)) ?? ""
                failures.append(
                    "graph \(index):\nnode \(reference)\ndevelopment \(development)\nproduction \(production)\n\(sources)\nproduction bundle:\n\(minified)"
                )
            } else {
                failures.append("graph \(index)")
            }
        }
        let commonJS = graphs.reduce(0) { $0 + $1.filter { $0.name.hasSuffix(".cjs") }.count }
        print(
            "\(title): \(graphs.count) graphs, \(graphs.reduce(0) { $0 + $1.count }) modules (\(commonJS) CommonJS), \(entries) log entries, \(failures.count) differing"
        )
        #expect(entries >= graphs.count * 4, "the graphs should log something")
        #expect(failures.isEmpty, "\(failures.count) graphs differ:\n\(failures.prefix(4).joined(separator: "\n\n"))")
    }
}
