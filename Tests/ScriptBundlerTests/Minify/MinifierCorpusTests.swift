import Foundation
import Testing
@testable import ScriptBundler

/// Minifies real-world code (Debian's /usr/share/nodejs) wrapped the way bundles wrap files, and checks with
/// node that every minified file still compiles when its original did; with Debian's acorn, that the syntax
/// tree of the minified file (without renaming) equals the original's, so no line break that mattered was lost.
@Suite struct MinifierCorpusTests {
    static let corpus = "/usr/share/nodejs"
    static let limit = 1500

    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus), "no /usr/share/nodejs corpus on this machine"))
    func minifiedCorpusFilesStillCompile() throws {
        guard let enumerator = FileManager.default.enumerator(atPath: Self.corpus) else { return }
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".js"), !relative.contains("/test/"), !relative.contains("/fixtures/") { relatives.append(relative) }
        }
        relatives.sort()
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pairs: [[String]] = []
        for relative in relatives {
            guard pairs.count < Self.limit else { break }
            guard let data = FileManager.default.contents(atPath: Self.corpus + "/" + relative), data.count < 300_000 else { continue }
            // The bundle wrapper: each file is the body of a function called with the page's `this`.
            let wrapped = Array("(function () {\n".utf8) + Array(data) + Array("\n}).call(this);\n".utf8)
            guard (try? JavaScriptTokenizer.tokenize(wrapped)) != nil else { continue }
            let minified = Minifier.minify(wrapped, map: nil, licenseFileName: "x.LICENSE.txt").code
            let unrenamed = Minifier.minify(wrapped, map: nil, licenseFileName: "x.LICENSE.txt", renameIdentifiers: false).code
            let index = pairs.count
            try Data(wrapped).write(to: URL(fileURLWithPath: "\(folder)/\(index).js"))
            try Data(minified).write(to: URL(fileURLWithPath: "\(folder)/\(index).min.js"))
            try Data(unrenamed).write(to: URL(fileURLWithPath: "\(folder)/\(index).plain.js"))
            pairs.append([relative, "\(folder)/\(index).js", "\(folder)/\(index).min.js", "\(folder)/\(index).plain.js"])
        }
        try JSONSerialization.data(withJSONObject: pairs).write(to: URL(fileURLWithPath: folder + "/pairs.json"))
        let script = """
        const vm = require('node:vm'), fs = require('node:fs');
        let acorn = null;
        try { acorn = require('/usr/share/nodejs/acorn'); } catch {}
        const compiles = (file) => { try { new vm.Script(fs.readFileSync(file, 'utf8')); return true; } catch { return false; } };
        const tree = (file) => JSON.stringify(acorn.parse(fs.readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'script' }),
          (key, value) => (key === 'start' || key === 'end' || key === 'raw' ? undefined : value));
        const broken = [], differs = [];
        let compared = 0, trees = 0;
        for (const [name, original, minified, plain] of JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))) {
          if (!compiles(original)) continue;
          compared++;
          if (!compiles(minified)) broken.push(name);
          if (!acorn) continue;
          let expected;
          try { expected = tree(original); } catch { continue; }
          trees++;
          let actual;
          try { actual = tree(plain); } catch (error) { actual = String(error); }
          if (actual !== expected) differs.push(name);
        }
        console.log(JSON.stringify({ compared, trees, broken, differs }));
        """
        guard let output = try TestSupport.node(script, [folder + "/pairs.json"]) else { return }
        try #require(output.status == 0, "\(output.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        print("minified \(pairs.count) corpus files; node compared \(result["compared"] ?? 0)")
        #expect((result["compared"] as? Int ?? 0) > 500)
        #expect((result["broken"] as? [String])?.isEmpty == true, "minified files that no longer compile: \(output.stdout.prefix(800))")
        #expect((result["differs"] as? [String])?.isEmpty == true, "minified files whose syntax tree changed: \(output.stdout.prefix(800))")
        print("acorn compared \(result["trees"] ?? 0) syntax trees")
    }
}
