import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Wrapped CommonJS definitions minified from the module's tree (`TreeModulePiece`, issue 41 step 4d) against the
/// text route they replace (each definition written as text with an intermediate map and minified from its text).
@Suite struct TreeModulePieceTests {
    /// CommonJS modules with what the linker edits in them: `require("…")` calls, `typeof module`/`typeof exports`
    /// folded, free `module`, `exports` and `global` (the wrapper's parameters), a write of `exports`, a top-level
    /// `const` nothing writes, unused top-level code, a legal comment, a `/*#__PURE__*/` call, a module reading `this`
    /// and `arguments` at its top level (its wrapper a function expression), and a module whose `require` is read as
    /// a value (its request map keeps the text route).
    static let files: [String: String] = [
        "entry.js": """
        const lib = require("./lib/umd.js");
        const other = require("./lib/other.js");
        const dynamic = require("./lib/dynamic.js");
        const self = require("./lib/self.js");
        __log.push(lib.total([1, 2, 3]), other.kind, other.sum(2, 3), other.seen, dynamic.name, typeof lib.global);
        __log.push(self.viaThis, self.argumentCount, self.total(4));
        """,
        "lib/self.js": """
        var self = this;
        var count = arguments.length;
        const step = 3;
        function total(value) { return value + step; }
        self.viaThis = typeof self === "object" && self === module.exports ? "this" : "other";
        exports.argumentCount = count > 1 ? "args" : "none";
        exports.total = total;
        """,
        "lib/umd.js": """
        /*! umd legal comment */
        (function (root, factory) {
          if (typeof exports === "object" && typeof module !== "undefined") {
            module.exports = factory();
          } else if (typeof define === "function" && define.amd) {
            define([], factory);
          } else {
            root.umd = factory();
          }
        })(typeof globalThis !== "undefined" ? globalThis : {}, function () {
          const base = 10;
          function total(values) {
            let sum = base;
            for (const value of values) sum += value;
            return sum;
          }
          return { total: total, global: global };
        });
        """,
        "lib/other.js": """
        "use strict";
        const helperName = "cjs";
        var unusedCounter = 0;
        function helper(first, second) { return first + second; }
        const made = /*#__PURE__*/ Object.freeze({ seen: require("./data.json").seen });
        exports.kind = typeof module === "object" ? helperName : "none";
        exports.sum = helper;
        exports.seen = made.seen;
        """,
        "lib/data.json": #"{"seen": "yes"}"#,
        "lib/dynamic.js": """
        var data = require("./data.json");
        var load = require;
        module.exports = { name: load("./data.json").seen + "!", same: data === load("./data.json") };
        """,
    ]

    static let expectedLog = ["16", "cjs", "5", "yes", "yes!", "object", "this", "args", "7"]

    /// The production bundle of `files` (one group), with the tree minifier, its CommonJS definitions minified from
    /// their trees (`modulesFromTrees`) or from their text.
    static func bundle(_ files: [String: String], sourceMaps: SourceMapMode, modulesFromTrees: Bool) throws -> AssembledBundle {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let group = "UserScripts/MainFrame/AtDocumentStart/"
        try TestSupport.write(Dictionary(uniqueKeysWithValues: files.map { (group + $0.key, $0.value) }), under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        let fileSystem = LocalFileSystem()
        let groups = try ScriptBundler().discoverGroups(configuration)
        let found = try #require(groups.first)
        let entries = try found.files.filter { $0 == "entry.js" }.map { name in
            let path = AbsolutePath.make(Paths.join(found.folder, name))
            return (path: path, bytes: try fileSystem.readFile(at: path))
        }
        let graph = try #require(
            try ModuleGraph.build(entries: entries, fileSystem: fileSystem, options: configuration.resolution, dropsUnused: true))
        let paths = ModuleBundleAssembler.PathStyle(banner: { $0 }, mapSource: { Paths.fileName(of: $0) })
        return try ModuleBundleAssembler.assemble(
            graph, outputFileName: "bundle.js", mode: .production, sourceMaps: sourceMaps, paths: paths,
            modulesFromTrees: modulesFromTrees)
    }

