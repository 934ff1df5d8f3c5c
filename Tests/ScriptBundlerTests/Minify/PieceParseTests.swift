import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The module graph's parse handed over to a tree-route piece (`PieceParse`, `KeptModuleParse`, issue 41 step 4f):
/// the kept tree is the tree a parse of the piece's own makes, and a piece minified from it is the piece minified
/// from its own parse (code, mappings, names, legal comments).
@Suite struct PieceParseTests {
    /// The graph of `files` (entry `entry.js`) built for a production bundle with the tree minifier, its parses kept
    /// in `cache`.
    static func graph(_ files: [String: String], cache: ParsedFileCache, folder: String) throws -> ModuleGraph {
        try TestSupport.write(files, under: folder)
        let fileSystem = LocalFileSystem()
        let entry = AbsolutePath.make(folder + "/entry.js")
        return try #require(
            try ModuleGraph.build(
                entries: [(entry, try fileSystem.readFile(at: entry))], fileSystem: fileSystem, options: ModuleResolutionOptions(),
                cache: cache, dropsUnused: true, keepsParses: true))
    }

    /// Whether two minified pieces are the same bytes, mappings, names, sources and legal comments.
    static func expectSame(_ handed: MinifiedPiece, _ own: MinifiedPiece, _ name: String) {
        #expect(String(decoding: handed.code, as: UTF8.self) == String(decoding: own.code, as: UTF8.self), "\(name)")
        #expect(handed.mappings == own.mappings, "\(name)")
        #expect(handed.names == own.names, "\(name)")
        #expect(handed.sources.map(\.path) == own.sources.map(\.path), "\(name)")
        #expect(handed.legalComments == own.legalComments, "\(name)")
        #expect(handed.lineCount == own.lineCount && handed.lastLineColumn == own.lastLineColumn, "\(name)")
    }

    /// Every parsed module's kept tree is the tree of a parse of its own (with comments: the legal comments and the
    /// `/*#__PURE__*/` flags too), and it is handed over once.
    @Test func keptTreeIsTheTreeOfAParseOfItsOwn() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let graph = try Self.graph(TreeModulePieceTests.files, cache: ParsedFileCache(), folder: folder)
        var kept = 0
        for record in graph.records where record.analysis != nil {
            let name = Paths.fileName(of: record.path)
            #expect(record.facts?.holdsParse == true, "\(name)")
            let handed = try #require(PieceParse.of(record), "\(name)")
            #expect(handed.isHandedOver, "\(name)")
            #expect(record.facts?.holdsParse == false, "\(name)")
            let own = try #require(PieceParse.of(record), "\(name)")
            #expect(!own.isHandedOver, "\(name)")
            #expect(handed.tree.firstDifference(from: own.tree) == nil, "\(name)")
            #expect(handed.tree.nodes.count == own.tree.nodes.count, "\(name)")
            #expect(handed.tree.symbols.count == own.tree.symbols.count, "\(name)")
            #expect(handed.tree.references.count == own.tree.references.count, "\(name)")
            #expect(handed.tree.legalComments.map(\.range) == own.tree.legalComments.map(\.range), "\(name)")
            #expect(handed.comments == own.comments, "\(name)")
            #expect(handed.tokens == own.tokens, "\(name)")
            kept += 1
        }
        #expect(kept == 5)
        // The UMD module's legal comment and `other.js`'s pure call are in the kept trees.
        let umd = try #require(graph.records.first { $0.path.hasSuffix("umd.js") })
        #expect(PieceParse.of(umd)?.legalComments() == [Array("/*! umd legal comment */".utf8)])
    }

    /// CommonJS definitions minified from the handed-over tree equal those minified from their own parse.
    @Test func definitionsFromTheHandedOverTree() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let graph = try Self.graph(TreeModulePieceTests.files, cache: ParsedFileCache(), folder: folder)
        var linker = ModuleLinker(graph: graph, dropsUnused: true)
        var handedOver: [String] = []
        for record in graph.records where record.kind == .commonJS {
            let linked = try linker.link(record.id)
            let name = Paths.fileName(of: record.path)
            guard TreeModulePiece.accepts(record, linked, define: linker.names.define) else { continue }
            for mapping in [true, false] {
                let piece = ModuleBundleAssembler.treeModulePiece(
                    record, linked, define: linker.names.define,
                    paths: ModuleBundleAssembler.PathStyle(banner: { $0 }, mapSource: { Paths.fileName(of: $0) }), mapping: mapping)
                let own = try #require(piece.minified(handover: false), "\(name)")
                #expect(record.facts?.holdsParse == mapping, "\(name)")
                if record.facts?.holdsParse == true { handedOver.append(name) }
                let handed = try #require(piece.minified(), "\(name)")
                #expect(record.facts?.holdsParse == false, "\(name)")
                Self.expectSame(handed, own, name)
            }
        }
        #expect(handedOver.sorted() == ["entry.js", "other.js", "self.js", "umd.js"])
    }

    /// Scope-hoisted modules minified from the handed-over tree equal those minified from their own parse.
    @Test func hoistedModulesFromTheHandedOverTree() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let graph = try Self.graph(TreeHoistedPieceTests.files, cache: ParsedFileCache(), folder: folder)
        var taken = ShortNameSet()
        for record in graph.records { RuntimeNames.shortNamesUsed(by: record, into: &taken) }
        let names = RuntimeNames.short(avoiding: taken)
        var linker = ModuleLinker(graph: graph, dropsUnused: true, names: names)
        for name in names.all { taken.insert(name.utf8) }
        var plan = ScopeHoisting(graph: graph, linker: &linker, inlineEntries: [], taken: taken)
        var handedOver: [String] = []
        for record in graph.records {
            guard plan.isHoisted[record.id] else {
                _ = try linker.link(record.id)
                continue
            }
            let linked = try linker.linkHoisted(record.id, plan: &plan)
            let name = Paths.fileName(of: record.path)
            let piece = TreeHoistedPiece(
                record: record, edits: linked.edits, topLevelNames: linked.topLevelNames, needsTerminator: linked.needsTerminator,
                mapSource: name)
            guard let own = piece.minified(handover: false) else { continue }
            #expect(record.facts?.holdsParse == true, "\(name)")
            let handed = try #require(piece.minified(), "\(name)")
            #expect(record.facts?.holdsParse == false, "\(name)")
            Self.expectSame(handed, own, name)
            handedOver.append(name)
        }
        #expect(
            handedOver.sorted() == [
                "counter.js", "entry.js", "math.js", "mostlyunused.js", "readcjs.js", "strings.js", "value.js", "whole.js",
            ],
            "\(handedOver)")
    }

    /// A file two graphs hold (two bundles): the first piece gets a copy of the kept tree, the last takes it; both
    /// are the tree of a parse of its own, and the first piece's changes do not reach the kept tree.
    @Test func lastOfTwoGraphsTakesTheKeptParse() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = ParsedFileCache()
        let first = try Self.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
        let second = try Self.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
        let umdFirst = try #require(first.records.first { $0.path.hasSuffix("umd.js") })
        let umdSecond = try #require(second.records.first { $0.path.hasSuffix("umd.js") })
        #expect(umdFirst.facts === umdSecond.facts)
        let own = try #require(PieceParse.of(umdFirst, handover: false))
        var copy = try #require(PieceParse.of(umdFirst))
        #expect(copy.isHandedOver)
        #expect(umdFirst.facts?.holdsParse == true)
        // The first piece changes its tree; the kept one stays as parsed.
        _ = TreeCompressor.compress(&copy.tree)
        #expect(copy.tree.firstDifference(from: own.tree) != nil)
        let last = try #require(PieceParse.of(umdSecond))
        #expect(last.isHandedOver)
        #expect(umdSecond.facts?.holdsParse == false)
        #expect(last.tree.firstDifference(from: own.tree) == nil)
        #expect(last.tree.nodes.count == own.tree.nodes.count)
    }

    /// The CommonJS definitions of `graph` that take the tree route, minified from the kept parse (`handover`) or
    /// from parses of their own, by file name.
    static func definitions(_ graph: ModuleGraph, handover: Bool) throws -> [String: MinifiedPiece] {
        var linker = ModuleLinker(graph: graph, dropsUnused: true)
        var pieces: [String: MinifiedPiece] = [:]
        for record in graph.records where record.kind == .commonJS {
            let linked = try linker.link(record.id)
            guard TreeModulePiece.accepts(record, linked, define: linker.names.define) else { continue }
            let piece = ModuleBundleAssembler.treeModulePiece(
                record, linked, define: linker.names.define,
                paths: ModuleBundleAssembler.PathStyle(banner: { $0 }, mapSource: { Paths.fileName(of: $0) }), mapping: true)
            pieces[Paths.fileName(of: record.path)] = try #require(piece.minified(handover: handover))
        }
        return pieces
    }

    /// Three groups share every module, and each group's pieces are minified before the next group's graph is built
    /// (the order a build's threads may run them in): while a graph may still be built, a piece gets a copy of the kept
    /// parse, so no piece of any group parses its file again; the last group's pieces take the parses, and every
    /// piece is the piece minified from a parse of its own.
    @Test func graphsBuiltLateFindTheKeptParse() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        let uses = ParsedFileUses(groupCount: 3, cache: cache)
        for index in 0..<3 {
            let graph = try Self.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
            uses.register(graph.records)
            #expect(graph.records.filter { $0.facts?.holdsParse == true }.count == 5, "group \(index)")
            let own = try Self.definitions(graph, handover: false)
            let handed = try Self.definitions(graph, handover: true)
            #expect(handed.keys.sorted() == ["entry.js", "other.js", "self.js", "umd.js"], "group \(index)")
            for (name, piece) in own { Self.expectSame(try #require(handed[name], "\(name)"), piece, "\(name), group \(index)") }
            #expect(graph.records.map { $0.facts?.reparseCount ?? 0 } == Array(repeating: 0, count: graph.records.count))
            // The kept parses stay while a graph may still be built; the last group takes those its pieces use.
            let taken = graph.records.filter { handed[Paths.fileName(of: $0.path)] != nil }
            #expect(taken.allSatisfy { $0.facts?.holdsParse == (index < 2) }, "group \(index)")
        }
    }

    /// Two of three groups hold the files, and their pieces take copies before the third group's graph (holding
    /// none of them) is built: once it is, the parses every user has taken are let go, and the others stay.
    @Test func parsesEveryUserTookAreLetGoOnceEveryGraphIsBuilt() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        let uses = ParsedFileUses(groupCount: 3, cache: cache)
        var graphs: [ModuleGraph] = []
        for _ in 0..<2 {
            let graph = try Self.graph(TreeModulePieceTests.files, cache: cache, folder: folder)
            uses.register(graph.records)
            _ = try Self.definitions(graph, handover: true)
            graphs.append(graph)
        }
        let records = graphs[1].records
        let taken = records.filter { ["entry.js", "other.js", "self.js", "umd.js"].contains(Paths.fileName(of: $0.path)) }
        #expect(taken.count == 4)
        #expect(taken.allSatisfy { $0.facts?.holdsParse == true })
        uses.register([])
        #expect(taken.allSatisfy { $0.facts?.holdsParse == false })
        #expect(records.filter { $0.facts?.holdsParse == true }.count == 1)
        #expect(records.allSatisfy { ($0.facts?.reparseCount ?? 0) == 0 })
    }

    /// Past the budget no parse is kept, and the pieces parse their files again; a parse taken gives its bytes back.
    @Test func budgetBoundsTheKeptParses() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let none = try Self.graph(TreeModulePieceTests.files, cache: ParsedFileCache(keptParseBytes: 0), folder: folder)
        #expect(none.records.allSatisfy { $0.facts?.holdsParse != true })
        let all = try Self.graph(TreeModulePieceTests.files, cache: ParsedFileCache(), folder: folder + "/all")
        #expect(all.records.filter { $0.facts?.holdsParse == true }.count == 5)

        let budget = KeptParseBudget(bytes: 100)
        #expect(budget.take(60))
        #expect(!budget.take(60))
        budget.giveBack(60)
        #expect(budget.take(100))
    }
}
