import Foundation
import Testing

@testable import ScriptBundler

/// A minified piece made again with other new names: the code takes the names, the mappings after a name on its
/// line move by the difference in length, the others stay; a build that reuses templates writes what each bundle
/// built alone writes.
@Suite struct RenamedPieceTemplateTests {
    typealias Segment = MinifiedPiece.Segment

    static func segment(_ line: Int32, _ column: Int32, _ originalColumn: Int32) -> Segment {
        Segment(line: line, column: column, source: 0, originalLine: line, originalColumn: originalColumn, name: -1)
    }

    /// `let ab=c;ab(c)` then, on a second line, `f(ab)`: the renames `ab` (0) and `c` (1), written at the slots.
    static func template() -> RenamedPieceTemplate {
        var piece = MinifiedPiece()
        piece.code = Array("let ab=c;ab(c)\nf(ab)".utf8)
        let segments = [
            segment(0, 0, 0), segment(0, 4, 4), segment(0, 7, 9), segment(0, 9, 12), segment(0, 12, 15),
            segment(1, 0, 0), segment(1, 2, 2),
        ]
        piece.segments = segments
        piece.lineCount = 1
        piece.lastLineColumn = 5
        // A slot after the name's own segment (the first `segmentEnd` segments): where the encoded mappings end there.
        func slot(_ offset: Int32, _ rename: Int32, _ line: Int32, _ segmentEnd: Int) -> RenamedPieceTemplate.NameSlot {
            let written = PieceMappings(Array(segments[0..<segmentEnd]))
            return .init(offset: offset, rename: rename, line: line, mappingEnd: Int32(written.bytes.count), mappingLine: written.line)
        }
        let slots = [slot(4, 0, 0, 2), slot(7, 1, 0, 3), slot(9, 0, 0, 4), slot(12, 1, 0, 5), slot(17, 0, 1, 7)]
        return RenamedPieceTemplate(piece: piece, slots: slots, names: [Array("ab".utf8), Array("c".utf8)])
    }

    @Test func putsTheNewNamesInAndMovesTheMappingsAfterThem() throws {
        let made = try #require(Self.template().substituting([Array("x".utf8), Array("yyy".utf8)]))
        #expect(String(decoding: made.code, as: UTF8.self) == "let x=yyy;x(yyy)\nf(x)")
        // Line 0: `let x=yyy;x(yyy)` (segments at let, x, yyy, x, yyy); line 1 `f(x)`: f stays, x stays at 2.
        #expect(made.segments.map(\.column) == [0, 4, 6, 10, 12, 0, 2])
        #expect(made.segments.map(\.line) == [0, 0, 0, 0, 0, 1, 1])
        #expect(made.segments.map(\.originalColumn) == [0, 4, 9, 12, 15, 0, 2])
        // The last line ends one column earlier (`x` for `ab`).
        #expect(made.lastLineColumn == 4)
        #expect(made.lineCount == 1)
    }

    @Test func sameNamesGiveThePieceItself() throws {
        let template = Self.template()
        let made = try #require(template.substituting(template.names))
        #expect(made.code == template.piece.code)
        #expect(made.segments.map(\.column) == template.piece.segments.map(\.column))
    }

    @Test func tablesThatDoNotLineUpGiveNothing() {
        #expect(Self.template().substituting([Array("x".utf8)]) == nil)
    }

