import Foundation
import Testing
@testable import ScriptBundler

/// Tokenizes the JavaScript that Debian ships under /usr/share/nodejs (real-world code); a regex/division
/// mistake shows up there as an unterminated literal or an unbalanced bracket.
@Suite struct RealWorldCorpusTests {
    static let corpus = "/usr/share/nodejs"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus), "no /usr/share/nodejs corpus on this machine"))
    func debianNodeModulesTokenize() throws {
        guard let enumerator = FileManager.default.enumerator(atPath: Self.corpus) else { return }
        var checked = 0
        var failures: [(path: String, message: String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".js"), !relative.contains("/test/"), !relative.contains("/fixtures/") else { continue }
            let path = Self.corpus + "/" + relative
            guard let data = FileManager.default.contents(atPath: path), data.count < 2_000_000 else { continue }
            let bytes = Array(data)
            do {
                _ = try JavaScriptTokenizer.tokenize(bytes)
            } catch {
                failures.append((path, "\(path):\(error.line):\(error.column): \(error.message)"))
            }
            checked += 1
        }
        print("tokenized \(checked) files; rejected \(failures.count)")
        #expect(checked > 0)
        // Every rejected file must be one node rejects too (e.g. JSX sources), checked as a script, a module and a CommonJS function body.
        guard let node = TestSupport.executable("node") else {
            print("node not found; cannot cross-check the rejected files")
            return
        }
        for failure in failures.prefix(50) {
            let source = try String(contentsOfFile: failure.path, encoding: .utf8)
            let script = "const vm = require('node:vm'); const src = require('node:fs').readFileSync(0, 'utf8');"
                + " let ok = false; try { new vm.Script(src); ok = true; } catch {}"
                + " try { new vm.SourceTextModule(src); ok = true; } catch {} try { new Function(src); ok = true; } catch {}"
                + " console.log(ok ? 'valid' : 'invalid');"
            let result = try TestSupport.run(node, ["--experimental-vm-modules", "--no-warnings", "-e", script], input: source)
            #expect(result.stdout == "invalid\n", "node accepts a file wkpack rejects: \(failure.message)")
        }
        #expect(failures.count <= 50, "too many rejected files: \(failures.prefix(5).map(\.message))")
    }
}
