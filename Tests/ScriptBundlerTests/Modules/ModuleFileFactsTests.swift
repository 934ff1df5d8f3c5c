import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Facts about a module file found once per parse (`ModuleFileFacts`): shared by the graphs of one build, equal to
/// what each function finds without them, the same syntax error in every graph that holds the file, and
/// forgotten with the parse in watch mode.
@Suite struct ModuleFileFactsTests {
    /// Two entries (one per group) importing one shared module.
    static let files: [String: String] = [
        "a.js": "import { shared } from \"./shared.mjs\";\nglobalThis.a = shared();\n",
        "b.js": "import { shared, unused } from \"./shared.mjs\";\nglobalThis.b = shared();\n",
        "shared.mjs": """
        const self = this;
        globalThis.ab = 1;
        function helper() { return arguments.length; }
        export function unused() { return helper(); }
        export function shared() { return this === undefined && self === undefined; }

        """,
    ]

    static func graph(_ entry: String, in folder: String, cache: ParsedFileCache, target: ScriptTarget = .default) throws -> ModuleGraph {
        let path = folder + "/" + entry
        let bytes = try LocalFileSystem().readFile(at: path)
        return try #require(
            try ModuleGraph.build(
                entries: [(path, bytes)], fileSystem: LocalFileSystem(), options: ModuleResolutionOptions(),
                cache: cache, target: target))
    }

    static func record(_ name: String, in graph: ModuleGraph) throws -> ModuleRecord {
        try #require(graph.records.first { $0.path.hasSuffix("/" + name) })
    }

    @Test func graphsOfOneBuildShareTheFactsAndFindWhatTheFunctionsFind() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        let cache = ParsedFileCache()
        let first = try Self.record("shared.mjs", in: try Self.graph("a.js", in: folder, cache: cache))
        let second = try Self.record("shared.mjs", in: try Self.graph("b.js", in: folder, cache: cache))
        let facts = try #require(first.facts)
        #expect(second.facts === facts)

        // The same answers as a record without shared facts (each found afresh), asked from either graph.
        var alone = first
        alone.facts = nil
        for record in [first, second, first] {
            #expect(TopLevelThis.tokens(in: record) == TopLevelThis.tokens(in: alone))
            #expect(TopLevelThis.readsArguments(record) == TopLevelThis.readsArguments(alone))
            #expect(ModuleLinker.freeNames(record) == ModuleLinker.freeNames(alone))
            #expect(ModuleLinker.canUseArrowWrapper(record) == ModuleLinker.canUseArrowWrapper(alone))
            #expect(ScopeHoisting.assignsImport(record) == ScopeHoisting.assignsImport(alone))
            var shared = ShortNameSet(), fresh = ShortNameSet()
            RuntimeNames.shortNamesUsed(by: record, into: &shared)
            RuntimeNames.shortNamesUsed(by: alone, into: &fresh)
            #expect(shared.indexes == fresh.indexes)
            #expect(shared.contains(index: try #require(ShortNameSet.index(of: "ab".utf8))))
            for read: Set<String>? in [nil, [], ["shared"], ["unused"]] {
                let unused = UnusedDeclarationFinder.unusedRanges(in: record, readExports: read)
                #expect(unused == UnusedDeclarationFinder.unusedRanges(in: alone, readExports: read))
                #expect(
                    UnusedDeclarationFinder.liveImports(in: record, unused: unused, readExports: read)
                        == UnusedDeclarationFinder.liveImports(in: alone, unused: unused, readExports: read))
            }
        }
        // The file's facts themselves: one top-level `this` (the one in `shared` is a function's), no top-level
        // `arguments`, and what reading no export leaves to drop.
        #expect(TopLevelThis.tokens(in: first)?.count == 1)
        #expect(TopLevelThis.readsArguments(first) == false)
        #expect(!ModuleLinker.canUseArrowWrapper(first))
        #expect(UnusedDeclarationFinder.unusedRanges(in: first, readExports: []).count == 3)
        #expect(UnusedDeclarationFinder.unusedRanges(in: first, readExports: ["shared"]).count == 2)
        #expect(UnusedDeclarationFinder.unusedRanges(in: first, readExports: nil).isEmpty)
    }

    @Test func everyGraphHoldingTheFileGetsItsSyntaxErrorForThatTargetOnly() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = Self.files
        // `??` is lowered for safari13; the BigInt literal is not.
        files["shared.mjs"] = "export function shared() {\n  return globalThis.x ?? 1n;\n}\n"
        try TestSupport.write(files, under: folder)
        let cache = ParsedFileCache()
        let old = try #require(ScriptTarget(name: "safari13"))
        var errors: [BundlerError] = []
        for entry in ["a.js", "b.js", "a.js"] {
            do {
                _ = try Self.graph(entry, in: folder, cache: cache, target: old)
                Issue.record("expected \(entry)'s graph to fail at safari13")
            } catch let error as BundlerError {
                errors.append(error)
            }
        }
        #expect(errors.count == 3)
        let expected = SourceLocation(path: AbsolutePath.display(folder + "/shared.mjs"), line: 2, column: 26)
        for error in errors {
            #expect(error.location == expected, "\(error)")
            #expect(error == errors[0])
        }
        // A target that has the syntax builds from the same parse.
        _ = try Self.graph("b.js", in: folder, cache: cache, target: .newest)
        #expect(throws: BundlerError.self) { try Self.graph("b.js", in: folder, cache: cache, target: old) }
    }

    /// A file lowered for a target is lowered once: every graph holding it for that target gets the same parse of
    /// its lowered code (and the same minifier memo); another target gets the file's own parse.
    @Test func everyGraphHoldingTheFileSharesItsLoweredParse() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = Self.files
        files["shared.mjs"] = "export function shared() {\n  return globalThis.x ?? 1;\n}\n"
        try TestSupport.write(files, under: folder)
        let cache = ParsedFileCache(makeMemo: { PieceTemplateMemo() })
        let old = try #require(ScriptTarget(name: "safari13"))
        let first = try Self.record("shared.mjs", in: try Self.graph("a.js", in: folder, cache: cache, target: old))
        let second = try Self.record("shared.mjs", in: try Self.graph("b.js", in: folder, cache: cache, target: old))
        let lowered = try #require(first.lowering)
        #expect(String(decoding: first.bytes, as: UTF8.self).contains("!= null ?"))
        #expect(first.sourceBytes == Array(files["shared.mjs", default: ""].utf8))
        #expect(second.bytes == lowered.code)
        #expect(first.passMemo != nil && first.passMemo === second.passMemo)
        let newest = try Self.record("shared.mjs", in: try Self.graph("b.js", in: folder, cache: cache, target: .newest))
        #expect(newest.lowering == nil && newest.bytes == first.sourceBytes)
        #expect(newest.passMemo !== first.passMemo)
    }

    @Test func watchModeForgetsTheFactsWithTheParseOfAChangedFile() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shared = folder + "/Shared/shared.mjs"
        try TestSupport.write(
            [
                "UserScripts/MainFrame/AtDocumentStart/a.js":
                    "import { shared } from \"../../../Shared/shared.mjs\";\nglobalThis.a = shared();\n",
                "UserScripts/AllFrames/AtDocumentStart/b.js":
                    "import { shared } from \"../../../Shared/shared.mjs\";\nglobalThis.b = shared();\n",
                "Shared/shared.mjs": "export function shared() {\n  return globalThis.x || 1;\n}\n",
            ], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: .none,
            target: try #require(ScriptTarget(name: "safari13")))
        let builder = IncrementalBundler()
        let first = try #require(try builder.build(configuration, changed: nil))
        #expect(first.bundles.count == 2)

        // Syntax the target lacks, in the file both groups hold: the rebuild fails at it, not with the old facts.
        try "export function shared() {\n  return globalThis.x ?? 1n;\n}\n".write(toFile: shared, atomically: true, encoding: .utf8)
        do {
            _ = try builder.build(configuration, changed: [shared])
            Issue.record("expected the changed file to fail the build")
        } catch {
            #expect(error.location == SourceLocation(path: AbsolutePath.display(shared), line: 2, column: 26), "\(error)")
        }
        // Fixed again: both groups build.
        try "export function shared() {\n  return this;\n}\n".write(toFile: shared, atomically: true, encoding: .utf8)
        let third = try #require(try builder.build(configuration, changed: [shared]))
        #expect(Set(third.bundles.map(\.group.name)) == ["MainFrameAtDocumentStart", "AllFramesAtDocumentStart"])
    }
}
