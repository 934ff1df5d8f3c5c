import Foundation
import Testing

@testable import ScriptBundler

/// Production module pieces are minified from the module graph's own parse (`PreparedPiece`,
/// `WrappedBodyRenamer`): the bundle, its map and its license file must be byte-identical to those made by
/// tokenizing and parsing every generated piece again, and must run like the development bundle.
@Suite struct WrappedBodyRenamerTests {
    /// Group files (under `UserScripts/MainFrame/AtDocumentStart/`) covering what the linker and the wrapper add.
    static let cases: [String: [String: String]] = [
        "ES modules, CommonJS, JSON, eval, legal comments": [
            "entry.js": """
            #!/usr/bin/env node
            /*! entry legal comment */
            import def, { a as b, c } from "./lib/m.js";
            import * as ns from "./lib/m.js";
            import cjs from "./lib/c.cjs";
            import data from "./lib/d.json";
            import K from "./lib/k.js";
            import answer from "./lib/n.js";
            import { ev } from "./lib/e.js";
            const pick = globalThis.flag ? ns : null;
            const short = { c, def };
            __log.push(def(), b, short.c, typeof pick, cjs.x, data.k, new K().m(), answer, ev("hidden + 1"), `multi
            line ${c}`);
            """,
            "lib/m.js": """
            // @license MIT m
            export default function () { return "def"; }
            export const a = 1, c = "c";
            { function blockFn() { return 2; } __log.push(blockFn()); }
            __log.push(typeof blockFn);
            export function unused() { return "unused"; }
            """,
            "lib/c.cjs": """
            "use strict";
            const local = 5;
            module.exports = { x: local + require("./d.json").k, global: typeof global };
            """,
            "lib/d.json": #"{"k": 3, "text": "line\u2028sep"}"#,
            "lib/k.js": "export default class { m() { return \"k\"; } }\n",
            "lib/n.js": "export default 40 + 2;\n",
            "lib/e.js": "export function ev(source) { var hidden = 1; return eval(source); }\n",
        ],
        "plain entries next to modules": [
            "entry.js": "import { twice } from \"./lib/t.js\";\n__log.push(twice(2));\n",
            "plain.js": """
            var top = typeof global === "undefined" ? 1 : 2;
            function add(value) { var other = value + top; return other; }
            __log.push(add(1), { top }.top);
            """,
            "lib/t.js": "export const twice = (value) => { let doubled = value * 2; return doubled; };\n",
        ],
        "booleans, trailing commas and consts": [
            "entry.js": """
            import { flag, list, check, } from "./lib/b.js";
            import yes from "./lib/y.js";
            import kept from "./lib/c.cjs";
            const local = true, other = { true: false, };
            __log.push(flag, list.length, check(false,), local ? "yes" : "no", typeof true, true.toString(), other.true, yes, kept,);
            for (const key in { a: 1, }) { const seen = key === "a" ? true : false; __log.push(seen); }
            """,
            "lib/b.js": """
            export const flag = false;
            export const list = [true, , false,];
            export function check(value,) {
              const same = value === false;
              let count = 0;
              count++;
              return [same, count, { true: 1, }.true, true ** 2, 2 ** true].join();
            }
            const written = 1;
            try { written = 2; } catch (error) { __log.push(error.constructor.name); }
            const counted = 1;
            try { counted++; } catch (error) { __log.push(error.constructor.name); }
            """,
            "lib/y.js": "export default true;\n",
            "lib/c.cjs": "const kept = false;\ntry { kept = true; } catch (error) { module.exports = error.constructor.name; }\n",
            "plain.js":
                "const plainFlag = !false;\nconst [first,] = [true, 1,];\n__log.push(plainFlag, first, require_ok());\nfunction require_ok() { return typeof true; }\n",
        ],
    ]

    /// Cases whose reused-parse bundle may differ from the re-parsed one (both must run like development).
    static let runtimeOnlyCases: [String: [String: String]] = [
        "a top-level variable named like a wrapper parameter": [
            "entry.js": "import value from \"./lib/v.cjs\";\n__log.push(value);\n",
            "lib/v.cjs":
                "var before = typeof __wkpack_require;\nvar __wkpack_require = 41;\nfunction bump() { __wkpack_require += 1; }\nbump();\nmodule.exports = before + __wkpack_require;\n",
        ]
    ]

    /// Builds each group's module graph and assembles it both ways.
    static func assembleBothWays(_ files: [String: String], sourceMaps: SourceMapMode) throws -> [(
        reused: AssembledBundle, reparsed: AssembledBundle
    )] {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let group = "UserScripts/MainFrame/AtDocumentStart/"
        try TestSupport.write(Dictionary(uniqueKeysWithValues: files.map { (group + $0.key, $0.value) }), under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder, mode: .production, sourceMaps: sourceMaps)
        return try bothWays(configuration)
    }

