import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Compares the free (global) names our scope analysis finds with eslint-scope's (over acorn) on the real-world
/// JavaScript of the Debian packages in `.ci/debian-packages` (`DebianNodeCorpus`).
/// `WKPACK_CORPUS_STRIDE=1` checks every file (default: every 2nd of each package, starting with its first).
@Suite struct ScopeAgreementTests {

    static let scopeScript = """
        const acorn = require('acorn');
        const eslintScope = require('eslint-scope');
        const fs = require('node:fs');
        const files = fs.readFileSync(0, 'utf8').split('\\n').filter(Boolean);
        const out = [];
        for (const file of files) {
          let src;
          try { src = fs.readFileSync(file, 'utf8'); } catch (e) { continue; }
          let found = null;
          for (const sourceType of ['script', 'module']) {
            try {
              const ast = acorn.parse(src, { ecmaVersion: 2022, sourceType, allowHashBang: true, ranges: true,
                allowReturnOutsideFunction: true, allowAwaitOutsideFunction: sourceType === 'module' });
              const manager = eslintScope.analyze(ast, { ecmaVersion: 2022, sourceType, nodejsScope: sourceType === 'script' });
              const names = new Set(manager.globalScope.through.map((r) => r.identifier.name));
              names.delete('arguments');
              found = [...names].sort();
              break;
            } catch (e) {}
          }
          out.push(JSON.stringify([file, found]));
        }
        process.stdout.write(out.join('\\n') + '\\n');
        """

    @Test(.enabled(if: DebianNodeCorpus.isInstalled(), DebianNodeCorpus.absence()))
    func freeNamesAgreeWithESLintScope() throws {
        let stride = Int(ProcessInfo.processInfo.environment["WKPACK_CORPUS_STRIDE"] ?? "") ?? 2
        let files = DebianNodeCorpus.sample(DebianNodeCorpus.corpus, stride: stride).map(\.path)
        let result = try TestSupport.run(
            try #require(TestSupport.executable("node"), "node is not on PATH"), ["-e", Self.scopeScript],
            environment: ["NODE_PATH": DebianNodeCorpus.root], input: files.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        var compared = 0
        var disagreements: [String] = []
        var parseFailures: [String] = []
        for line in result.stdout.split(separator: "\n") {
            guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
                let file = entry.first as? String, let theirs = entry.last as? [String]
            else { continue }
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let analysis: ScopeAnalysis
            do {
                analysis = try JavaScriptParser.analyze(Array(data))
            } catch {
                parseFailures.append("\(file):\(error.line):\(error.column): \(error.message)")
                continue
            }
            // eslint-scope resolves nothing statically in a scope with direct `eval`; we mark such scopes unsafe.
            if analysis.scopes.first?.isUnsafe == true { continue }
            compared += 1
            let ours = analysis.freeNames.filter { $0 != "arguments" }
            if ours != theirs {
                let extra = Set(ours).subtracting(theirs).sorted(), missing = Set(theirs).subtracting(ours).sorted()
                disagreements.append("\(file): extra \(extra.prefix(5)) missing \(missing.prefix(5))")
            }
        }
        print(disagreements.prefix(30).joined(separator: "\n"))
        print(
            "compared free names of \(compared) files; \(disagreements.count) disagree; \(parseFailures.count) acorn-valid files rejected")
        // acorn (ES2022) and eslint-scope read nearly every file of the sample; files with a direct `eval` are left out.
        #expect(compared * 10 >= files.count * 8, "compared \(compared) of \(files.count) sampled files")
        #expect(parseFailures.isEmpty, "\(parseFailures.prefix(10))")
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
