import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Templates of scope-hoisted modules minified from their trees (`TreePieceTemplate`, issue 41 step 4i): a bundle
/// whose piece of a shared module comes from another bundle's is byte for byte the bundle built alone.
@Suite struct TreePieceTemplateTests {
    /// Three groups hoist the same modules with the tree minifier on: the entries declare names of their own, so the
    /// shared modules' top-level names differ between the bundles, the module `leaf` reads (`helper`, a free name
    /// of `leaf`'s piece) is named differently too, and `leaf` has locals that shadow its own top-level names. Built
    /// together (sharing the memo) each bundle and its map are what the bundle built alone gives, and pieces were made
    /// from templates with other names.
    @Test(arguments: [SourceMapMode.external, .none])
    func bundlesSharingTreePiecesMatchBundlesBuiltAlone(sourceMaps: SourceMapMode) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let helper = """
            export function helper(value) { return String(value).trim(); }
            export const separator = "/";

            """
        let leaf = """
            import { helper, separator } from "./helper.mjs";
            export const unit = "u";
            export function describe(value) {
              let label = "value " + helper(value), parts = [label, value * 2];
              for (let index = 0; index < parts.length; index++) { const unit = index * 2; parts[index] = String(parts[index]) + unit; }
              return parts.join(separator) + unit + (value === undefined ? typeof value : "");
            }
            export class Counter { constructor(start) { this.count = start; } bump() { return ++this.count; } }

            """
        var files = ["lib/helper.mjs": helper, "lib/leaf.mjs": leaf]
        for (index, place) in ["AllFrames/AtDocumentStart", "AllFrames/AtDocumentEnd", "MainFrame/AtDocumentEnd"].enumerated() {
            // Each entry declares its own number of names, used more than the shared modules' (they take the
            // shortest names first): the shared modules' names differ between the bundles.
            var own = ""
            for k in 0..<(index * 3) {
                own += "const often\(k) = (x) => x + \(k);\n" + String(repeating: "window.own\(k) = often\(k)(\(k));\n", count: 6)
            }
            files["UserScripts/\(place)/entry\(index).js"] = """
                import { describe as show, unit, Counter } from "../../../lib/leaf.mjs";
                \(own)window.result\(index) = [show(\(index)), unit, new Counter(\(index)).bump()];

                """
        }
        try TestSupport.write(files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        let groups = try ScriptBundler().discoverGroups(configuration)
        #expect(groups.count == 3)
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        let together = try ScriptBundler(fileSystem: LocalFileSystem(), sources: nil, parsedFiles: cache).build(
            groups, configuration: configuration)
        #expect(together.count == 3)
        var codes: [String] = []
        for (group, bundle) in zip(groups, together) {
            let alone = try #require(try ScriptBundler().build([group], configuration: configuration).first)
            let code = String(decoding: bundle.code, as: UTF8.self)
            codes.append(code)
            #expect(code == String(decoding: alone.code, as: UTF8.self))
            #expect(bundle.map.map { String(decoding: $0, as: UTF8.self) } == alone.map.map { String(decoding: $0, as: UTF8.self) })
        }
        // The bundles differ (the shared modules are named otherwise in each), and pieces came from templates.
        #expect(Set(codes).count == 3)
        var uses = 0
        for path in ["/lib/leaf.mjs", "/lib/helper.mjs"] {
            let file = try #require(cache.file(at: AbsolutePath.make(folder + path)))
            let memo = try #require(file.passMemo as? PieceTemplateMemo)
            uses += memo.treeTemplateUses
        }
        #expect(uses >= 2)
    }

