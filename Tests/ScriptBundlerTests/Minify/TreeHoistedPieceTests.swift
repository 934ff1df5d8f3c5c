import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Scope-hoisted ES modules minified from the module's tree (`TreeHoistedPiece`, issue 41 step 4e) against the text
/// route they replace (each module written as text with its edits and top-level names, then minified from its text).
@Suite struct TreeHoistedPieceTests {
    /// ES modules with what the linker edits in a hoisted module: named imports read as the exporting module's
    /// names (one in a shorthand property), a namespace read only as `ns.name`, a namespace used as a value, a default
    /// export of a named function and of an expression, `export` keywords, an unused export tree shaking drops, a
    /// top-level `this`, a top-level `const` nothing writes, a shorthand property and a shorthand pattern of top-level
    /// names, a legal comment, a CommonJS module's export read as a member; and two the tree route does not express
    /// (an anonymous default function: a name inserted; a CommonJS export called: `(0, w.name)()`).
    static let files: [String: String] = [
        "entry.js": """
        import { total, label as name, top } from "./lib/math.js";
        import * as strings from "./lib/strings.js";
        import * as whole from "./lib/whole.js";
        import makeCounter, { version } from "./lib/counter.js";
        import fortyTwo from "./lib/value.js";
        import anonymous from "./lib/anonymous.js";
        import { kind } from "./lib/readcjs.js";
        import { loud } from "./lib/usecjs.js";
        import { used } from "./lib/mostlyunused.js";
        const counter = makeCounter();
        counter.add(2);
        const report = { name, version };
        const { name: again, version: same } = report;
        __log.push(String(total([1, 2, 3])), name, strings.upper("a"), strings.lower("B"), Object.keys(whole).join(","),
          String(counter.value()), report.name + report.version, again + same, String(fortyTwo), anonymous(), kind, loud,
          typeof top, used);
        """,
        "lib/math.js": """
        /*! math legal comment */
        const base = 10;
        export const label = "math";
        export function total(values) {
          let sum = base;
          for (const value of values) sum += value;
          return sum;
        }
        export function unused() { return base * 2; }
        export const top = this;
        """,
        "lib/strings.js": """
        export function upper(text) { return text.toUpperCase(); }
        export function lower(text) { return text.toLowerCase(); }
        """,
        "lib/whole.js": """
        export const a = 1;
        export let b = 2;
        const hidden = { a, b };
        export { hidden as c };
        """,
        "lib/counter.js": """
        export const version = 3;
        export default function makeCounter() {
          let value = 0;
          return { add(n) { value += n; }, value: () => value };
        }
        """,
        "lib/value.js": """
        const half = 21;
        export default half * 2;
        """,
        "lib/mostlyunused.js": """
        export const used = "used";
        export function unusedOne() { return ["a long unused function", 1, 2, 3].join(" ") + unusedTwo(); }
        export function unusedTwo() { return ["another long unused function", 4, 5, 6].join(" "); }
        """,
        "lib/anonymous.js": """
        export default function () { return "anonymous"; }
        """,
        "lib/cjs.js": """
        exports.kind = "cjs";
        exports.shout = function (text) { return text.toUpperCase() + "!"; };
        """,
        "lib/readcjs.js": """
        import cjs from "./cjs.js";
        export const kind = cjs.kind;
        """,
        "lib/usecjs.js": """
        import { shout } from "./cjs.js";
        export const loud = shout("x");
        """,
    ]

    static let expectedLog = ["16", "math", "A", "b", "a,b,c", "2", "math3", "math3", "42", "anonymous", "cjs", "X!", "undefined", "used"]

    /// The production bundle of `files` (one group), with the tree minifier, its hoisted modules minified from their
    /// trees (`modulesFromTrees`) or from their text.
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
    func hoistedModulesFromTreesGiveTheTextRoutesBundle(sourceMaps: SourceMapMode) throws {
        let tree = try Self.bundle(Self.files, sourceMaps: sourceMaps, modulesFromTrees: true)
        let text = try Self.bundle(Self.files, sourceMaps: sourceMaps, modulesFromTrees: false)
        let code = String(decoding: tree.code, as: UTF8.self)
        #expect(code == String(decoding: text.code, as: UTF8.self))
        #expect(tree.map.map { String(decoding: $0.joined, as: UTF8.self) } == text.map.map { String(decoding: $0.joined, as: UTF8.self) })
        #expect(tree.license == text.license)
        let license = tree.license.map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(code.contains("math legal comment") || license.contains("math legal comment"), "\(code)")
        // Tree shaking dropped the unused export; the modules share one scope (no registry call for them).
        #expect(!code.contains("base*2"), "\(code)")
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(["bundle.js": tree.code], under: folder)
        guard let log = try ModuleBundleTests.run(folder + "/bundle.js") else { return }
        #expect(log == Self.expectedLog, "\(code)")
    }