    static func bothWays(_ configuration: BundleConfiguration) throws -> [(reused: AssembledBundle, reparsed: AssembledBundle)] {
        let fileSystem = LocalFileSystem()
        var results: [(reused: AssembledBundle, reparsed: AssembledBundle)] = []
        for group in try ScriptBundler().discoverGroups(configuration) {
            let entries = try group.files.map { name in
                let path = AbsolutePath.make(Paths.join(group.folder, name))
                return (path: path, bytes: try fileSystem.readFile(at: path))
            }
            guard let graph = try ModuleGraph.build(entries: entries, fileSystem: fileSystem, options: configuration.resolution) else {
                continue
            }
            let paths = ModuleBundleAssembler.PathStyle(banner: { $0 }, mapSource: { Paths.fileName(of: $0) })
            func assemble(_ reusing: Bool) throws -> AssembledBundle {
                try ModuleBundleAssembler.assemble(
                    graph, outputFileName: group.outputFileName, mode: .production, sourceMaps: configuration.sourceMaps,
                    paths: paths, reusingParses: reusing)
            }
            results.append((try assemble(true), try assemble(false)))
        }
        return results
    }

    @Test(arguments: cases.keys.sorted(), [SourceMapMode.external, .none])
    func reusedParsesGiveTheSameBundle(name: String, sourceMaps: SourceMapMode) throws {
        let files = try #require(Self.cases[name])
        let results = try Self.assembleBothWays(files, sourceMaps: sourceMaps)
        #expect(results.count == 1)
        for (reused, reparsed) in results {
            #expect(String(decoding: reused.code, as: UTF8.self) == String(decoding: reparsed.code, as: UTF8.self))
            #expect(reused.map.map { String(decoding: $0, as: UTF8.self) } == reparsed.map.map { String(decoding: $0, as: UTF8.self) })
            #expect(reused.license == reparsed.license)
        }
    }

    @Test func reusedParsesGiveTheSameBundlesForTheAppFixture() throws {
        let output = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let results = try Self.bothWays(ModuleBundleTests.configuration(output: output))
        #expect(!results.isEmpty)
        for (reused, reparsed) in results {
            #expect(reused.code == reparsed.code)
            #expect(reused.map == reparsed.map)
            #expect(reused.license == reparsed.license)
        }
    }

    @Test func legalCommentsOfModulesGoToTheLicenseFile() throws {
        let files = try #require(Self.cases["ES modules, CommonJS, JSON, eval, legal comments"])
        let results = try Self.assembleBothWays(files, sourceMaps: .external)
        let license = String(decoding: try #require(results.first?.reused.license), as: UTF8.self)
        #expect(license.contains("/*! entry legal comment */"))
        #expect(license.contains("// @license MIT m"))
    }

    @Test(arguments: cases.keys.sorted() + runtimeOnlyCases.keys.sorted())
    func productionRunsLikeDevelopment(name: String) throws {
        let files = try #require(Self.cases[name] ?? Self.runtimeOnlyCases[name])
        var log: [BundleMode: [String]] = [:]
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let group = "UserScripts/MainFrame/AtDocumentStart/"
        try TestSupport.write(Dictionary(uniqueKeysWithValues: files.map { (group + $0.key, $0.value) }), under: folder)
        for mode in [BundleMode.development, .production] {
            let output = folder + "/Assets-" + mode.rawValue
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: output, projectFolder: folder, mode: mode, sourceMaps: .none)
            let bundler = ScriptBundler()
            _ = try bundler.write(try bundler.build(configuration), to: output)
            guard let entries = try ModuleBundleTests.run(output + "/MainFrameAtDocumentStart.js") else {
                print("node not found; skipping the run")
                return
            }
            log[mode] = entries
        }
        #expect(log[.production] == log[.development])
        #expect(!(log[.development] ?? []).isEmpty)
        #expect(!(log[.development] ?? []).contains { $0.hasPrefix("THROWN") })
    }

    @Test func blockFunctionsOfSloppyParsedModulesKeepTheirNames() throws {
        let source = """
            export const value = 1;
            if (value) { function inner() { return 1; } inner(); }
            function outer() { return typeof inner; }
            """
        let analysis = try JavaScriptParser.analyze(source)
        let hoisted = WrappedBodyRenamer.hoistedBlockFunctions(analysis, source: Array(source.utf8))
        let names = Set(hoisted.map { analysis.declarations[$0].name })
        #expect(names == ["inner"])
    }
}