    /// Two groups scope-hoist the same module (`shared.mjs`), one of them beside a module whose many top-level
    /// names are read more often, so the shared module's names differ between the bundles. Built together (one
    /// parse per file and one memo) each bundle is byte for byte what it is built alone, and the shared module's
    /// second bundle was made from the first one's template with its own names.
    @Test(arguments: [SourceMapMode.external, .none])
    func bundlesMadeFromTemplatesMatchBundlesBuiltAlone(sourceMaps: SourceMapMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shared = """
            let counter = 0;
            function bump(step) { counter += step; return counter; }
            function label(value) { const text = 'value ' + value; return text + ':' + bump(1); }
            export function describe(value) { return [label(value), bump(2), counter]; }

            """
        var busy = ""
        for n in 0..<30 { busy += "export function helper\(n)(v) { return v + \(n); }\n" }
        busy +=
            "export function useAll(v) { return [" + (0..<30).map { "helper\($0)(v), helper\($0)(v + 1)" }.joined(separator: ", ")
            + "]; }\n"
        let files = [
            "lib/shared.mjs": shared,
            "lib/busy.mjs": busy,
            "UserScripts/AllFrames/AtDocumentStart/entry.js": """
            import { describe } from "../../../lib/shared.mjs";
            window.first = describe(1);

            """,
            "UserScripts/MainFrame/AtDocumentStart/entry.js": """
            import { useAll } from "../../../lib/busy.mjs";
            import { describe } from "../../../lib/shared.mjs";
            window.second = [useAll(2), describe(2)];

            """,
        ]
        try TestSupport.write(files, under: folder)
        var configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        // The token minifier's templates and memo counters (transitional: this test goes with the token minifier).
        configuration.usesTreeMinifier = false
        let groups = try ScriptBundler().discoverGroups(configuration)
        #expect(groups.count == 2)
        let cache = ParsedFileCache(makeMemo: { MinifierPassMemo() })
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(
            groups, configuration: configuration)
        #expect(together.count == 2)
        for (group, bundle) in zip(groups, together) {
            let alone = try #require(try ScriptBundler().build([group], configuration: configuration).first)
            #expect(String(decoding: bundle.code, as: UTF8.self) == String(decoding: alone.code, as: UTF8.self))
            #expect(bundle.map.map { String(decoding: $0, as: UTF8.self) } == alone.map.map { String(decoding: $0, as: UTF8.self) })
        }
        let sharedFile = try #require(cache.file(at: AbsolutePath.make(folder + "/lib/shared.mjs")))
        let sharedFileMemo = try #require(sharedFile.passMemo as? MinifierPassMemo)
        #expect(sharedFileMemo.renamedTemplateUses == 1)
    }

    /// Two groups wrap the same CommonJS module under different module IDs (`d(1,` in one bundle, `d(2,` in the
    /// other, behind another module). Built together, each bundle is byte for byte what it is built alone, and the
    /// shared module's second bundle was made from the first one's template with its own ID put in.
    @Test(arguments: [SourceMapMode.external, .none])
    func wrappedModulesNumberedDifferentlyShareTheirTemplate(sourceMaps: SourceMapMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [
            "lib/shared.js": """
            var cache = {};
            function remember(key, value) { var entry = { key: key, value: value }; cache[key] = entry; return entry; }
            module.exports = { remember: remember, size: function () { return Object.keys(cache).length; } };

            """,
            "lib/other.js": """
            module.exports = function twice(value) { var result = value * 2; return result; };

            """,
            "UserScripts/AllFrames/AtDocumentStart/entry.js": """
            var shared = require("../../../lib/shared.js");
            shared.remember("first", 1);
            window.first = shared.size();

            """,
            "UserScripts/MainFrame/AtDocumentStart/entry.js": """
            var twice = require("../../../lib/other.js");
            var shared = require("../../../lib/shared.js");
            shared.remember("second", twice(2));
            window.second = shared.size();

            """,
        ]
        try TestSupport.write(files, under: folder)
        var configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        // The token minifier's templates and memo counters (transitional: this test goes with the token minifier).
        configuration.usesTreeMinifier = false
        let groups = try ScriptBundler().discoverGroups(configuration)
        #expect(groups.count == 2)
        let cache = ParsedFileCache(makeMemo: { MinifierPassMemo() })
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(
            groups, configuration: configuration)
        #expect(together.count == 2)
        var definitions: [String] = []
        for (group, bundle) in zip(groups, together) {
            let alone = try #require(try ScriptBundler().build([group], configuration: configuration).first)
            let code = String(decoding: bundle.code, as: UTF8.self)
            #expect(code == String(decoding: alone.code, as: UTF8.self))
            #expect(bundle.map.map { String(decoding: $0, as: UTF8.self) } == alone.map.map { String(decoding: $0, as: UTF8.self) })
            // The shared module's definition call: the one whose body reads `cache`.
            if let range = code.range(of: #"\(\d+,[^{]*\{var [A-Za-z_$]+=\{\}"#, options: .regularExpression) {
                definitions.append(String(code[range].prefix { $0 != "," }))
            }
        }
        // The module has a different ID in each bundle.
        #expect(definitions.count == 2)
        #expect(Set(definitions).count == 2)
        let sharedFile = try #require(cache.file(at: AbsolutePath.make(folder + "/lib/shared.js")))
        let sharedFileMemo = try #require(sharedFile.passMemo as? MinifierPassMemo)
        #expect(sharedFileMemo.renumberedTemplateUses == 1)
    }
}
