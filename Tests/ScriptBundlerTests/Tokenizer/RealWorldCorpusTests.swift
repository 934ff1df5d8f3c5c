import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Tokenizes the real-world JavaScript of the Debian packages in `.ci/debian-packages` (`DebianNodeCorpus`);
/// a regex/division mistake shows up there as an unterminated literal or an unbalanced bracket.
@Suite struct RealWorldCorpusTests {
    @Test(.enabled(if: DebianNodeCorpus.isInstalled(), DebianNodeCorpus.absence()))
    func debianNodeModulesTokenize() throws {
        var checked: [String: Int] = [:]
        var failures: [(path: String, message: String)] = []
        for package in DebianNodeCorpus.corpus {
            for path in package.javaScriptFiles() {
                guard let data = FileManager.default.contents(atPath: path), data.count < 2_000_000 else { continue }
                do {
                    _ = try JavaScriptTokenizer.tokenize(Array(data))
                } catch {
                    failures.append((path, "\(path):\(error.line):\(error.column): \(error.message)"))
                }
                checked[package.name, default: 0] += 1
            }
        }
        print("tokenized \(checked.values.reduce(0, +)) files of \(checked.count) packages; rejected \(failures.count)")
        for package in DebianNodeCorpus.corpus {
            #expect(checked[package.name, default: 0] > 0, "\(package.name) gave no file to tokenize")
        }
        // Every rejected file must be one node rejects too (e.g. JSX sources), checked as a script, a module and a CommonJS function body.
        let node = try #require(TestSupport.executable("node"), "node is not on PATH")
        for failure in failures.prefix(50) {
            let source = try String(contentsOfFile: failure.path, encoding: .utf8)
            let script =
                "const vm = require('node:vm'); const src = require('node:fs').readFileSync(0, 'utf8');"
                + " let ok = false; try { new vm.Script(src); ok = true; } catch {}"
                + " try { new vm.SourceTextModule(src); ok = true; } catch {} try { new Function(src); ok = true; } catch {}"
                + " console.log(ok ? 'valid' : 'invalid');"
            let result = try TestSupport.run(node, ["--experimental-vm-modules", "--no-warnings", "-e", script], input: source)
            #expect(result.stdout == "invalid\n", "node accepts a file wkpack rejects: \(failure.message)")
        }
        #expect(failures.count <= 50, "too many rejected files: \(failures.prefix(5).map(\.message))")
    }
}
