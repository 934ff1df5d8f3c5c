import Foundation
import Testing
@testable import ScriptBundler

/// The passes' results kept per source file for the other bundles of a build: found only for an equal piece,
/// bounded, and never changing what a bundle holds.
@Suite struct MinifierPassMemoTests {
    static func key(generated: String = "", tokens: Int = 3, sourceTokens: [Int32]? = nil, generatedNames: [Int] = [],
                    written: [Int32] = [], renamed: [Bool]? = nil, sharedTopLevel: Bool = false) throws
        -> MinifierPassMemo.Key
    {
        let bytes = Array((0..<tokens).map { "t\($0)" }.joined(separator: " ").utf8)
        let tokenList = try JavaScriptTokenizer.tokenize(bytes).tokens
        return MinifierPassMemo.Key(
            generated: Array(generated.utf8), tokens: tokenList, sourceTokens: sourceTokens ?? tokenList.indices.map { Int32($0) },
            generatedNames: generatedNames, written: written, renamed: renamed ?? tokenList.map { _ in false },
            sharedTopLevel: sharedTopLevel)
    }

    static func isUnedited(_ result: MinifierPassMemo.Outcome?) -> Bool {
        if case .unedited = result { return true }
        return false
    }

    @Test func findsAResultOnlyForAnEqualPiece() throws {
        let memo = MinifierPassMemo()
        let key = try Self.key()
        #expect(memo.outcome(for: key) == nil)
        var edited = EditedTokens()
        edited.text = Array("x".utf8)
        memo.store(.edited(edited), for: key)
        guard case .edited(let found) = memo.outcome(for: try Self.key()) else {
            Issue.record("no result for an equal key")
            return
        }
        #expect(found.text == Array("x".utf8))
        // Each part of the key tells pieces apart.
        #expect(memo.outcome(for: try Self.key(generated: "a")) == nil)
        #expect(memo.outcome(for: try Self.key(tokens: 4)) == nil)
        #expect(memo.outcome(for: try Self.key(sourceTokens: [0, -1, 2])) == nil)
        #expect(memo.outcome(for: try Self.key(generatedNames: [1])) == nil)
        #expect(memo.outcome(for: try Self.key(written: [0, 1, 2])) == nil)
        #expect(memo.outcome(for: try Self.key(renamed: [false, true, false])) == nil)
        #expect(memo.outcome(for: try Self.key(sharedTopLevel: true)) == nil)
    }

    @Test func storesOneResultPerKeyAndKeepsTheLatest() throws {
        let memo = MinifierPassMemo()
        memo.store(.unedited, for: try Self.key())
        memo.store(.unedited, for: try Self.key())
        #expect(memo.count == 1)
        for n in 1...(MinifierPassMemo.capacity + 2) { memo.store(.unedited, for: try Self.key(generated: "g\(n)")) }
        #expect(memo.count == MinifierPassMemo.capacity)
        // The oldest went first.
        #expect(memo.outcome(for: try Self.key()) == nil)
        #expect(memo.outcome(for: try Self.key(generated: "g1")) == nil)
        #expect(Self.isUnedited(memo.outcome(for: try Self.key(generated: "g3"))))
        #expect(Self.isUnedited(memo.outcome(for: try Self.key(generated: "g\(MinifierPassMemo.capacity + 2)"))))
    }

    /// Three groups import the same modules (a leaf ES module, one importing it, a CommonJS one): built together
    /// (sharing parses and the memo) they give the bytes each gives built alone, and the leaf module's passes ran
    /// once for all of them.
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
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        let groups = try ScriptBundler().discoverGroups(configuration)
        #expect(groups.count == 3)
        let cache = ParsedFileCache()
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(groups, configuration: configuration)
        #expect(together.count == 3)
        for (group, bundle) in zip(groups, together) {
            let alone = try #require(try ScriptBundler().build([group], configuration: configuration).first)
            #expect(String(decoding: bundle.code, as: UTF8.self) == String(decoding: alone.code, as: UTF8.self))
            #expect(bundle.map.map { String(decoding: $0, as: UTF8.self) } == alone.map.map { String(decoding: $0, as: UTF8.self) })
        }
        let leafFile = try #require(cache.file(at: AbsolutePath.make(folder + "/lib/leaf.mjs")))
        #expect(leafFile.passMemo.count == 1)
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
            let own = index == 1
                ? "function describe() { return 'own'; }\nconst often = (x) => x;\n" + String(repeating: "window.own = often(describe());\n", count: 12)
                : ""
            files["UserScripts/\(place)/entry\(index).js"] = """
            import { describe as show, unit } from "../../../lib/leaf.mjs";
            \(own)window.result\(index) = [show(\(index)), unit];

            """
        }
        try TestSupport.write(files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: .external)
        let groups = try ScriptBundler().discoverGroups(configuration)
        let cache = ParsedFileCache()
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(groups, configuration: configuration)
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
        #expect(leafFile.passMemo.planCount == 1)
        #expect(leafFile.passMemo.renamedTemplateUses > 0)
    }

    /// A piece whose template another thread is writing is reported as such when the caller does not wait (it
    /// minifies its other pieces first), claimed when no one holds it, and found once stored.
    @Test func aTemplateInFlightIsReportedWithoutWaiting() {
        let memo = MinifierPassMemo()
        let piece = PreparedPiece(generated: Array("x".utf8), sources: [], mapping: false, tokens: PieceTokens(), analysis: nil,
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
