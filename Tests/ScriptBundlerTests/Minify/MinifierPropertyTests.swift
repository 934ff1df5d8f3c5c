import Foundation
import Testing
@testable import ScriptBundler

/// Behaviour equivalence of the minifier on generated programs: each seeded program runs in node as written,
/// bundled in development mode and bundled in production (minified) mode, and the three logs must be equal.
/// All programs run in one node process, each in a fresh context.
///
/// `WKPACK_PROPERTY_CASES=N` runs N programs instead of the default 200 (`scripts/robustness/property-tests`).
@Suite struct MinifierPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 200

    /// Runs every file named in the JSON array at argv[1] in a fresh vm context; prints one log per file.
    static let runner = """
    const vm = require('node:vm'), fs = require('node:fs');
    const logs = JSON.parse(fs.readFileSync(process.argv[1], 'utf8')).map((file) => {
      const context = { __log: [] };
      vm.createContext(context);
      try { vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file, timeout: 2000 }); }
      catch (error) { context.__log.push('THROWN ' + (error && error.constructor ? error.constructor.name : typeof error)); }
      return context.__log.map(String);
    });
    process.stdout.write(JSON.stringify(logs));
    """

    /// The outcome of running programs as written, bundled for development and bundled for production.
    struct Outcome {
        var failures: [String] = []
        var entries = 0
        var thrown = 0
    }

    /// Bundles `programs` (one group each) in both modes and runs all three forms of each in one node process;
    /// `nil` without node.
    static func run(_ programs: [String]) throws -> Outcome? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var groups: [ScriptGroupDefinition] = []
        for (index, program) in programs.enumerated() {
            try TestSupport.write(["programs/p\(index).js": program], under: folder)
            groups.append(ScriptGroupDefinition(name: "P\(index)", files: [folder + "/programs/p\(index).js"]))
        }
        try FileManager.default.createDirectory(atPath: folder + "/UserScripts", withIntermediateDirectories: true)
        let bundler = ScriptBundler()
        for mode in [BundleMode.development, .production] {
            let configuration = BundleConfiguration(root: folder + "/UserScripts", output: folder + "/\(mode)", projectFolder: folder,
                                                    mode: mode, sourceMaps: .none, groups: groups, target: .newest)
            _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        }
        let files = programs.indices.flatMap { index in
            ["\(folder)/programs/p\(index).js", "\(folder)/\(BundleMode.development)/P\(index).js", "\(folder)/\(BundleMode.production)/P\(index).js"]
        }
        let manifest = folder + "/manifest.json"
        try JSONSerialization.data(withJSONObject: files).write(to: URL(fileURLWithPath: manifest))
        guard let output = try TestSupport.node(Self.runner, [manifest]) else { return nil }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == files.count)
        var outcome = Outcome()
        for index in programs.indices {
            let (source, development, production) = (logs[3 * index], logs[3 * index + 1], logs[3 * index + 2])
            outcome.entries += source.count
            if source.last?.hasPrefix("THROWN") == true { outcome.thrown += 1 }
            if source != development || source != production, outcome.failures.count < 3 {
                let minified = (try? String(contentsOfFile: files[3 * index + 2], encoding: .utf8)) ?? ""
                outcome.failures.append("program \(index):\nsource \(source)\ndevelopment \(development)\nproduction \(production)\n\(programs[index])\nminified:\n\(minified)")
            }
        }
        return outcome
    }

    @Test func minifiedBundlesBehaveLikeTheSources() throws {
        let programs = (0..<Self.caseCount).map { seed in
            var generator = JavaScriptProgramGenerator(seed: UInt64(seed) &+ 7_000)
            return generator.program()
        }
        guard let outcome = try Self.run(programs) else { return }
        print("minifier property: \(programs.count) programs, \(3 * programs.count) node executions, \(outcome.entries) log entries, \(outcome.thrown) programs ending in a throw, \(outcome.failures.count) differing")
        #expect(outcome.entries >= programs.count * 3, "the programs should log something")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Minimised from generated programs: a parameter default cannot see the body's declarations, so it must not
    /// be renamed with them (it was renamed to the body's `const`, a ReferenceError once minified).
    @Test func parameterDefaultsDoNotSeeTheBodysDeclarations() throws {
        let programs = [
            "let c = 1;\nfunction f(p = c) { const c = 2; return p + c; }\n__log.push(String(f()));\n",
            "var c = 'outer';\nfunction f(p = () => c) { var c = 'body'; return p() + c; }\n__log.push(f());\n",
            "let c = 3;\nconst g = (p = c, { q } = { q: c }) => { let c = 4; class K {} return [p, q, c].join(); };\n__log.push(g());\n",
            "let c = 5;\nclass A { m(p = c) { const c = 6; return p * c; } }\n__log.push(String(new A().m()));\n",
        ]
        guard let outcome = try Self.run(programs) else { return }
        #expect(outcome.thrown == 0)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }
}
