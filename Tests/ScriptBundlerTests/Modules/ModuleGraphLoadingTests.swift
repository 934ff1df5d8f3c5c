import Foundation
import Testing
import WKPackSupport

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Imported files are read when their turn to be linked comes, and a thread that reaches a file another group's
/// thread is parsing parses the files queued after it meanwhile: the graph (ids, kinds, links) is the same
/// whichever thread parsed what, and a syntax error in an imported file is reported at that file.
@Suite struct ModuleGraphLoadingTests {
    /// Four entries importing one package of 24 modules (a tree two levels deep), each module over a hundred lines
    /// so that parses overlap.
    static func files() -> [String: String] {
        var files: [String: String] = [:]
        let body = (0..<120).map { "export function f\($0)(x) { return x * \($0) + (x > \($0) ? 1 : 2); }" }.joined(separator: "\n")
        var index = ""
        for branch in 0..<4 {
            var branchFile = ""
            for leaf in 0..<5 {
                files["node_modules/pkg/b\(branch)/l\(leaf).mjs"] = body + "\nexport const name = \"b\(branch)l\(leaf)\";\n"
                branchFile += "export { name as n\(leaf) } from \"./l\(leaf).mjs\";\n"
            }
            files["node_modules/pkg/b\(branch)/index.mjs"] = branchFile
            index += "export * as b\(branch) from \"./b\(branch)/index.mjs\";\n"
        }
        files["node_modules/pkg/index.mjs"] = index
        files["node_modules/pkg/cjs.js"] = "module.exports = { cjs: true };\n"
        files["node_modules/pkg/data.json"] = "{\"value\": 1}\n"
        for entry in 0..<4 {
            files["e\(entry).js"] = """
                import * as pkg from "pkg/index.mjs";
                const cjs = require("pkg/cjs.js");
                const data = require("pkg/data.json");
                globalThis.e\(entry) = [pkg, cjs, data];

                """
        }
        return files
    }

    /// What a graph is: per id, the path, kind, import targets and whether it is imported.
    static func shape(_ graph: ModuleGraph) -> [String] {
        graph.records.map { record in
            "\(record.id) \(record.path) \(record.kind) \(record.requestTargets) \(record.requireTargets.sorted { $0.key < $1.key }) "
                + "\(record.isImported) \(record.bytes.count) \(record.tokens.count)"
        }
    }

    static func graph(_ entry: Int, in folder: String, cache: ParsedFileCache?) throws -> ModuleGraph {
        let path = folder + "/e\(entry).js"
        let bytes = try LocalFileSystem().readFile(at: path)
        return try #require(
            try ModuleGraph.build(
                entries: [(path, bytes)], fileSystem: LocalFileSystem(),
                options: ModuleResolutionOptions(), cache: cache))
    }

    @Test func graphsBuiltSideBySideEqualGraphsBuiltAlone() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files(), under: folder)
        let alone = try (0..<4).map { Self.shape(try Self.graph($0, in: folder, cache: nil)) }
        #expect(alone[0].count == 1 + 1 + 4 + 20 + 2)
        #expect(alone[0].allSatisfy { !$0.contains(" empty ") })
        for _ in 0..<6 {
            let cache = ParsedFileCache()
            let shapes = IndexedResults<[String]?>.map(count: 4) { entry in
                (try? Self.graph(entry, in: folder, cache: cache)).map(Self.shape)
            }.map { $0 ?? nil }
            #expect(shapes == alone.map { Optional($0) })
        }
    }

    @Test func aSyntaxErrorInAnImportedFileNamesThatFile() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(
            [
                "e.js": "import { a } from \"./a.mjs\";\nimport { b } from \"./b.mjs\";\nglobalThis.x = a + b;\n",
                "a.mjs": "export const a = 1;\n",
                "b.mjs": "export const b = (;\n",
            ], under: folder)
        for cache in [nil, ParsedFileCache()] {
            do {
                _ = try Self.graph(0, in: folder, cache: cache, entryName: "e.js")
                Issue.record("expected a syntax error")
            } catch let error as BundlerError {
                #expect(error.location.path.hasSuffix("/b.mjs") == true)
                #expect(error.location.line == 1)
            }
        }
    }

    static func graph(_ entry: Int, in folder: String, cache: ParsedFileCache?, entryName: String) throws -> ModuleGraph? {
        let path = folder + "/" + entryName
        let bytes = try LocalFileSystem().readFile(at: path)
        return try ModuleGraph.build(
            entries: [(path, bytes)], fileSystem: LocalFileSystem(), options: ModuleResolutionOptions(), cache: cache)
    }
}
