import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Compares where regular-expression literals (and all other tokens) start, as found by our tokenizer and by a full parser
/// (acorn, from Debian's node-acorn), over a sample of the real-world JavaScript of the Debian packages in
/// `.ci/debian-packages` (`DebianNodeCorpus`). `WKPACK_CORPUS_STRIDE=1` checks every file (default: every 7th of
/// each package, starting with its first).
@Suite struct RegexAgreementTests {

    static let parserScript = """
        const acorn = require('acorn');
        const fs = require('node:fs');
        const files = fs.readFileSync(0, 'utf8').split('\\n').filter(Boolean);
        const out = [];
        for (const file of files) {
          const src = fs.readFileSync(file, 'utf8');
          let found = null;
          for (const sourceType of ['script', 'module']) {
            const regexes = [];
            const starts = [];
            try {
              acorn.parse(src, { ecmaVersion: 'latest', sourceType, locations: true, allowHashBang: true,
                allowReturnOutsideFunction: true, allowAwaitOutsideFunction: sourceType === 'module',
                onToken: (t) => {
                  const label = t.type.label;
                  if (label === 'regexp') regexes.push([t.loc.start.line, t.loc.start.column]);
                  if (label !== 'template' && label !== '${' && label !== '`' && label !== 'eof' && label !== 'invalidTemplate') {
                    starts.push([t.loc.start.line, t.loc.start.column]);
                  }
                } });
              found = [regexes, starts];
              break;
            } catch (e) {}
          }
          out.push(JSON.stringify([file, found]));
        }
        process.stdout.write(out.join('\\n') + '\\n');
        """

    @Test(.enabled(if: DebianNodeCorpus.isInstalled(), DebianNodeCorpus.absence()))
    func regexStartsAgreeWithAcorn() throws {
        let node = try #require(TestSupport.executable("node"), "node is not on PATH")
        let stride = Int(ProcessInfo.processInfo.environment["WKPACK_CORPUS_STRIDE"] ?? "") ?? 7
        let sample = DebianNodeCorpus.sample(DebianNodeCorpus.corpus, stride: stride).map(\.path)
        let result = try TestSupport.run(
            node, ["-e", Self.parserScript], environment: ["NODE_PATH": DebianNodeCorpus.root],
            input: sample.joined(separator: "\n"))
        try #require(result.status == 0, "\(result.stderr.prefix(500))")
        var compared = 0
        var regexCount = 0
        var disagreements: [String] = []
        for line in result.stdout.split(separator: "\n") {
            guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
                let path = entry.first as? String, let found = entry.last as? [[[Int]]], found.count == 2
            else { continue }
            let expected = found[0]
            guard let data = FileManager.default.contents(atPath: path),
                let tokens = try? JavaScriptTokenizer.tokenize(Array(data)).tokens
            else {
                disagreements.append("\(path): acorn parses it, wkpack rejects it")
                continue
            }
            let ours = tokens.filter { $0.kind == .regularExpression }.map { [$0.line, $0.column] }
            compared += 1
            regexCount += expected.count
            // Every other token boundary agrees too (template pieces start where acorn's `}` or backquote does).
            let ourStarts = tokens.filter { $0.kind != .template && $0.kind != .templateHead }.map { [$0.line, $0.column] }
            let templateStarts = Set(tokens.filter { $0.kind == .template || $0.kind == .templateHead }.map { [$0.line, $0.column] })
            let parserStarts = found[1].filter { !templateStarts.contains($0) }
            if ourStarts != parserStarts {
                let index = Array(zip(ourStarts, parserStarts)).firstIndex { $0 != $1 } ?? min(ourStarts.count, parserStarts.count)
                disagreements.append(
                    "\(path): token boundaries differ at wkpack \(ourStarts.dropFirst(index).first ?? []) vs acorn \(parserStarts.dropFirst(index).first ?? [])"
                )
                continue
            }
            if ours != expected {
                let missing = expected.filter { !ours.contains($0) }.prefix(3)
                let extra = ours.filter { !expected.contains($0) }.prefix(3)
                disagreements.append("\(path): acorn-only regex at \(Array(missing)), wkpack-only at \(Array(extra))")
            }
        }
        print("compared \(compared) files parsed by acorn (\(regexCount) regex literals); \(disagreements.count) disagree")
        for disagreement in disagreements.prefix(20) { print(disagreement) }
        // acorn parses nearly every file of the sample (as a script or a module); each is compared.
        #expect(compared * 10 >= sample.count * 9, "compared \(compared) of \(sample.count) sampled files")
        #expect(disagreements.isEmpty)
    }
}
