import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Checks the maps with independent consumers: node's built-in `module.SourceMap`, and Debian's
/// mozilla `source-map` when installed.
@Suite struct SourceMapConsumerTests {
    struct Probe {
        var generatedLine: Int
        var generatedColumn: Int
        var source: String
        var originalLine: Int
        var originalColumn: Int
    }

    /// 0-based line and UTF-16 column of the first occurrence of `needle` (after the wrapper line of `after`, if given).
    static func position(of needle: String, in text: String, after: String? = nil) -> (Int, Int)? {
        let bytes = Array(text.utf8)
        var searchStart = 0
        if let after, let anchor = find(Array(after.utf8), in: bytes, from: 0) { searchStart = anchor + Self.wrapperLine.utf8.count }
        guard let offset = find(Array(needle.utf8), in: bytes, from: searchStart) else { return nil }
        let line = bytes[0..<offset].filter { $0 == 0x0A }.count
        let lineStart = (bytes[0..<offset].lastIndex(of: 0x0A) ?? -1) + 1
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).utf16.count
        return (line, column)
    }

    static let wrapperLine = "(function () {\n"

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for i in start...(bytes.count - needle.count) where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }

    /// Markers in the fixture sources: (group output, source file relative to the root, needle, anchor in the bundle).
    static let markers: [(String, String, String)] = [
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/__firefox__.js", "record(entry)"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/alpha.js", "markerAlpha"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/alpha.js", "markerTemplate"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/alpha.js", "inner"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/Beta.js", "sloppyGlobal"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/Beta.js", "markerBeta"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/gamma.js", "markerGamma"),
        ("AllFramesAtDocumentStart.js", "AllFrames/AtDocumentStart/gamma.js", "\"gamma:\""),
        ("MainFrameAtDocumentEnd.js", "MainFrame/AtDocumentEnd/unicode.js", "markerUnicode"),
        ("MainFrameAtDocumentEnd.js", "MainFrame/AtDocumentEnd/unicode.js", "length"),
        ("MainFrameAtDocumentEnd.js", "MainFrame/AtDocumentEnd/module.mjs", "\"mjs\""),
        ("WebcompatAllFramesAtDocumentStart.js", "AllFrames/WebcompatAtDocumentStart/fix.js", "\"webcompat\""),
    ]

    /// Builds the probes: expected original positions computed from the source text, independently of the tokenizer.
    static func probes(_ files: [String: [UInt8]]) throws -> [String: [Probe]] {
        var result: [String: [Probe]] = [:]
        for (output, sourcePath, needle) in markers {
            let source = try String(contentsOfFile: FixtureProject.root + "/" + sourcePath, encoding: .utf8)
            let bundle = String(decoding: try #require(files[output]), as: UTF8.self)
            let original = try #require(position(of: needle, in: source), "\(needle) not in \(sourcePath)")
            let fileName = (sourcePath as NSString).lastPathComponent
            // In the bundle, search after the file's own wrapper: its first line follows "(function () {".
            let firstLine = String(decoding: Array(source.utf8).prefix(while: { $0 != 0x0A && $0 != 0x0D }), as: UTF8.self)
                .replacingOccurrences(of: "#!", with: "//")
            let anchor = "(function () {\n" + firstLine
            let generated = try #require(position(of: needle, in: bundle, after: anchor), "\(needle) not in \(output) (\(fileName))")
            result[output, default: []].append(
                Probe(
                    generatedLine: generated.0, generatedColumn: generated.1,
                    source: "../UserScripts/" + sourcePath, originalLine: original.0, originalColumn: original.1))
        }
        // A continuation line of a multi-line template is mapped at column 0.
        let alpha = try String(contentsOfFile: FixtureProject.root + "/AllFrames/AtDocumentStart/alpha.js", encoding: .utf8)
        let bundle = String(decoding: try #require(files["AllFramesAtDocumentStart.js"]), as: UTF8.self)
        let original = try #require(position(of: "third line`", in: alpha))
        let generated = try #require(position(of: "third line`", in: bundle))
        result["AllFramesAtDocumentStart.js", default: []].append(
            Probe(
                generatedLine: generated.0, generatedColumn: 0, source: "../UserScripts/AllFrames/AtDocumentStart/alpha.js",
                originalLine: original.0, originalColumn: 0))
        return result
    }

    static func probesJSON(_ probes: [Probe]) -> String {
        "[" + probes.map { "[\($0.generatedLine),\($0.generatedColumn)]" }.joined(separator: ",") + "]"
    }

    static func expectedJSON(_ probes: [Probe]) -> String {
        "[" + probes.map { "[\"\($0.source)\",\($0.originalLine),\($0.originalColumn)]" }.joined(separator: ",") + "]"
    }

    @Test func nodeBuiltInSourceMapFindsTheOriginals() throws {
        let files = FixtureProject.outputs(try FixtureProject.build(mode: .development, sourceMaps: .external))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(files, under: folder)
        let script = """
            const { SourceMap } = require('node:module');
            const fs = require('node:fs');
            const [mapFile, probes] = process.argv.slice(1);
            const map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
            const found = JSON.parse(probes).map(([line, column]) => {
              const entry = map.findEntry(line, column);
              return [entry.originalSource, entry.originalLine, entry.originalColumn];
            });
            console.log(JSON.stringify(found));
            """
        var checked = 0
        for (output, probes) in try Self.probes(files).sorted(by: { $0.key < $1.key }) {
            guard let result = try TestSupport.node(script, [folder + "/" + output + ".map", Self.probesJSON(probes)]) else { return }
            try #require(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.trimmingCharacters(in: .newlines) == Self.expectedJSON(probes), "\(output)")
            checked += probes.count
        }
        #expect(checked == Self.markers.count + 1)
    }

    @Test func inlineMapDecodesWithNode() throws {
        let files = FixtureProject.outputs(try FixtureProject.build(mode: .development, sourceMaps: .inline))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(files, under: folder)
        let script = """
            const { SourceMap } = require('node:module');
            const code = require('node:fs').readFileSync(process.argv[1], 'utf8');
            const url = code.match(/\\n\\/\\/# sourceMappingURL=data:application\\/json;charset=utf-8;base64,(\\S+)\\n$/)[1];
            const map = new SourceMap(JSON.parse(Buffer.from(url, 'base64').toString('utf8')));
            const probes = JSON.parse(process.argv[2]);
            console.log(JSON.stringify(probes.map(([l, c]) => { const e = map.findEntry(l, c); return [e.originalSource, e.originalLine, e.originalColumn]; })));
            """
        let probes = try #require(try Self.probes(files)["MainFrameAtDocumentEnd.js"])
        guard let result = try TestSupport.node(script, [folder + "/MainFrameAtDocumentEnd.js", Self.probesJSON(probes)]) else { return }
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .newlines) == Self.expectedJSON(probes))
    }

    @Test(.enabled(if: DebianNodeCorpus.isInstalled("node-source-map"), DebianNodeCorpus.absence("node-source-map")))
    func debianSourceMapFindsTheOriginals() throws {
        let files = FixtureProject.outputs(try FixtureProject.build(mode: .development, sourceMaps: .external))
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(files, under: folder)
        let script = """
            const { SourceMapConsumer } = require('source-map');
            const fs = require('node:fs');
            const [mapFile, probes] = process.argv.slice(1);
            const consumer = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
            const found = JSON.parse(probes).map(([line, column]) => {
              const p = consumer.originalPositionFor({ line: line + 1, column, bias: SourceMapConsumer.GREATEST_LOWER_BOUND });
              return [p.source, p.line - 1, p.column];
            });
            console.log(JSON.stringify(found));
            """
        for (output, probes) in try Self.probes(files).sorted(by: { $0.key < $1.key }) {
            guard
                let result = try TestSupport.node(
                    script, [folder + "/" + output + ".map", Self.probesJSON(probes)],
                    environment: ["NODE_PATH": DebianNodeCorpus.root])
            else { return }
            try #require(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.trimmingCharacters(in: .newlines) == Self.expectedJSON(probes), "\(output)")
        }
    }

    /// Every token of every file maps back to itself through our own decoder.
    @Test func everyTokenIsMapped() throws {
        let bundles = try FixtureProject.build(mode: .development, sourceMaps: .external)
        for bundle in bundles {
            let map = String(decoding: try #require(bundle.map), as: UTF8.self)
            let mappings = try #require(map.split(separator: "\"mappings\":\"").last?.split(separator: "\"").first)
            let lines = try #require(SourceMapMappings.decode(String(mappings)))
            var mappedTokens = 0
            for line in lines { mappedTokens += line.filter { $0.source != nil }.count }
            var expected = 0
            for name in bundle.group.files {
                let bytes = try #require(FileManager.default.contents(atPath: bundle.group.folder + "/" + name))
                let tokens = try JavaScriptTokenizer.tokenize(Array(bytes)).tokens
                expected += tokens.count
                for token in tokens where token.canSpanLines {
                    expected += Array(bytes)[token.range].filter { $0 == 0x0A }.count
                }
            }
            #expect(mappedTokens == expected, "\(bundle.group.name)")
        }
    }
}
