import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Bundles wrapped the way firefox-ios injects them, `(function() { const APP_ID_TOKEN = '…'; <bundle> })()`,
/// still run and still map exactly (checked with node's built-in `module.SourceMap`).
@Suite struct WrappedBundleSourceMapTests {
    static let prefix = "(function() { const APP_ID_TOKEN = 'token-123'; "
    static let suffix = " })()"

    /// String literals of the fixture sources; each must map back to the same literal in its original file.
    static let needles = [
        "\"firefox\"", "\"alpha:\"", "\"strictThis:\"", "\"with:\"", "\"beta:\"", "\"token:\"", "\"gamma:\"",
        "\"crlf\"", "\"webcompat\"", "\"mjs\"", "\"unicode:\"", "\"😀😀\"",
    ]

    /// Finds every needle in the wrapped code, maps it with the bundle's map and checks that the original
    /// source holds the same text at the mapped position. Prints `[found, mismatches]` as JSON.
    static let checker = """
        const { SourceMap } = require('node:module');
        const fs = require('node:fs');
        const [codeFile, mapFile, needlesJSON] = process.argv.slice(1);
        const code = fs.readFileSync(codeFile, 'utf8');
        let json;
        if (mapFile === '-') {
          const m = code.match(/\\n\\/\\/# sourceMappingURL=data:application\\/json;charset=utf-8;base64,(\\S+)\\n/);
          json = JSON.parse(Buffer.from(m[1], 'base64').toString('utf8'));
        } else {
          json = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
        }
        const map = new SourceMap(json);
        const lines = code.split('\\n');
        let found = 0; const bad = [];
        for (const needle of JSON.parse(needlesJSON)) {
          lines.forEach((text, line) => {
            let column = text.indexOf(needle);
            while (column >= 0) {
              found++;
              const e = map.findEntry(line, column);
              const index = json.sources.indexOf(e.originalSource);
              const original = index >= 0 ? json.sourcesContent[index].split(/\\r\\n|\\r|\\n|\\u2028|\\u2029/)[e.originalLine] : undefined;
              if (original === undefined || e.generatedColumn !== column || e.generatedLine !== line ||
                  !original.startsWith(needle, e.originalColumn)) bad.push([needle, line, column, e]);
              column = text.indexOf(needle, column + 1);
            }
          });
        }
        console.log(JSON.stringify([found, bad]));
        """

    static func wrap(_ bundle: [UInt8]) -> [UInt8] {
        Array(prefix.utf8) + bundle + Array(suffix.utf8)
    }

    @Test(arguments: [
        (BundleMode.development, SourceMapMode.inline), (.development, .external), (.production, .external), (.production, .inline),
    ])
    func wrappedBundlesMapExactly(mode: BundleMode, sourceMaps: SourceMapMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundles = try FixtureProject.build(mode: mode, sourceMaps: sourceMaps)
        var total = 0
        for bundle in bundles {
            let codePath = folder + "/" + bundle.group.outputFileName
            try Data(Self.wrap(bundle.code)).write(to: URL(fileURLWithPath: codePath))
            var mapArgument = "-"
            if let map = bundle.map {
                mapArgument = codePath + ".map"
                try Data(map).write(to: URL(fileURLWithPath: mapArgument))
            }
            let needles = String(decoding: try JSONSerialization.data(withJSONObject: Self.needles), as: UTF8.self)
            guard let output = try TestSupport.node(Self.checker, [codePath, mapArgument, needles]) else { return }
            try #require(output.status == 0, "\(output.stderr)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [Any])
            let found = try #require(result.first as? Int)
            total += found
            #expect((result.last as? [Any])?.isEmpty == true, "\(bundle.group.outputFileName): \(output.stdout)")
        }
        #expect(total >= Self.needles.count)
    }

    @Test(arguments: [BundleMode.development, .production])
    func wrappedBundlesRun(mode: BundleMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = FixtureProject.outputs(try FixtureProject.build(mode: mode, sourceMaps: .inline))
        try TestSupport.write(files.mapValues { Self.wrap($0) }, under: folder)
        let script = """
            const vm = require('node:vm');
            const sandbox = {};
            sandbox.window = sandbox;
            for (const file of process.argv.slice(1)) vm.runInNewContext(require('node:fs').readFileSync(file, 'utf8'), sandbox);
            console.log(JSON.stringify(sandbox.__firefox__.events));
            """
        guard let output = try TestSupport.node(script, FixtureProject.runOrder.map { folder + "/" + $0 }) else { return }
        try #require(output.status == 0, "\(output.stderr)")
        let events = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String]
        #expect(events == FixtureProject.expectedEvents)
    }

    @Test func developmentBundlesNameThemselves() throws {
        for bundle in try FixtureProject.build(mode: .development, sourceMaps: .inline) {
            let text = String(decoding: bundle.code, as: UTF8.self)
            #expect(text.contains("\n//# sourceURL=\(bundle.group.outputFileName)\n//# sourceMappingURL=data:"))
            // The first line holds no mapped code: a banner, or the module registry's opening line.
            #expect(text.hasPrefix("// UserScripts/") || text.hasPrefix("(function () {\n"))
        }
    }
}