    @Test(arguments: [SourceMapMode.external, .none])
    func definitionsFromTreesGiveTheTextRoutesBundle(sourceMaps: SourceMapMode) throws {
        let tree = try Self.bundle(Self.files, sourceMaps: sourceMaps, modulesFromTrees: true)
        let text = try Self.bundle(Self.files, sourceMaps: sourceMaps, modulesFromTrees: false)
        let code = String(decoding: tree.code, as: UTF8.self)
        #expect(code == String(decoding: text.code, as: UTF8.self))
        #expect(tree.map.map { String(decoding: $0.joined, as: UTF8.self) } == text.map.map { String(decoding: $0.joined, as: UTF8.self) })
        #expect(tree.license == text.license)
        let license = tree.license.map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(code.contains("umd legal comment") || license.contains("umd legal comment"), "\(code)")
        // The folded UMD test leaves only the CommonJS branch.
        #expect(!code.contains("define.amd"), "\(code)")
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(["bundle.js": tree.code], under: folder)
        guard let log = try ModuleBundleTests.run(folder + "/bundle.js") else { return }
        #expect(log == Self.expectedLog, "\(code)")
    }

    /// Each CommonJS module of `files` that the route accepts is minified from its tree (no fallback), to what the
    /// text route makes of it: code, mappings, names, sources and legal comments; the module reading `require` as a
    /// value is not accepted (its definition call takes its request map).
    @Test func acceptedDefinitionsAreMinifiedFromTheirTrees() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        let fileSystem = LocalFileSystem()
        let entry = AbsolutePath.make(folder + "/entry.js")
        let graph = try #require(
            try ModuleGraph.build(
                entries: [(entry, try fileSystem.readFile(at: entry))], fileSystem: fileSystem, options: ModuleResolutionOptions(),
                dropsUnused: true))
        var linker = ModuleLinker(graph: graph, dropsUnused: true)
        var accepted: [String] = []
        var refused: [String] = []
        for record in graph.records where record.kind == .commonJS {
            let linked = try linker.link(record.id)
            let name = Paths.fileName(of: record.path)
            guard TreeModulePiece.accepts(record, linked, define: linker.names.define) else {
                refused.append(name)
                continue
            }
            accepted.append(name)
            // The module reading `this` and `arguments` at its top level is wrapped in a function expression.
            #expect(linked.header.contains("function (") == (name == "self.js"), "\(name): \(linked.header)")
            let piece = ModuleBundleAssembler.treeModulePiece(
                record, linked, define: linker.names.define,
                paths: ModuleBundleAssembler.PathStyle(banner: { $0 }, mapSource: { Paths.fileName(of: $0) }), mapping: true)
            let fromTree = try #require(piece.minified(), "\(name) fell back to its text")
            let fromText = try ModuleBundleAssembler.minifiedFromText(piece)
            #expect(String(decoding: fromTree.code, as: UTF8.self) == String(decoding: fromText.code, as: UTF8.self), "\(name)")
            #expect(fromTree.mappings == fromText.mappings, "\(name)")
            #expect(fromTree.names == fromText.names, "\(name)")
            #expect(fromTree.sources.map(\.path) == fromText.sources.map(\.path), "\(name)")
            #expect(fromTree.sources.map(\.content) == fromText.sources.map(\.content), "\(name)")
            #expect(fromTree.legalComments == fromText.legalComments, "\(name)")
            #expect(fromTree.lineCount == fromText.lineCount && fromTree.lastLineColumn == fromText.lastLineColumn, "\(name)")
        }
        #expect(accepted.sorted() == ["entry.js", "other.js", "self.js", "umd.js"])
        #expect(refused == ["dynamic.js"])
    }
}
