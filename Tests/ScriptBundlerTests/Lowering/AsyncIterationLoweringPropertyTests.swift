import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Behaviour of lowered async generators and `for await`: seeded programs (`AsyncIterationProgramGenerator`) run in
/// node as written (node 20 has async iteration) and lowered for safari11, which lacks it; the logs, read after the
/// program's `main` settles, must be equal, and Debian's acorn must parse every lowered program at ECMAScript 2017.
/// `WKPACK_PROPERTY_CASES=N` runs N programs instead of the default 60.
@Suite(.enabled(if: DebianNodeCorpus.isInstalled("node-acorn"), DebianNodeCorpus.absence("node-acorn")))
struct AsyncIterationLoweringPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 60

    /// Reads `[[original, lowered, ecmaVersion], ...]` from the JSON file at argv[1]; runs both files of each in fresh
    /// vm contexts, waiting for the `__done` promise each sets (3 s at most), and parses the lowered one with acorn at
    /// its year; prints `[[logs, logs, acornError], ...]`.
    static let runner = """
        const vm = require('node:vm'), fs = require('node:fs'), acorn = require('/usr/share/nodejs/acorn');
        const run = async (file) => {
          const context = { __log: [], __done: null };
          vm.createContext(context);
          try { vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file, timeout: 2000 }); }
          catch (error) { context.__log.push('THROWN ' + (error && error.constructor ? error.constructor.name : typeof error)); }
          let timer;
          const limit = new Promise((resolve) => { timer = setTimeout(() => resolve('TIMEOUT'), 3000); });
          try { const end = await Promise.race([Promise.resolve(context.__done).then(() => 'DONE'), limit]); context.__log.push(end); }
          catch (error) { context.__log.push('REJECTED ' + String(error)); }
          clearTimeout(timer);
          return context.__log.map(String);
        };
        (async () => {
          const results = [];
          for (const [original, lowered, year] of JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))) {
            let acornError = null;
            try { acorn.parse(fs.readFileSync(lowered, 'utf8'), { ecmaVersion: year, sourceType: 'script' }); }
            catch (error) { acornError = error.message; }
            results.push([await run(original), await run(lowered), acornError]);
          }
          process.stdout.write(JSON.stringify(results));
        })();
        """

    static func programs(_ count: Int, seed: UInt64) -> [String] {
        (0..<count).map { index in
            var generator = AsyncIterationProgramGenerator(seed: UInt64(index) &+ seed)
            return generator.program()
        }
    }

    /// Lowers each program for `target` (with the pass and the printer, or `bundled`: as a group of a production
    /// build, minified) and runs original and lowered in node; nil without node.
    static func run(_ programs: [String], target: ScriptTarget, bundled: Bool = false) throws -> SyntaxLoweringPropertyTests.Outcome? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var manifest: [[Any]] = []
        var lowered: [String] = []
        for (index, program) in programs.enumerated() {
            let text: String
            if bundled {
                text = ""
            } else {
                let output = try SyntaxLowering.lower(try SyntaxParser.parse(program), target: target, path: "p\(index).js")
                text = SyntaxPrinter.print(output, style: index % 2 == 0 ? .readable : .minified)
            }
            lowered.append(text)
            try TestSupport.write(["p\(index).js": program, "p\(index).lowered.js": text], under: folder)
            manifest.append(["\(folder)/p\(index).js", "\(folder)/p\(index).lowered.js", target.ecmaScriptYear])
        }
        if bundled {
            let groups = programs.indices.map { ScriptGroupDefinition(name: "P\($0)", files: ["\(folder)/p\($0).js"]) }
            try FileManager.default.createDirectory(atPath: folder + "/UserScripts", withIntermediateDirectories: true)
            let bundler = ScriptBundler()
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: folder + "/bundles", projectFolder: folder, mode: .production,
                sourceMaps: .none, groups: groups, target: target)
            _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
            for index in programs.indices {
                lowered[index] = try String(contentsOfFile: "\(folder)/bundles/P\(index).js", encoding: .utf8)
                manifest[index][1] = "\(folder)/bundles/P\(index).js"
            }
        }
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        guard let output = try TestSupport.node(Self.runner, [folder + "/manifest.json"]) else { return nil }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[Any]])
        try #require(results.count == programs.count)
        var outcome = SyntaxLoweringPropertyTests.Outcome()
        for (index, result) in results.enumerated() {
            let original = result[0] as? [String] ?? [], after = result[1] as? [String] ?? []
            let acornError = result[2] as? String
            outcome.entries += original.count
            outcome.thrown += original.filter { $0.contains("caught ") || $0.contains("rejected ") }.count
            if original != after || acornError != nil {
                if outcome.failures.count < 3 {
                    let firstDifference =
                        zip(original, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(original.count, after.count)
                    outcome.failures.append(
                        "program \(index): acorn \(acornError ?? "accepts"); logs differ at entry \(firstDifference):\n"
                            + "original \(original.dropFirst(firstDifference).prefix(4))\n"
                            + "lowered  \(after.dropFirst(firstDifference).prefix(4))\n\(programs[index])\nlowered:\n\(lowered[index])")
                } else {
                    outcome.failures.append("program \(index)")
                }
            }
        }
        return outcome
    }

    @Test func loweredAsyncIterationBehavesLikeTheSourceAndParsesAt2017() throws {
        let programs = Self.programs(Self.caseCount, seed: 420_000)
        guard let outcome = try Self.run(programs, target: .minimum) else { return }
        print(
            "async iteration lowering property: \(programs.count) programs, \(outcome.entries) log entries (\(outcome.thrown) caught throws), \(outcome.failures.count) differing"
        )
        #expect(outcome.entries >= programs.count * 10, "the programs should log something")
        #expect(outcome.thrown > 0, "some requests and loops should throw")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// The programs bundled for safari11 in production mode (lowered, then minified) behave as the sources too.
    @Test func bundledAsyncIterationBehavesLikeTheSource() throws {
        let programs = Self.programs(max(Self.caseCount / 2, 1), seed: 430_000)
        guard let outcome = try Self.run(programs, target: .minimum, bundled: true) else { return }
        print(
            "async iteration lowering property, production bundles: \(programs.count) programs, \(outcome.entries) log entries, \(outcome.failures.count) differing"
        )
        #expect(outcome.entries >= programs.count * 10, "the programs should log something")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Targets with async iteration (safari12 on) keep it: the output is the source's syntax.
    @Test func targetsWithAsyncIterationKeepIt() throws {
        let program = Self.programs(1, seed: 7)[0]
        let tree = try SyntaxParser.parse(program)
        let target = try #require(ScriptTarget(name: "safari12"))
        let printed = SyntaxPrinter.print(try SyntaxLowering.lower(tree, target: target, path: "a.js"), style: .readable)
        #expect(printed == SyntaxPrinter.print(tree, style: .readable))
        #expect(printed.contains("async"))
    }
}
