import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The lowering pass over real code: every `stride`-th file of the Debian corpus (`.ci/debian-packages`) and every
/// file of UserScripts/ that the syntax tree parses is lowered with every feature the pass knows (`**` too, for the newest target, so class
/// features stay) and printed readable and minified; both must reparse and hold none of the lowered syntax, and a
/// sample is parsed by acorn. `WKPACK_CORPUS_STRIDE=n` (default 8 here) picks the files.
@Suite struct SyntaxLoweringCorpusTests {
    @Test(.enabled(if: DebianNodeCorpus.isInstalled(), DebianNodeCorpus.absence()))
    func corpusLowersToCodeThatParses() throws {
        let stride = Int(ProcessInfo.processInfo.environment["WKPACK_CORPUS_STRIDE"] ?? "") ?? 8
        let files = DebianNodeCorpus.sample(DebianNodeCorpus.corpus, stride: stride).map(\.path) + SyntaxCorpusTests.userScripts
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lowered = 0, changed = 0
        var failures: [String] = []
        var sample: [String] = []
        for (index, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file), let tree = try? SyntaxParser.parse(Array(data)) else { continue }
            let output: SyntaxTree
            do {
                output = try SyntaxLowering.lower(tree, target: .newest, path: file, options: SyntaxLoweringGoldenTests.everything)
            } catch {
                failures.append("\(file): \(error)")
                continue
            }
            lowered += 1
            let readable = SyntaxPrinter.print(output)
            if readable != SyntaxPrinter.print(tree) { changed += 1 }
            for (style, text) in [("readable", readable), ("minified", SyntaxPrinter.print(output, style: .minified))] {
                do {
                    let kept = SyntaxLoweringGoldenTests.loweredSyntax(in: try SyntaxParser.parse(text))
                    if !kept.isEmpty { failures.append("\(file): \(style) output still holds \(kept)") }
                } catch {
                    failures.append("\(file): \(style) output does not parse: \(error.line):\(error.column): \(error.message)")
                }
            }
            if index % 4 == 0 {
                let path = folder + "/\(index).js"
                try readable.write(toFile: path, atomically: true, encoding: .utf8)
                sample.append(path)
            }
        }
        print("lowering corpus: \(lowered) files lowered, \(changed) changed by it, \(failures.count) failures")
        #expect(lowered > 50)
        #expect(changed > 0, "some corpus file should use a lowered feature")
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10).joined(separator: "\n"))")
        if let node = TestSupport.executable("node") {
            let result = try TestSupport.run(
                node, ["-e", SyntaxCorpusTests.acornScript], environment: ["NODE_PATH": DebianNodeCorpus.root],
                input: sample.joined(separator: "\n"))
            #expect(result.status == 0, "\(result.stderr.prefix(300))")
            #expect(result.stdout.isEmpty, "lowered code acorn rejects: \(result.stdout.prefix(2000))")
        }
    }
}