    /// A key takes the names apart from the structure: slots numbered by first appearance, one per spelling, a
    /// property name or number kept as text; two spellings of the same structure give equal keys.
    @Test func keysNumberSlotsBySpelling() throws {
        let edits: [TokenEdit] = [
            .replace(0..<1, with: "a.name", mappedTo: 0), .replace(3..<5, with: "let b ="), .replace(7..<8, with: "a", mappedTo: 7),
        ]
        let first = try #require(
            TreePieceTemplate.Key.of(edits: edits, topLevelNames: [0: "b", 2: "c"], needsTerminator: false, mapSource: nil))
        #expect(first.spellings == ["b", "c", "a", "let"])
        #expect(first.structuralWords == ["name"])
        let renamed: [TokenEdit] = [
            .replace(0..<1, with: "x.name", mappedTo: 0), .replace(3..<5, with: "let y ="), .replace(7..<8, with: "x", mappedTo: 7),
        ]
        let second = try #require(
            TreePieceTemplate.Key.of(edits: renamed, topLevelNames: [0: "y", 2: "z"], needsTerminator: false, mapSource: nil))
        #expect(second.key == first.key)
        #expect(second.spellings == ["y", "z", "x", "let"])
        // The same name written twice in one bundle and two names in the other: not the same structure.
        let merged = try #require(
            TreePieceTemplate.Key.of(edits: renamed, topLevelNames: [0: "y", 2: "y"], needsTerminator: false, mapSource: nil))
        #expect(merged.key != first.key)
        // Another property name is another structure.
        let other = try #require(
            TreePieceTemplate.Key.of(
                edits: [.replace(0..<1, with: "x.other", mappedTo: 0)] + renamed.dropFirst(), topLevelNames: [0: "y", 2: "z"],
                needsTerminator: false, mapSource: nil))
        #expect(other.key != first.key)
    }

    /// The word tables of `fits(_:)` (step 5d) answer as `Set<String>` does: ASCII words by their bytes, and a word
    /// canonically equal to another (the Kelvin sign and `K`, a precomposed and a decomposed `é`) found either way.
    @Test func wordTablesAnswerAsStringSets() {
        let words = ["a", "ab", "K", "caf\u{E9}", "", "undefined", "x1", "$_"]
        let tested = ["a", "b", "ab", "abc", "\u{212A}", "K", "k", "cafe\u{301}", "caf\u{E9}", "", "undefined", "x1", "$_", "_$", "\u{E9}"]
        let table = WordTable(words: words)
        let set = Set(words)
        for word in tested { #expect(table.contains(TestedWord(word)) == set.contains(word), "\(word)") }
        // Non-ASCII words in the table, and words given as bytes.
        let moreWords = ["\u{212A}", "cafe\u{301}", "b"]
        let bytes = Array("qrs\u{E9}t".utf8)
        let more = WordTable(words: moreWords, bytes: bytes, ends: [1, 3, Int32(bytes.count)])
        let moreSet = Set(moreWords + ["q", "rs", "\u{E9}t"])
        for word in tested + ["q", "rs", "\u{E9}t", "e\u{301}t", "qrs"] {
            #expect(more.contains(TestedWord(word)) == moreSet.contains(word), "\(word)")
        }
        // The template's sets.
        let parsed = ParsedNameSet(names: ["one", "K", "two"], count: 2)
        #expect(parsed.contains("one") && parsed.contains("\u{212A}") && !parsed.contains("two"))
        let empty = WordTable(words: [String]())
        #expect(!empty.contains(TestedWord("a")) && !empty.contains(TestedWord("")))
    }

    /// `ByteWordTable` finds each word at its index, by bytes.
    @Test func byteWordTablesFindWordsByIndex() {
        var table = ByteWordTable()
        let words = (0..<200).map { "w\($0)" } + ["", "a"]
        for word in words {
            var word = word
            word.withUTF8 { table.add($0, hash: TestedWord.hash(of: $0)) }
        }
        table.finish()
        for (index, word) in words.enumerated() {
            var word = word
            #expect(word.withUTF8 { table.index(of: $0, hash: TestedWord.hash(of: $0)) } == index)
        }
        var missing = "w200"
        #expect(missing.withUTF8 { table.index(of: $0, hash: TestedWord.hash(of: $0)) } == -1)
    }
}
