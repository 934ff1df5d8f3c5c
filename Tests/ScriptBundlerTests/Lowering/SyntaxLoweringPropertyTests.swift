import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Behaviour and language level of lowered programs: seeded programs (`LoweringProgramGenerator`) run in node as
/// written and lowered for the oldest target (safari11, with `**` lowered too), and must log the same; Debian's
/// acorn must parse every lowered program at that target's ECMAScript year (`ScriptTarget.ecmaScriptYear`).
/// All programs run in one node process, each in a fresh context. `WKPACK_PROPERTY_CASES=N` runs N programs
/// instead of the default 60.
@Suite(.enabled(if: DebianNodeCorpus.isInstalled("node-acorn"), DebianNodeCorpus.absence("node-acorn")))
struct SyntaxLoweringPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 60

    /// Reads `[[original, lowered, ecmaVersion], ...]` from the JSON file at argv[1]; runs both files of each in
    /// fresh vm contexts and parses the lowered one with acorn at its year; prints `[[logs, logs, acornError], ...]`.
    static let runner = """
        const vm = require('node:vm'), fs = require('node:fs'), acorn = require('/usr/share/nodejs/acorn');
        const run = (file) => {
          const context = { __log: [] };
          vm.createContext(context);
          try { vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file, timeout: 2000 }); }
          catch (error) { context.__log.push('THROWN ' + (error && error.constructor ? error.constructor.name : typeof error)); }
          return context.__log.map(String);
        };
        const results = JSON.parse(fs.readFileSync(process.argv[1], 'utf8')).map(([original, lowered, year]) => {
          let acornError = null;
          try { acorn.parse(fs.readFileSync(lowered, 'utf8'), { ecmaVersion: year, sourceType: 'script' }); }
          catch (error) { acornError = error.message; }
          return [run(original), run(lowered), acornError];
        });
        process.stdout.write(JSON.stringify(results));
        """

    struct Outcome {
        var failures: [String] = []
        var entries = 0
        var thrown = 0
    }

    /// Lowers each program for `target` (plus `options`) and runs original and lowered in node; nil without node.
    /// `year`: the ECMAScript year acorn parses at (the target's by default).
    static func run(_ programs: [String], target: ScriptTarget, options: SyntaxLowering.Options, year: Int? = nil) throws -> Outcome? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var manifest: [[Any]] = []
        var lowered: [String] = []
        for (index, program) in programs.enumerated() {
            let tree = try SyntaxParser.parse(program)
            let output = try SyntaxLowering.lower(tree, target: target, path: "p\(index).js", options: options)
            let text = SyntaxPrinter.print(output, style: index % 2 == 0 ? .readable : .minified)
            lowered.append(text)
            try TestSupport.write(["p\(index).js": program, "p\(index).lowered.js": text], under: folder)
            manifest.append(["\(folder)/p\(index).js", "\(folder)/p\(index).lowered.js", year ?? target.ecmaScriptYear])
        }
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        guard let output = try TestSupport.node(Self.runner, [folder + "/manifest.json"]) else { return nil }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[Any]])
        try #require(results.count == programs.count)
        var outcome = Outcome()
        for (index, result) in results.enumerated() {
            let original = result[0] as? [String] ?? [], after = result[1] as? [String] ?? []
            let acornError = result[2] as? String
            outcome.entries += original.count
            outcome.thrown += original.filter { $0.hasPrefix("throw ") }.count
            if original != after || acornError != nil, outcome.failures.count < 3 {
                let firstDifference =
                    zip(original, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(original.count, after.count)
                outcome.failures.append(
                    "program \(index): acorn \(acornError ?? "accepts"); logs differ at entry \(firstDifference):\n"
                        + "original \(original.dropFirst(firstDifference).prefix(4))\nlowered  \(after.dropFirst(firstDifference).prefix(4))\n"
                        + "\(programs[index])\nlowered:\n\(lowered[index])")
            }
        }
        return outcome
    }

    @Test func loweredProgramsBehaveLikeTheSourcesAndParseAtTheTargetsYear() throws {
        let programs = (0..<Self.caseCount).map { seed in
            var generator = LoweringProgramGenerator(seed: UInt64(seed) &+ 42_000)
            return generator.program()
        }
        guard let outcome = try Self.run(programs, target: .minimum, options: SyntaxLowering.Options(exponentiation: true)) else { return }
        print(
            "lowering property: \(programs.count) programs, \(outcome.entries) log entries (\(outcome.thrown) expected throws), \(outcome.failures.count) differing"
        )
        #expect(outcome.entries >= programs.count * 10, "the programs should log something")
        #expect(outcome.thrown > 0, "some chains should throw as written (a non-optional link on a nullish value)")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// The minifier's generated programs (closures, shadowing, destructuring, classes, labels, `try`/`catch`)
    /// behave the same after the pass, with every feature it knows lowered: it leaves alone what it does not lower.
    @Test func otherProgramsKeepTheirBehaviour() throws {
        // That generator now and then declares a parameter's name again with `const` in the body, a SyntaxError
        // (node throws it for the source too); the tree's parser rejects those, and they are left out.
        let programs = (0..<(Self.caseCount / 2)).compactMap { seed -> String? in
            var generator = JavaScriptProgramGenerator(seed: UInt64(seed) &+ 9_000)
            let program = generator.program()
            return (try? SyntaxParser.parse(program)) == nil ? nil : program
        }
        let everything = SyntaxLowering.Options(exponentiation: true, features: SyntaxLowering.lowerableFeatures)
        guard let outcome = try Self.run(programs, target: .newest, options: everything) else { return }
        #expect(outcome.entries >= programs.count, "the programs should log something")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// For every notable target, what lowering writes (with the lowerable features newer than the target's year
    /// lowered too) parses in acorn at that year, and behaves as the source.
    @Test func everyTargetsOutputParsesAtItsYear() throws {
        var generator = LoweringProgramGenerator(seed: 7)
        let programs = (0..<3).map { _ in generator.program() }
        for name in ScriptTarget.notableNames {
            let target = try #require(ScriptTarget(name: name))
            let newer = SyntaxLowering.lowerableFeatures.filter { $0.ecmaScriptYear > target.ecmaScriptYear }
            guard let outcome = try Self.run(programs, target: target, options: SyntaxLowering.Options(features: newer)) else { return }
            #expect(outcome.failures.isEmpty, "\(name) (\(target.ecmaScriptYear)): \(outcome.failures.joined(separator: "\n\n"))")
        }
    }
}
