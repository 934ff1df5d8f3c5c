import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The parts of `LoweredSource` that make a lowered build cheaper: the module graph's parse kept for the lowering,
/// the scan for comments the tree keeps, and the origins table filled in generated order.
@Suite struct LoweredSourceTests {
    // MARK: - The graph's tree

    static let files: [String: String] = [
        "entry.js": "import { read } from \"./chain.mjs\";\nimport { kept } from \"./legal.mjs\";\nglobalThis.r = [read({}), kept];\n",
        "chain.mjs": "export function read(o) {\n  return o?.a?.b ?? \"none\";\n}\n",
        "legal.mjs": "/*! kept legal comment */\nexport const kept = globalThis.x?.y;\n",
        "plain.mjs": "export const plain = 1;\n",
    ]

    static func graph(in folder: String, cache: ParsedFileCache, target: ScriptTarget) throws -> ModuleGraph {
        let path = folder + "/entry.js"
        return try #require(
            try ModuleGraph.build(
                entries: [(path, try LocalFileSystem().readFile(at: path))], fileSystem: LocalFileSystem(),
                options: ModuleResolutionOptions(), cache: cache, target: target))
    }

    /// A lowered file's code is the same whether the lowering took the graph's tree or parsed the file itself, the
    /// tree is let go once taken, and a file that may hold a kept comment is parsed with its comments.
    @Test func theGraphsTreeIsLoweredOnceAndGivesTheSameCode() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        let target = try #require(ScriptTarget(name: "safari11"))
        let cache = ParsedFileCache()
        let graph = try Self.graph(in: folder, cache: cache, target: target)
        for name in ["chain.mjs", "legal.mjs"] {
            let path = folder + "/" + name
            let record = try #require(graph.records.first { $0.path == path })
            let lowering = try #require(record.lowering, "\(name) is lowered")
            let parsed = try #require(cache.file(at: path))
            #expect(parsed.facts.takeTree() == nil, "the lowering took the kept tree of \(name) (or none was kept)")
            // The same file lowered without the graph's tree: parsed here, with its comments when it may hold one.
            let bytes = Array(Self.files[name, default: ""].utf8)
            let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
            let alone = try #require(
                try LoweredSource.lower(bytes, tokens: tokens, features: nil, target: target, path: name) { _ throws(BundlerError) in })
            #expect(lowering.code == alone.code, "\(name)")
        }
        let legal = try #require(graph.records.first { $0.path == folder + "/legal.mjs" }?.lowering)
        #expect(String(decoding: legal.code, as: UTF8.self).contains("/*! kept legal comment */"))
        // A file the target lacks nothing of keeps no tree and is not lowered.
        let plainPath = folder + "/plain.mjs"
        try TestSupport.write(["entry.js": "import { plain } from \"./plain.mjs\";\nglobalThis.p = plain;\n"], under: folder)
        let plainCache = ParsedFileCache()
        let plainGraph = try Self.graph(in: folder, cache: plainCache, target: target)
        #expect(plainGraph.records.first { $0.path == plainPath }?.lowering == nil)
        #expect(try #require(plainCache.file(at: plainPath)).facts.takeTree() == nil)
    }

    @Test func theFactsGiveAKeptTreeOnce() throws {
        let facts = ModuleFileFacts()
        #expect(facts.takeTree() == nil)
        facts.keepTree(try SyntaxParser.parse("a?.b;"))
        #expect(facts.takeTree() != nil)
        #expect(facts.takeTree() == nil)
    }

    // MARK: - Kept comments

    /// What `mayHoldKeptComment` looks for, found byte by byte.
    static func holdsMarker(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("#!".utf8)) { return true }
        let markers = ["/*!", "//!", "@license", "@preserve", "__PURE__"].map { Array($0.utf8) }
        for start in bytes.indices {
            for marker in markers where start + marker.count <= bytes.count {
                if Array(bytes[start..<(start + marker.count)]) == marker { return true }
            }
        }
        return false
    }

    @Test func theScanForKeptCommentsFindsWhatAByteByByteSearchFinds() {
        var random = SeededGenerator(seed: 42)
        let pieces = [
            "/", "*", "!", "@", "_", "__", "PURE", "license", "preserve", "#", "a", "bc", " ", "\n", "é", "🎉", "/*!", "//!", "@license",
            "@preserve", "__PURE__", "#!", "/**", "@licens", "__PURE_", "!/", "*!", "x!==y", "_a",
        ]
        var found = 0
        for _ in 0..<4_000 {
            let count = Int.random(in: 0..<24, using: &random)
            // Mostly without a whole marker, so the ones found near a word's end are tried often.
            let text = (0..<count).map { _ in
                pieces[Int.random(in: 0..<(Int.random(in: 0..<6, using: &random) == 0 ? pieces.count : 17), using: &random)]
            }.joined()
            let bytes = Array(text.utf8)
            let expected = Self.holdsMarker(bytes)
            if expected { found += 1 }
            #expect(LoweredSource.mayHoldKeptComment(bytes) == expected, "\(text.debugDescription)")
        }
        #expect(found > 200)
        #expect(!LoweredSource.mayHoldKeptComment(Array("const a = b ! c @ d _e; // ! @ _".utf8)))
        #expect(LoweredSource.mayHoldKeptComment(Array("const a = 12345; /*! license */".utf8)))
    }

    // MARK: - The origins table

    /// Entries given in generated order make the same table as the same entries in any order, the later of two at
    /// one position winning.
    @Test func theOriginsTableIsTheSameInAnyOrder() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            var entries: [SourceOrigins.Entry] = []
            var line = 0, column = 0
            for _ in 0..<Int.random(in: 0..<40, using: &random) {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    line += Int.random(in: 1...3, using: &random)
                    column = 0
                }
                column += Int.random(in: 0...3, using: &random)
                entries.append(
                    SourceOrigins.Entry(
                        line: line, column: column, originalLine: Int.random(in: 0..<100, using: &random),
                        originalColumn: Int.random(in: 0..<100, using: &random)))
            }
            let inOrder = SourceOrigins(entries)
            var builder = SourceOrigins.Builder(capacity: 0)
            for entry in entries { builder.append(entry) }
            #expect(builder.isInOrder)
            let built = SourceOrigins(builder)
            // Out of order: sorted by the table, stably, so of two entries at one position the later given wins.
            let shuffled = entries.shuffled(using: &random)
            let sorted = SourceOrigins(shuffled)
            for probeLine in 0...(line + 1) {
                for probeColumn in 0...(column + 4) {
                    func last(_ list: [SourceOrigins.Entry]) -> (Int, Int)? {
                        list.last { $0.line == probeLine && $0.column == probeColumn }.map { ($0.originalLine, $0.originalColumn) }
                    }
                    for (table, expected) in [(inOrder, last(entries)), (built, last(entries)), (sorted, last(shuffled))] {
                        let found = table.original(line: probeLine, column: probeColumn)
                        #expect(found?.line == expected?.0 && found?.column == expected?.1)
                    }
                }
            }
            #expect(inOrder.count == Set(entries.map { "\($0.line):\($0.column)" }).count)
        }
    }
}
