import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Module graphs built to break a bundler: 10,000-module import cycles and chains (ES and CommonJS), and
/// symbolic-link loops inside `node_modules`. Each bundles without a stack overflow, and the bundle runs in node
/// with the result node gives for the sources.
@Suite struct ModuleGraphRobustnessTests {
    static let group = "UserScripts/AllFrames/AtDocumentEnd/"

    /// Modules per graph with `WKPACK_MODULE_GRAPH_SIZE` set (`scripts/robustness/large-scripts` uses 10,000 for all
    /// four graphs); by default the ES cycle has 10,000 modules and the other graphs 1,000, to keep the suite fast.
    static let graphSize = ProcessInfo.processInfo.environment["WKPACK_MODULE_GRAPH_SIZE"].flatMap { Int($0) }

    /// One generated graph: `m0` imports `m1` ... imports `m<n-1>`, which imports `m0` again when it is a cycle.
    /// Every module records that it ran, so the entry can check the evaluation order.
    static func graph(named name: String, size: Int, cycle: Bool, commonJS: Bool) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for index in 0..<size {
            let next = index + 1 < size ? index + 1 : (cycle ? 0 : nil)
            var source: String
            if commonJS {
                source = next.map { "const n = require('./m\($0).js');\n" } ?? ""
                source += "(globalThis.__order_\(name) ??= []).push(\(index));\nexports.value = \(index);\n"
                source += next == nil ? "exports.next = () => -1;\n" : "exports.next = () => n.value;\n"
            } else {
                source = next.map { "import { value as n } from './m\($0).js';\n" } ?? ""
                source += "(globalThis.__order_\(name) ??= []).push(\(index));\nexport const value = \(index);\n"
                source += next == nil ? "export function next() { return -1; }\n" : "export function next() { return n; }\n"
            }
            files["src/\(name)/m\(index).js"] = Array(source.utf8)
        }
        let load =
            commonJS
            ? "const { next } = require('../../../src/\(name)/m0.js');\n"
            : "import { next } from '../../../src/\(name)/m0.js';\n"
        files[group + name + ".js"] = Array(
            (load + """
                const order = globalThis.__order_\(name);
                __log.push(['\(name)', order.length, order[0], order[order.length - 1], next()].join(' '));

                """).utf8)
        return files
    }

    /// Runs a bundle in node with a larger stack and returns its `__log` entries; `nil` without node.
    /// Node itself overflows its default stack on a 10,000-deep chain of ES modules or `require` calls
    /// (`node m0.mjs`: "Maximum call stack size exceeded"), and so does the bundle's module runtime, which
    /// evaluates modules recursively like node does; esbuild's output of the ES graphs needs no recursion.
    static func run(_ bundle: String) throws -> [String]? {
        guard let node = TestSupport.executable("node") else {
            print("node not found on PATH; skipping the run of \(bundle)")
            return nil
        }
        let script = """
            globalThis.__log = [];
            try { require('node:vm').runInThisContext(require('node:fs').readFileSync(process.argv[1], 'utf8')); }
            catch (error) { __log.push('THROWN ' + error); }
            process.stdout.write(JSON.stringify(__log));
            """
        let output = try TestSupport.run(node, ["--stack-size=7000", "-e", script, "--", bundle])
        #expect(output.status == 0, "\(output.stderr.prefix(2_000))")
        return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String]
    }

    @Test func largeImportCyclesAndChainsBundleAndRun() throws {
        let graphs = [("cjsChain", false, true), ("cjsCycle", true, true), ("esmChain", false, false), ("esmCycle", true, false)]
        let sizes = graphs.map { name, _, _ in Self.graphSize ?? (name == "esmCycle" ? 10_000 : 1_000) }
        var files: [String: [UInt8]] = [:]
        for ((name, cycle, commonJS), size) in zip(graphs, sizes) {
            files.merge(Self.graph(named: name, size: size, cycle: cycle, commonJS: commonJS)) { first, _ in first }
        }
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(files, under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
            mode: .development, sourceMaps: .none, target: .newest)
        let bundler = ScriptBundler()
        let bundles = try bundler.build(configuration)
        _ = try bundler.write(bundles, to: configuration.output)
        let code = String(decoding: try #require(bundles.first).code, as: UTF8.self)
        // Every module once, plus the 4 entries.
        #expect(code.components(separatedBy: "\n__wkpack_define(").count - 1 == sizes.reduce(4, +))
        guard let log = try Self.run(folder + "/Assets/AllFramesAtDocumentEnd.js") else { return }
        // Entries run in file-name order; the deepest module runs first, and `next()` reads a live binding.
        #expect(log == zip(graphs, sizes).map { graph, size in "\(graph.0) \(size) \(size - 1) 0 1" })
    }

    /// `node_modules/a/node_modules/b -> ../../b`, `node_modules/b/node_modules/a -> ../../a` (a package loop),
    /// `node_modules/a/parent -> ..` (a package linking to its parent) and `loop1 <-> loop2` (a link loop).
    static func linkedPackages(under folder: String) throws {
        let files: [String: String] = [
            "node_modules/a/package.json": #"{"name": "a", "main": "index.js"}"#,
            "node_modules/a/index.js": "import { b } from 'b';\nexport const a = 'a';\nexport const viaB = b;\n",
            "node_modules/b/index.js": "import { a } from 'a';\nexport const b = 'b';\nexport function aFromB() { return a; }\n",
        ]
        try TestSupport.write(files, under: folder)
        let links = [
            ("node_modules/a/node_modules/b", "../../b"), ("node_modules/b/node_modules/a", "../../a"),
            ("node_modules/a/parent", ".."), ("node_modules/loop1", "loop2"), ("node_modules/loop2", "loop1"),
            (group + "node_modules", "../../../node_modules"),
        ]
        for (link, target) in links {
            try FileManager.default.createDirectory(atPath: folder + "/" + Paths.directory(of: link), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + link, withDestinationPath: target)
        }
    }

    /// As with esbuild and webpack, a package reached through links is one module (its real path), whatever path
    /// led to it, so the loop ends and the cycle between `a` and `b` behaves as in node.
    @Test func packagesReachedThroughLinkLoopsAreOneModule() throws {
        let entry = """
            import { a, viaB } from 'a/parent/a/parent/a/index.js';
            import * as B from 'a/node_modules/b/node_modules/a/node_modules/b/index.js';
            import { a as a2 } from 'a';
            __log.push([a, viaB, B.b, B.aFromB(), a2].join(' '));

            """
        let (folder, error) = try ScriptRobustnessTests.buildAndWrite([Self.group + "entry.js": Array(entry.utf8)], mode: .development) {
            try Self.linkedPackages(under: $0)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(error == nil, "\(String(describing: error))")
        let code = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentEnd.js", encoding: .utf8)
        #expect(code.components(separatedBy: "\n__wkpack_define(").count - 1 == 3, "entry, a and b once each")
        #expect(code.contains("\n// node_modules/a/index.js\n") && code.contains("\n// node_modules/b/index.js\n"), "\(code.prefix(300))")
        guard let log = try Self.run(folder + "/Assets/AllFramesAtDocumentEnd.js") else { return }
        #expect(log == ["a b b a a"])
    }

    /// A link loop (`loop1 -> loop2 -> loop1`) is "cannot find module" at the import, like esbuild's
    /// "Could not resolve": an error, not a hang, and no output.
    @Test(arguments: ["loop1", "loop1/index.js"])
    func linkLoopsAreLocatedErrors(specifier: String) throws {
        let entry = "// a link loop\nimport '\(specifier)';\n"
        let (folder, error) = try ScriptRobustnessTests.buildAndWrite([Self.group + "entry.js": Array(entry.utf8)]) {
            try Self.linkedPackages(under: $0)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(error)
        #expect(failure.location == SourceLocation(path: folder + "/" + Self.group + "entry.js", line: 2, column: 8), "\(failure)")
        #expect(failure.message.contains("cannot find module '\(specifier)'"), "\(failure)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets"))
    }
}
