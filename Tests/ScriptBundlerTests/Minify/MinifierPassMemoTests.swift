import Foundation
import Testing

@testable import ScriptBundler

/// What the minifier keeps per source file for the other bundles of a build: never changing what a bundle holds,
/// and making a shared module's piece once for all the bundles that hold it.
@Suite struct MinifierPassMemoTests {
    /// Three groups import the same modules (a leaf ES module, one importing it, a CommonJS one): built together
    /// (sharing parses and the memo) they give the bytes each gives built alone, and the leaf module was minified
    /// once for all of them (one template).
    @Test(arguments: [SourceMapMode.external, .none])
    func bundlesSharingModulesMatchBundlesBuiltAlone(sourceMaps: SourceMapMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let leaf = """
            export function describe(value) {
              const label = 'it\\'s ' + value;
              if (value === undefined) { return new Map(); }
              return [label, ((x) => x * 2)(value), typeof value === "undefined"];
            }
            export class Counter { constructor() { this.count = 0; } bump() { return ++this.count; } }

            """
        let middle = """
            import { describe, Counter } from "./leaf.mjs";
            export const twice = (value) => [describe(value), new Counter().bump()];

            """
        let common = "module.exports = { \"name\": 'common', size: function (list) { return list['length']; } };\n"
        var files = ["lib/leaf.mjs": leaf, "lib/middle.mjs": middle, "lib/common.js": common]
        for (index, place) in ["AllFrames/AtDocumentStart", "AllFrames/AtDocumentEnd", "MainFrame/AtDocumentEnd"].enumerated() {
            files["UserScripts/\(place)/entry\(index).js"] = """
                import { describe } from "../../../lib/leaf.mjs";
                import { twice } from "../../../lib/middle.mjs";
                import common from "../../../lib/common.js";
                window.result\(index) = [describe(\(index)), twice(\(index)), common.size([\(index)])];

                """
        }
        try TestSupport.write(files, under: folder)
        var configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        // The token minifier's templates and memo counters (transitional: this test goes with the token minifier).
        configuration.usesTreeMinifier = false
        let groups = try ScriptBundler().discoverGroups(configuration)
        #expect(groups.count == 3)
        let cache = ParsedFileCache(makeMemo: { MinifierPassMemo() })
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(
            groups, configuration: configuration)
        #expect(together.count == 3)
        for (group, bundle) in zip(groups, together) {
            let alone = try #require(try ScriptBundler().build([group], configuration: configuration).first)
            #expect(String(decoding: bundle.code, as: UTF8.self) == String(decoding: alone.code, as: UTF8.self))
            #expect(bundle.map.map { String(decoding: $0, as: UTF8.self) } == alone.map.map { String(decoding: $0, as: UTF8.self) })
        }
        let leafFile = try #require(cache.file(at: AbsolutePath.make(folder + "/lib/leaf.mjs")))
        let leafFileMemo = try #require(leafFile.passMemo as? MinifierPassMemo)
        #expect(leafFileMemo.templateCount == 1)
    }

    /// A module hoisted into bundles that name its declarations differently (one bundle's entry declares names of
    /// its own that it uses more, which take the shortest names there): each bundle is what it is built alone, and
    /// the module's renaming plan is made once for all of them.
    @Test func bundlesHoistingAModuleUnderOtherNamesShareItsPlan() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let leaf = """
            export function describe(value) {
              let label = "value " + value, parts = [label, value * 2];
              for (let index = 0; index < parts.length; index++) { parts[index] = String(parts[index]); }
              return parts.join("/");
            }
            export const unit = "u";

            """
        var files = ["lib/leaf.mjs": leaf]
        for (index, place) in ["AllFrames/AtDocumentStart", "AllFrames/AtDocumentEnd", "MainFrame/AtDocumentEnd"].enumerated() {
            let own =
                index == 1
                ? "function describe() { return 'own'; }\nconst often = (x) => x;\n"
                    + String(repeating: "window.own = often(describe());\n", count: 12)
                : ""
            files["UserScripts/\(place)/entry\(index).js"] = """
                import { describe as show, unit } from "../../../lib/leaf.mjs";
                \(own)window.result\(index) = [show(\(index)), unit];

                """
        }
        try TestSupport.write(files, under: folder)
        var configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: .external)
        // The token minifier's templates and memo counters (transitional: this test goes with the token minifier).
        configuration.usesTreeMinifier = false
        let groups = try ScriptBundler().discoverGroups(configuration)
        let cache = ParsedFileCache(makeMemo: { MinifierPassMemo() })
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(
            groups, configuration: configuration)
        #expect(together.count == 3)
        var codes: [String] = []
        for (group, bundle) in zip(groups, together) {
            let alone = try #require(try ScriptBundler().build([group], configuration: configuration).first)
            codes.append(String(decoding: bundle.code, as: UTF8.self))
            #expect(String(decoding: bundle.code, as: UTF8.self) == String(decoding: alone.code, as: UTF8.self))
            #expect(bundle.map.map { String(decoding: $0, as: UTF8.self) } == alone.map.map { String(decoding: $0, as: UTF8.self) })
        }
        // The module's function takes another name in the second bundle.
        #expect(codes[0].contains("function o(c)"))
        #expect(!codes[1].contains("function o(c)"))
        let leafFile = try #require(cache.file(at: AbsolutePath.make(folder + "/lib/leaf.mjs")))
        let leafFileMemo = try #require(leafFile.passMemo as? MinifierPassMemo)
        #expect(leafFileMemo.planCount == 1)
        #expect(leafFileMemo.renamedTemplateUses > 0)
    }

    /// A piece whose template another thread is writing is reported as such when the caller does not wait (it
    /// minifies its other pieces first), claimed when no one holds it, and found once stored.
    @Test func aTemplateInFlightIsReportedWithoutWaiting() {
        let memo = MinifierPassMemo()
        let piece = PreparedPiece(
            generated: Array("x".utf8), sources: [], mapping: false, tokens: PieceTokens(), analysis: nil,
            sourceTokens: [], source: [], bindings: [], isStrict: false)
        let key = MinifierPassMemo.TemplateKey(piece, written: [], renames: IdentifierRenames())
        func claim() -> String {
            switch memo.claimTemplate(for: key, waits: false) {
            case .found: return "found"
            case .claimed: return "claimed"
            case .inFlight: return "in flight"
            }
        }
        #expect(claim() == "claimed")
        #expect(claim() == "in flight")
        memo.store(RenamedPieceTemplate(piece: MinifiedPiece(), slots: [], names: []), for: key)
        #expect(claim() == "found")
        #expect(memo.claimTemplate(for: key) != nil)
    }
}
