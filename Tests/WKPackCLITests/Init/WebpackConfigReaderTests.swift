import Foundation
import ScriptBundler
import Testing

@testable import WKPackCLI

/// `WebpackConfigReader`: the entry forms it translates, and one located warning for each thing it cannot.
@Suite struct WebpackConfigReaderTests {
    /// A project with `s/A` (a.js, b.mjs, __firefox__.js), `s/B` (c.js) and `webpack.config.js` = `source`.
    static func read(_ source: String) throws -> (draft: InitDraft, warnings: [String], folder: String) {
        let folder = NSTemporaryDirectory() + "wkpack-webpack-" + UUID().uuidString
        for (path, text) in [
            "s/A/a.js": "a()", "s/A/b.mjs": "b()", "s/A/__firefox__.js": "f()", "s/B/c.js": "c()", "webpack.config.js": source,
        ] {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        var reader = WebpackConfigReader(path: folder + "/webpack.config.js", projectFolder: folder, root: nil)
        var draft = InitDraft()
        try reader.read(into: &draft)
        let prefix = folder + "/webpack.config.js:"
        return (draft, reader.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") }, folder)
    }

    @Test(
        arguments: [
            // One folder glob: a folder group (its __firefox__.js first).
            (
                "{ A: glob.sync('./s/A/*.{js,mjs}'), B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "A", folder: "A", first: "__firefox__.js"), InitDraft.Group(name: "B", folder: "B")], []
            ),
            // An explicit first file, then the folder's glob, through a const and a spread.
            (
                "{ A: ['./s/A/a.js', ...glob.sync('./s/A/*.{js,mjs}')], B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "A", folder: "A", first: "a.js"), InitDraft.Group(name: "B", folder: "B")], []
            ),
            // A pattern that misses some of the folder's files: the files it matches.
            (
                "{ A: glob.sync('./s/A/*.js'), B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "A", files: ["s/A/__firefox__.js", "s/A/a.js"]), InitDraft.Group(name: "B", folder: "B")],
                [
                    "1:29: warning: entry 'A': its pattern does not match every script of its folder; written as the 2 files it matches today (files added later are not picked up)"
                ]
            ),
            // Concatenated patterns of two folders.
            (
                "{ AB: glob.sync('./s/A/*.mjs').concat(glob.sync('./s/B/*.js')), B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "AB", files: ["s/A/b.mjs", "s/B/c.js"]), InitDraft.Group(name: "B", folder: "B")],
                [
                    "1:29: warning: entry 'AB' combines 2 files and patterns; written as the 2 files it matches today (files added later are not picked up)"
                ]
            ),
            // A plain path: a files group.
            (
                "{ 'w.worker': './s/B/c.js', A: glob.sync('./s/A/*.{js,mjs}'), B: glob.sync('./s/B/*.js') }",
                [
                    InitDraft.Group(name: "w.worker", files: ["s/B/c.js"]),
                    InitDraft.Group(name: "A", folder: "A", first: "__firefox__.js"),
                    InitDraft.Group(name: "B", folder: "B"),
                ], []
            ),
            // Not readable: a function call and a recursive pattern.
            (
                "{ A: pick('A'), B: glob.sync('./s/**/*.js'), C: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "C", folder: "B")],
                [
                    "1:32: warning: entry 'A': a call of 'pick' is not translated",
                    "1:43: warning: entry 'B': the pattern './s/**/*.js' is neither a '<folder>/*.{js,mjs}' pattern nor a list of named files "
                        + "('dir/a.js', 'dir/{a,b}.js'); the entry is not translated",
                ]
            ),
            // A glob without wildcards (firefox-ios's worker): a files group named after the entry.
            (
                "{ 'w.worker': glob.sync('./s/B/c.js'), B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "w.worker", files: ["s/B/c.js"]), InitDraft.Group(name: "B", folder: "B")], []
            ),
            // A brace list of files, sorted as glob 8 returns them; an array of such globs; glob 9's array of patterns.
            (
                "{ W: glob.sync('./s/A/{b.mjs,a.js}'), V: [...glob.sync('./s/B/c.js'), ...glob.sync('./s/A/a.js')], "
                    + "U: glob.sync(['./s/A/a.js', './s/{A/b.mjs,B/c.js}']), B: glob.sync('./s/B/*.js') }",
                [
                    InitDraft.Group(name: "W", files: ["s/A/a.js", "s/A/b.mjs"]),
                    InitDraft.Group(name: "V", files: ["s/B/c.js", "s/A/a.js"]),
                    InitDraft.Group(name: "U", files: ["s/A/a.js", "s/A/b.mjs", "s/B/c.js"]), InitDraft.Group(name: "B", folder: "B"),
                ], []
            ),
            // An entry description's fixed filename is the group's output.
            (
                "{ Worker: { import: glob.sync('./s/B/c.js'), filename: 'c.worker.js' }, B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "Worker", files: ["s/B/c.js"], output: "c.worker.js"), InitDraft.Group(name: "B", folder: "B")], []
            ),
            // A named file that does not exist: glob.sync leaves it out; with none left the entry is not translated, and a
            // missing plain path is written (webpack fails on it) with a warning.
            (
                "{ W: glob.sync('./s/A/{a,gone}.js'), X: glob.sync('./s/B/gone.js'), Y: './s/B/gone.js', B: glob.sync('./s/B/*.js') }",
                [
                    InitDraft.Group(name: "W", files: ["s/A/a.js"]), InitDraft.Group(name: "Y", files: ["s/B/gone.js"]),
                    InitDraft.Group(name: "B", folder: "B"),
                ],
                [
                    "1:29: warning: entry 'W': the pattern './s/A/{a,gone}.js' names 's/A/gone.js', which does not exist; glob.sync leaves it out",
                    "1:64: warning: entry 'X': the pattern './s/B/gone.js' names 's/B/gone.js', which does not exist; glob.sync leaves it out",
                    "1:64: warning: entry 'X' names no file that exists; webpack fails on an empty entry; not translated",
                    "1:95: warning: entry 'Y': 's/B/gone.js' does not exist; webpack fails on this entry, and so will wkpack build",
                ]
            ),
            // Wildcards other than a folder's scripts, a range and an escape: not expanded without the file system.
            (
                "{ W: glob.sync('./s/B/c?.js'), X: glob.sync('./s/B/{1..3}.js'), Y: glob.sync('./s/B/\\\\c.js'), B: glob.sync('./s/B/*.js') }",
                [InitDraft.Group(name: "B", folder: "B")],
                [
                    "1:29: warning: entry 'W': the pattern './s/B/c?.js' is neither a '<folder>/*.{js,mjs}' pattern nor a list of named files "
                        + "('dir/a.js', 'dir/{a,b}.js'); the entry is not translated",
                    "1:58: warning: entry 'X': the pattern './s/B/{1..3}.js' is neither a '<folder>/*.{js,mjs}' pattern nor a list of named files "
                        + "('dir/a.js', 'dir/{a,b}.js'); the entry is not translated",
                    "1:91: warning: entry 'Y': the pattern './s/B/\\c.js' is neither a '<folder>/*.{js,mjs}' pattern nor a list of named files "
                        + "('dir/a.js', 'dir/{a,b}.js'); the entry is not translated",
                ]
            ),
        ] as [(String, [InitDraft.Group], [String])])
    func translatesEntries(entry: String, groups: [InitDraft.Group], warnings: [String]) throws {
        let (draft, diagnostics, folder) = try Self.read("const glob = require('glob');\nmodule.exports = { entry: \(entry) };\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(draft.root == "s")
        #expect(draft.groups == groups)
        #expect(diagnostics == warnings.map { "2:" + $0.dropFirst(2) })
    }

    @Test func readsOutputModeDevtoolResolveAndReportsTheRest() throws {
        let source = """
            const path = require("path");
            const webpack = require("webpack");
            module.exports = {
              mode: "development",
              devtool: "eval-cheap-source-map",
              entry: { B: "./s/B/c.js" },
              output: { path: path.join(__dirname, "out"), filename: "[name].bundle.js" },
              resolve: {
                alias: { Lib: path.resolve(__dirname, "s/A"), Gone: false },
                fallback: { fs: false, url: require.resolve("missing-package") },
                extensions: [".js"],
              },
              optimization: { minimize: false },
              plugins: [new webpack.DefinePlugin({ X: 1 })],
              module: { rules: [{ test: /\\.css$/, use: ["css-loader"] }] },
            };
            """
        let (draft, warnings, folder) = try Self.read(source)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(draft.mode == .development)
        #expect(draft.sourceMaps == .inline)
        #expect(draft.output == "out")
        #expect(draft.aliases == [.init(name: "Lib", path: "s/A"), .init(name: "Gone", path: nil)])
        #expect(draft.fallbacks == [.init(name: "fs", path: nil), .init(name: "url", path: "node_modules/missing-package")])
        #expect(draft.groups == [InitDraft.Group(name: "B", files: ["s/B/c.js"])])
        #expect(
            warnings == [
                "7:58: warning: output.filename other than '[name].js' is not translated (wkpack writes <group>.js, or a group's 'output:')",
                "10:33: warning: package 'missing-package' is not installed in node_modules; written as its folder (run npm install, then check the path)",
                "11:5: warning: resolve.extensions is not translated",
                "13:3: warning: 'optimization' is not translated",
                "14:13: warning: the plugin 'new webpack.DefinePlugin' is not translated",
                "15:21: warning: module.rules[0] is not translated (wkpack has no loaders; it reads every file as ES or CommonJS, like 'javascript/auto')",
            ])
    }
}
