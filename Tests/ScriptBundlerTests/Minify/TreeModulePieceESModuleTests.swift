import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Wrapped ES module definitions minified from the module's tree (`TreeModulePiece+ESModules`, issue 41 step 4k)
/// against the text route they replace. The entry is a CommonJS module that `require`s an ES module, so that module
/// and every module it imports stay wrapped (scope hoisting leaves them in the registry).
@Suite struct TreeModulePieceESModuleTests {
    /// ES modules using every form the route builds: named, default and namespace imports; an imported function called
    /// (`(0, _r0.name)(…)`), an imported binding in a shorthand property (`name: _r0.name`), a namespace read as a
    /// value, a live binding read after the exporter updated it, `export` before declarations, `export default`
    /// of an expression (`let __wkpack_default`) and of a named function, re-exports (`export { a as b } from`),
    /// a namespace re-export (`export * as ns from`), a star re-export of an ES module (getters) and of a CommonJS
    /// module (the runtime's star export), dropped declarations, and a legal comment. `anonymous.js` exports an
    /// anonymous default function (its inserted name keeps the text route).
    static let files: [String: String] = [
        "entry.js": """
        const main = require("./main.js");
        __log.push(main.results.join(","), main.renamed, main.starred, main.fromCjs, main.after, main.shorthand.named);
        __log.push(main.default, main.spaceKeys, main.anonymous(), main.nested.named, main.named2(), main.tableSummary());
        """,
        "main.js": """
        /*! main legal comment */
        import def, { named, counter, increment } from "./lib.js";
        import * as space from "./lib.js";
        import anonymous from "./anonymous.js";
        export { named as renamed } from "./lib.js";
        export * from "./star.js";
        export * from "./cjs.js";
        export * as nested from "./lib.js";
        const unused = () => "dropped";
        const before = counter;
        export const results = [def(), named, space.named, before];
        increment();
        increment();
        export const after = counter;
        export const shorthand = { named };
        export const spaceKeys = Object.keys(space).sort().join("+");
        export function named2() { return named + "2"; }
        export { anonymous };
        // Kept code, so that what the edits remove (the import statements, `unused`) is at most an eighth of it and
        // the definition is built from the tree (`TreeModulePiece.builds`).
        export const table = [
          { name: "row00", weight: 0, label: "Row number 0", enabled: false, tags: ["t0", "u0"] },
          { name: "row01", weight: 7, label: "Row number 1", enabled: true, tags: ["t1", "u1"] },
          { name: "row02", weight: 14, label: "Row number 2", enabled: true, tags: ["t2", "u2"] },
          { name: "row03", weight: 21, label: "Row number 3", enabled: false, tags: ["t3", "u3"] },
          { name: "row04", weight: 28, label: "Row number 4", enabled: true, tags: ["t4", "u4"] },
          { name: "row05", weight: 4, label: "Row number 5", enabled: true, tags: ["t5", "u5"] },
          { name: "row06", weight: 11, label: "Row number 6", enabled: false, tags: ["t6", "u6"] },
          { name: "row07", weight: 18, label: "Row number 7", enabled: true, tags: ["t7", "u7"] },
          { name: "row08", weight: 25, label: "Row number 8", enabled: true, tags: ["t8", "u8"] },
          { name: "row09", weight: 1, label: "Row number 9", enabled: false, tags: ["t9", "u9"] },
          { name: "row10", weight: 8, label: "Row number 10", enabled: true, tags: ["t10", "u10"] },
          { name: "row11", weight: 15, label: "Row number 11", enabled: true, tags: ["t11", "u11"] },
          { name: "row12", weight: 22, label: "Row number 12", enabled: false, tags: ["t12", "u12"] },
          { name: "row13", weight: 29, label: "Row number 13", enabled: true, tags: ["t13", "u13"] },
          { name: "row14", weight: 5, label: "Row number 14", enabled: true, tags: ["t14", "u14"] },
          { name: "row15", weight: 12, label: "Row number 15", enabled: false, tags: ["t15", "u15"] },
          { name: "row16", weight: 19, label: "Row number 16", enabled: true, tags: ["t16", "u16"] },
          { name: "row17", weight: 26, label: "Row number 17", enabled: true, tags: ["t17", "u17"] },
          { name: "row18", weight: 2, label: "Row number 18", enabled: false, tags: ["t18", "u18"] },
          { name: "row19", weight: 9, label: "Row number 19", enabled: true, tags: ["t19", "u19"] },
          { name: "row20", weight: 16, label: "Row number 20", enabled: true, tags: ["t20", "u20"] },
          { name: "row21", weight: 23, label: "Row number 21", enabled: false, tags: ["t21", "u21"] },
          { name: "row22", weight: 30, label: "Row number 22", enabled: true, tags: ["t22", "u22"] },
          { name: "row23", weight: 6, label: "Row number 23", enabled: true, tags: ["t23", "u23"] },
        ];
        export function tableSummary() {
          let weight = 0;
          for (const row of table) if (row.enabled) weight += row.weight;
          return table.length + ":" + weight;
        }
        export default results.length + after;
        """,
        "lib.js": """
        export default function def() { return "def"; }
        export const named = "n";
        export let counter = 0;
        export function increment() { counter++; }
        """,
        "star.js": """
        export const starred = "s";
        """,
        "cjs.js": """
        exports.fromCjs = "c";
        """,
        "anonymous.js": """
        export default function () { return "anon"; }
        """,
    ]

