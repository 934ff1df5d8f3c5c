import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Behaviour equivalence of `TreeCompressor` on generated programs: each program of `JavaScriptProgramGenerator`
/// runs in node as written and compressed (printed minified from the compressed tree), and the two logs must be
/// equal; every compressed tree must print code that parses again. Skipped (with a note) without node.
///
/// `WKPACK_PROPERTY_CASES=N` runs N programs instead of the default 2,000.
@Suite struct TreeCompressorPropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["WKPACK_PROPERTY_CASES"].flatMap { Int($0) } ?? 2_000

    /// The outcome of running programs as written and compressed.
    struct Outcome {
        var failures: [String] = []
        var entries = 0
        var thrown = 0
    }

    /// Compresses each program, checks its print parses again, and runs both forms in one node process; nil without node.
    static func run(_ programs: [String]) throws -> Outcome? {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        var compressed: [String] = []
        for (index, program) in programs.enumerated() {
            var tree = try SyntaxParser.parse(program)
            TreeCompressor.compress(&tree)
            let output = SyntaxPrinter.print(tree, style: .minified)
            #expect(throws: Never.self, "program \(index) compressed:\n\(output)") { _ = try SyntaxParser.parse(output) }
            compressed.append(output)
            try TestSupport.write(["p\(index).js": program, "c\(index).js": output], under: folder)
            files += ["\(folder)/p\(index).js", "\(folder)/c\(index).js"]
        }
        let manifest = folder + "/manifest.json"
        try JSONSerialization.data(withJSONObject: files).write(to: URL(fileURLWithPath: manifest))
        guard let output = try TestSupport.node(MinifierPropertyTests.runner, [manifest]) else {
            print("TreeCompressorPropertyTests: node is not installed; the programs were compressed and reparsed, not run")
            return nil
        }
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == files.count)
        var outcome = Outcome()
        for index in programs.indices {
            let (source, result) = (logs[2 * index], logs[2 * index + 1])
            outcome.entries += source.count
            if source.last?.hasPrefix("THROWN") == true { outcome.thrown += 1 }
            guard source != result else { continue }
            if outcome.failures.count < 3 {
                outcome.failures.append(
                    "program \(index):\nsource \(source)\ncompressed \(result)\n\(programs[index])\ncompressed:\n\(compressed[index])")
            } else {
                outcome.failures.append("program \(index)")
            }
        }
        return outcome
    }

    @Test func compressedProgramsBehaveLikeTheSources() throws {
        // Programs that do not parse (the generator now and then declares a parameter's name again) are left out, and
        // further seeds taken until `caseCount` programs parse.
        var programs: [String] = []
        var seed: UInt64 = 41_000
        while programs.count < Self.caseCount {
            var generator = JavaScriptProgramGenerator(seed: seed)
            let program = generator.program()
            if (try? SyntaxParser.parse(program)) != nil { programs.append(program) }
            seed += 1
        }
        guard let outcome = try Self.run(programs) else { return }
        print(
            "tree compressor property: \(programs.count) programs, \(outcome.entries) log entries, \(outcome.thrown) ending in a throw, \(outcome.failures.count) differing"
        )
        #expect(outcome.entries >= programs.count, "the programs should log something")
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }

    /// Programs where each rewrite applies or must hold back, with effects logged in order.
    @Test func rewritesKeepBehaviour() throws {
        let programs = [
            """
            const t = (n) => { __log.push('t' + n); return n; };
            function a(x) { if (0) { var h = t(1); } else t(2); return typeof h; }
            function b(x) { if (!x) return 'none'; t(3); if (x > 1) return 'big'; t(4); return 'small'; }
            function c(x) { if (x) return; t(5); t(6); }
            function d(x) { if (!x) t(7); else t(8); if (x) { t(9); } x || t(10); !x && t(11); !x || t(12); }
            __log.push(a(), b(0), b(1), b(2), String(c(0)), String(c(1)));
            d(0); d(1);
            """,
            """
            const o = { f() { return this === o; } };
            __log.push((true && o.f)(), (0 || o.f)(), (1 ? o.f : 0)(), typeof (1 && o), typeof undeclaredName);
            __log.push(typeof x === 'undefined', typeof o !== "undefined", 'undefined' == typeof o, typeof o === 'object');
            __log.push(o.missing === undefined, undefined !== null, (function (undefined) { return 1 === undefined; })(1));
            __log.push(new Error('m') instanceof Error, new TypeError('n').message, String(new Date(0).getTime()));
            class C { constructor() { this.v = 1; } }
            __log.push(new C().v, new C() instanceof C, "a" + "b", 1 + 2 + "c", 'it' + "'s", "\\x41" + "1");
            var v = 1; var w = v + 1; { var u = w; } __log.push(v, w, u, true, false, !0);
            label: { if (v) break label; __log.push('not reached'); }
            for (let i = 0; i < 2; i++) { __log.push(i); }
            """,
        ]
        guard let outcome = try Self.run(programs) else { return }
        #expect(outcome.thrown == 0)
        #expect(outcome.entries >= 30)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n\n"))")
    }
}