    /// Each hoisted module the route accepts is minified from its tree to what the text route makes of it: code,
    /// mappings, names, sources and legal comments; the two with edits the tree does not express fall back.
    @Test func hoistedModulesAreMinifiedFromTheirTrees() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        let fileSystem = LocalFileSystem()
        let entry = AbsolutePath.make(folder + "/entry.js")
        let graph = try #require(
            try ModuleGraph.build(
                entries: [(entry, try fileSystem.readFile(at: entry))], fileSystem: fileSystem, options: ModuleResolutionOptions(),
                dropsUnused: true))
        // As `ModuleBundleAssembler.assemble` sets up a production bundle.
        var taken = ShortNameSet()
        for record in graph.records { RuntimeNames.shortNamesUsed(by: record, into: &taken) }
        let names = RuntimeNames.short(avoiding: taken)
        var linker = ModuleLinker(graph: graph, dropsUnused: true, names: names)
        for name in names.all { taken.insert(name.utf8) }
        var plan = ScopeHoisting(graph: graph, linker: &linker, inlineEntries: [], taken: taken)
        var hoisted: [(record: ModuleRecord, linked: ModuleLinker.HoistedModule)] = []
        for record in graph.records {
            if plan.isHoisted[record.id] {
                hoisted.append((record, try linker.linkHoisted(record.id, plan: &plan)))
            } else {
                _ = try linker.link(record.id)
            }
        }
        var accepted: [String] = []
        var fellBack: [String] = []
        for (record, linked) in hoisted {
            let name = Paths.fileName(of: record.path)
            #expect(TreeHoistedPiece.accepts(record), "\(name)")
            for mapSource in [name, nil] {
                let piece = TreeHoistedPiece(
                    record: record, edits: linked.edits, topLevelNames: linked.topLevelNames, needsTerminator: linked.needsTerminator,
                    mapSource: mapSource)
                guard let fromTree = piece.minified() else {
                    if mapSource != nil { fellBack.append(name) }
                    continue
                }
                if mapSource != nil { accepted.append(name) }
                let fromText = try ModuleBundleAssembler.minifiedFromText(piece)
                #expect(String(decoding: fromTree.code, as: UTF8.self) == String(decoding: fromText.code, as: UTF8.self), "\(name)")
                #expect(fromTree.mappings == fromText.mappings, "\(name)")
                #expect(fromTree.names == fromText.names, "\(name)")
                #expect(fromTree.sources.map(\.path) == fromText.sources.map(\.path), "\(name)")
                #expect(fromTree.sources.map(\.content) == fromText.sources.map(\.content), "\(name)")
                #expect(fromTree.legalComments == fromText.legalComments, "\(name)")
                #expect(fromTree.lineCount == fromText.lineCount && fromTree.lastLineColumn == fromText.lastLineColumn, "\(name)")
            }
        }
        #expect(
            accepted.sorted() == [
                "counter.js", "entry.js", "math.js", "mostlyunused.js", "readcjs.js", "strings.js", "value.js", "whole.js",
            ],
            "\(accepted)")
        #expect(fellBack.sorted() == ["anonymous.js", "usecjs.js"], "\(fellBack)")
        // A module most of whose code tree shaking drops takes the text route in a bundle (it would parse the dropped
        // code); one that drops nothing takes the tree route.
        let edits = Dictionary(uniqueKeysWithValues: hoisted.map { (Paths.fileName(of: $0.record.path), $0) })
        let counter = try #require(edits["counter.js"])
        #expect(TreeHoistedPiece.dropsLittle(counter.linked.edits, in: counter.record))
        let mostlyUnused = try #require(edits["mostlyunused.js"])
        #expect(!TreeHoistedPiece.dropsLittle(mostlyUnused.linked.edits, in: mostlyUnused.record))
        // The mapped pieces name top-level names by their original names.
        let math = try #require(hoisted.first { Paths.fileName(of: $0.record.path) == "math.js" })
        let piece = TreeHoistedPiece(
            record: math.record, edits: math.linked.edits, topLevelNames: math.linked.topLevelNames,
            needsTerminator: math.linked.needsTerminator, mapSource: "math.js")
        let minified = try #require(piece.minified())
        #expect(minified.names.contains("total"), "\(minified.names)")
        #expect(minified.legalComments.map { String(decoding: $0, as: UTF8.self) } == ["/*! math legal comment */"])
    }
}