    static let expectedLog = ["def,n,n,0", "n", "s", "c", "2", "n", "6", "counter+default+increment+named", "anon", "n", "n2", "24:259"]

    @Test(arguments: [SourceMapMode.external, .none])
    func definitionsFromTreesGiveTheTextRoutesBundle(sourceMaps: SourceMapMode) throws {
        let tree = try TreeModulePieceTests.bundle(Self.files, sourceMaps: sourceMaps, modulesFromTrees: true)
        let text = try TreeModulePieceTests.bundle(Self.files, sourceMaps: sourceMaps, modulesFromTrees: false)
        let code = String(decoding: tree.code, as: UTF8.self)
        #expect(code == String(decoding: text.code, as: UTF8.self))
        #expect(tree.map.map { String(decoding: $0.joined, as: UTF8.self) } == text.map.map { String(decoding: $0.joined, as: UTF8.self) })
        #expect(tree.license == text.license)
        let license = tree.license.map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(code.contains("main legal comment") || license.contains("main legal comment"), "\(code)")
        // The ES modules are wrapped (defined with the ES module flag).
        #expect(code.contains("},1);"), "\(code)")
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(["bundle.js": tree.code], under: folder)
        guard let log = try ModuleBundleTests.run(folder + "/bundle.js") else { return }
        #expect(log == Self.expectedLog, "\(code)")
    }

    /// Each ES module of `files` is linked as a wrapped one; those the route accepts (`acceptsES`) are minified from their trees (no
    /// fallback) to what the text route makes of them: code, mappings, names, sources, legal comments, lines.
    @Test(arguments: [true, false])
    func acceptedDefinitionsAreMinifiedFromTheirTrees(mapping: Bool) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Self.files, under: folder)
        let fileSystem = LocalFileSystem()
        let entry = AbsolutePath.make(folder + "/entry.js")
        let graph = try #require(
            try ModuleGraph.build(
                entries: [(entry, try fileSystem.readFile(at: entry))], fileSystem: fileSystem, options: ModuleResolutionOptions(),
                dropsUnused: true))
        var linker = ModuleLinker(graph: graph, dropsUnused: true, names: RuntimeNames.short(avoiding: ShortNameSet(), target: .default))
        var accepted: [String] = []
        var refused: [String] = []
        for record in graph.records where record.kind == .esModule {
            let linked = try linker.link(record.id)
            let name = Paths.fileName(of: record.path)
            guard TreeModulePiece.acceptsES(record, linked, define: linker.names.define) else {
                #expect(!TreeModulePiece.builds(record, linked, define: linker.names.define), "\(name)")
                refused.append(name)
                continue
            }
            accepted.append(name)
            // No parse kept here: each drops little enough to be built from its tree in a bundle.
            #expect(TreeModulePiece.builds(record, linked, define: linker.names.define), "\(name)")
            #expect(linked.esHeader != nil && linked.footer == "}, 1);\n", "\(name)")
            let piece = ModuleBundleAssembler.treeModulePiece(
                record, linked, define: linker.names.define,
                paths: ModuleBundleAssembler.PathStyle(banner: { $0 }, mapSource: { Paths.fileName(of: $0) }), mapping: mapping)
            #expect(piece.esHeader != nil)
            let fromTree = try #require(piece.minified(handover: false), "\(name) fell back to its text")
            let fromText = try ModuleBundleAssembler.minifiedFromText(piece)
            #expect(String(decoding: fromTree.code, as: UTF8.self) == String(decoding: fromText.code, as: UTF8.self), "\(name)")
            #expect(fromTree.mappings == fromText.mappings, "\(name)")
            #expect(fromTree.names == fromText.names, "\(name)")
            #expect(fromTree.sources.map(\.path) == fromText.sources.map(\.path), "\(name)")
            #expect(fromTree.sources.map(\.content) == fromText.sources.map(\.content), "\(name)")
            #expect(fromTree.legalComments == fromText.legalComments, "\(name)")
            #expect(fromTree.lineCount == fromText.lineCount && fromTree.lastLineColumn == fromText.lastLineColumn, "\(name)")
        }
        #expect(accepted.sorted() == ["lib.js", "main.js", "star.js"])
        #expect(refused == ["anonymous.js"])
    }

    /// The header as values is what the linker writes as text.
    @Test func headerValuesMatchTheWrittenHeader() throws {
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
        let main = try #require(graph.records.first { $0.path.hasSuffix("/main.js") })
        let linked = try linker.link(main.id)
        let header = try #require(linked.esHeader)
        var text = "\(linker.names.define)(\(main.id), " + ModuleLinker.wrapperFunction(header.parameters, arrow: true) + " \"use strict\";"
        text += " var " + header.requestVariables.joined(separator: ", ") + ";"
        let getters = header.getters.map { $0.key + ": () => " + $0.value }
        text += " \(header.exportCallee)(__wkpack_ns, {" + getters.joined(separator: ", ") + "});"
        for assignment in header.assignments {
            text += " \(assignment.variable) = \(assignment.callee)(\(assignment.target));"
            if let star = assignment.star { text += " \(star)(__wkpack_ns, \(assignment.variable));" }
        }
        #expect(linked.header == text + "\n")
        #expect(header.assignments.contains { $0.star != nil }, "\(linked.header)")
        #expect(header.getters.contains { $0.value == "__wkpack_default" }, "\(linked.header)")
    }
}
