import Foundation
import Testing

@testable import ScriptBundler

/// Minifies real-world code (the Debian packages in `.ci/debian-packages`, `DebianNodeCorpus`) wrapped the way
/// bundles wrap files, and checks with node that every minified file still compiles when its original did; with
/// Debian's acorn, that the syntax tree of the minified file (without renaming) equals the original's, so no line
/// break that mattered was lost.
@Suite struct MinifierCorpusTests {
    static let limit = 1500

    @Test(.enabled(if: DebianNodeCorpus.isInstalled(), DebianNodeCorpus.absence()))
    func minifiedCorpusFilesStillCompile() throws {
        let total = DebianNodeCorpus.corpus.reduce(0) { $0 + $1.javaScriptFiles().count }
        let sample = DebianNodeCorpus.sample(DebianNodeCorpus.corpus, stride: (total + Self.limit - 1) / Self.limit)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pairs: [[String]] = []
        var packageOfPair: [String] = []
        for (package, path) in sample {
            guard let data = FileManager.default.contents(atPath: path), data.count < 300_000 else { continue }
            // The bundle wrapper: each file is the body of a function called with the page's `this`.
            let wrapped = Array("(function () {\n".utf8) + Array(data) + Array("\n}).call(this);\n".utf8)
            guard (try? JavaScriptTokenizer.tokenize(wrapped)) != nil else { continue }
            let minified = Minifier.minify(wrapped, map: nil, licenseFileName: "x.LICENSE.txt").code
            let unrenamed = Minifier.minify(wrapped, map: nil, licenseFileName: "x.LICENSE.txt", renameIdentifiers: false).code
            let index = pairs.count
            try Data(wrapped).write(to: URL(fileURLWithPath: "\(folder)/\(index).js"))
            try Data(minified).write(to: URL(fileURLWithPath: "\(folder)/\(index).min.js"))
            try Data(unrenamed).write(to: URL(fileURLWithPath: "\(folder)/\(index).plain.js"))
            pairs.append([path, "\(folder)/\(index).js", "\(folder)/\(index).min.js", "\(folder)/\(index).plain.js"])
            packageOfPair.append(package.name)
        }
        try JSONSerialization.data(withJSONObject: pairs).write(to: URL(fileURLWithPath: folder + "/pairs.json"))
        let script = """
            const vm = require('node:vm'), fs = require('node:fs');
            const acorn = require('/usr/share/nodejs/acorn');
            const compiles = (file) => { try { new vm.Script(fs.readFileSync(file, 'utf8')); return true; } catch { return false; } };
            const tree = (file) => JSON.stringify(acorn.parse(fs.readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'script' }),
              (key, value) => (key === 'start' || key === 'end' || key === 'raw' ? undefined : value));
            const broken = [], differs = [], compared = [];
            let trees = 0;
            for (const [index, [name, original, minified, plain]] of JSON.parse(fs.readFileSync(process.argv[1], 'utf8')).entries()) {
              if (!compiles(original)) continue;
              compared.push(index);
              if (!compiles(minified)) broken.push(name);
              let expected;
              try { expected = tree(original); } catch { continue; }
              trees++;
              let actual;
              try { actual = tree(plain); } catch (error) { actual = String(error); }
              if (actual !== expected) differs.push(name);
            }
            console.log(JSON.stringify({ broken, differs, trees, compared }));
            """
        let node = try #require(TestSupport.executable("node"), "node is not on PATH")
        let output = try TestSupport.run(node, ["-e", script, "--", folder + "/pairs.json"])
        try #require(output.status == 0, "\(output.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let compared = (result["compared"] as? [Int]) ?? []
        var comparedByPackage: [String: Int] = [:]
        for index in compared where packageOfPair.indices.contains(index) { comparedByPackage[packageOfPair[index], default: 0] += 1 }
        print(
            "minified \(pairs.count) of \(total) corpus files; node compared \(compared.count): \(comparedByPackage.sorted { $0.key < $1.key })"
        )
        // The count the corpus gives: every sampled file that compiles as the body of a function (CommonJS and
        // UMD files; ES modules do not). Most of it is; a broken wrapper or writer would compile none.
        #expect(compared.count * 2 > pairs.count, "node compiled \(compared.count) of \(pairs.count) original files")
        #expect((result["broken"] as? [String])?.isEmpty == true, "minified files that no longer compile: \(output.stdout.prefix(800))")
        #expect((result["differs"] as? [String])?.isEmpty == true, "minified files whose syntax tree changed: \(output.stdout.prefix(800))")
        let trees = result["trees"] as? Int ?? 0
        print("acorn compared \(trees) syntax trees")
        #expect(trees > 0, "acorn parsed none of the original files")
    }
}
