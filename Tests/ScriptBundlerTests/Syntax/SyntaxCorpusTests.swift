import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The syntax tree over real code: every file of the Debian corpus (`.ci/debian-packages`) and of UserScripts/
/// that parses (readable and minified) and reparses to the same tree; a
/// sample of the printed files is checked by acorn in node. `WKPACK_CORPUS_STRIDE=n` checks every n-th file of
/// each package (default 2, as the other corpus tests; 1 checks all).
@Suite struct SyntaxCorpusTests {
    static var userScripts: [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("UserScripts").path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".js") || relative.hasSuffix(".mjs") { files.append(root + "/" + relative) }
        }
        return files.sorted()
    }

    /// Parses, prints and reparses `source`; returns a failure message, or nil.
    static func roundTrip(_ source: [UInt8]) -> (failure: String?, printed: String?) {
        let tree: SyntaxTree
        do {
            tree = try SyntaxParser.parse(source)
        } catch {
            return ("\(error.line):\(error.column): \(error.message)", nil)
        }
        var readable: String?
        for style in [SyntaxPrinter.Style.readable, .minified] {
            let printed = SyntaxPrinter.print(tree, style: style)
            if style == .readable { readable = printed }
            do {
                let reparsed = try SyntaxParser.parse(printed)
                if let difference = tree.firstDifference(from: reparsed) { return ("\(style) reprint differs: \(difference)", printed) }
            } catch {
                return ("\(style) reprint does not parse: \(error.line):\(error.column): \(error.message)", printed)
            }
        }
        return (nil, readable)
    }

    static let acornScript = """
        const acorn = require('acorn');
        const fs = require('node:fs');
        const files = fs.readFileSync(0, 'utf8').split('\\n').filter(Boolean);
        const bad = [];
        for (const file of files) {
          const src = fs.readFileSync(file, 'utf8');
          let ok = false;
          for (const sourceType of ['script', 'module']) {
            try {
              acorn.parse(src, { ecmaVersion: 'latest', sourceType, allowHashBang: true, allowReturnOutsideFunction: true,
                allowAwaitOutsideFunction: true });
              ok = true;
              break;
            } catch (e) { if (sourceType === 'module') bad.push(file + ': ' + e.message); }
          }
        }
        process.stdout.write(bad.join('\\n'));
        """

    @Test(.enabled(if: DebianNodeCorpus.isInstalled(), DebianNodeCorpus.absence()))
    func corpusParsesAndRoundTrips() throws {
        let stride = Int(ProcessInfo.processInfo.environment["WKPACK_CORPUS_STRIDE"] ?? "") ?? 2
        let files = DebianNodeCorpus.sample(DebianNodeCorpus.corpus, stride: stride).map(\.path) + Self.userScripts
        var checked = 0, rejected = 0
        var failures: [String] = []
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var printedSample: [String] = []
        for (index, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let source = Array(data)
            let (failure, printed) = Self.roundTrip(source)
            if let failure, !failure.contains("reprint") {
                // The tree parser rejects the file itself (a few corpus files are not valid JavaScript).
                rejected += 1
                continue
            }
            checked += 1
            if let failure { failures.append("\(file): \(failure)") }
            if index % 10 == 0, let printed {
                let path = folder + "/\(index).js"
                try printed.write(toFile: path, atomically: true, encoding: .utf8)
                printedSample.append(path)
            }
        }
        print("syntax tree: \(checked) corpus files parsed and round-tripped, \(failures.count) failures; \(rejected) rejected")
        #expect(checked > 100)
        #expect(rejected * 50 < checked, "\(rejected) of \(checked + rejected) files rejected")
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10).joined(separator: "\n"))")
        if let node = TestSupport.executable("node") {
            let result = try TestSupport.run(
                node, ["-e", Self.acornScript], environment: ["NODE_PATH": DebianNodeCorpus.root],
                input: printedSample.joined(separator: "\n"))
            print("acorn checked \(printedSample.count) printed files")
            #expect(result.status == 0, "\(result.stderr.prefix(300))")
            #expect(result.stdout.isEmpty, "printed code acorn rejects: \(result.stdout.prefix(2000))")
        }
    }
}
