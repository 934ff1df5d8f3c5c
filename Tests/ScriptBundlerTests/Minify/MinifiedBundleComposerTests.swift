import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// How `MinifiedBundleComposer` joins the files sharing one function: a `;` only where the previous file's last
/// statement could run on into the next file.
@Suite struct MinifiedBundleComposerTests {
    static let files: [(String, String)] = [
        // Ends with a loop's block: the next file's `(` starts a statement of its own.
        ("c1.js", "for (const k of [1]) { log.push('c1 ' + k); log.push('c1 again') }"),
        ("c2.js", "(function () { log.push('c2 iife') })()"),
        // Ends with a function expression's `}`: without a `;` the next file's `(...)` would call it.
        ("c3.js", "log.x = function () { log.push('c3 called') }"),
        ("c4.js", "(function () { log.push('c4 ' + typeof log.x) })()"),
        // Ends with an `else` block.
        ("c5.js", "if (log.length) { let c = String(log.length); log.push(c, c) } else { log.push('none'); log.push('none') }"),
        ("c6.js", "[1].forEach(() => log.push('c6'))"),
    ]

    @Test func semicolonOnlyWhereAStatementCouldContinue() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sources: [String: String] = [:]
        for (name, source) in Self.files { sources["UserScripts/MainFrame/AtDocumentEnd/" + name] = source }
        try TestSupport.write(sources, under: folder)
        var outputs: [String: String] = [:]
        for mode in [BundleMode.development, .production] {
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: folder + "/\(mode)", projectFolder: folder, mode: mode, sourceMaps: .none)
            _ = try ScriptBundler().write(try ScriptBundler().build(configuration), to: configuration.output)
            outputs["\(mode)"] = try String(contentsOfFile: folder + "/\(mode)/MainFrameAtDocumentEnd.js", encoding: .utf8)
        }
        let production = try #require(outputs["production"])
        // One shared function; no `;` after the blocks, one after the function expression.
        #expect(production.components(separatedBy: "(()=>{").count == 2)
        #expect(production.contains("}(function(){"))
        #expect(production.contains("};(function(){"))
        #expect(production.contains("}[1].forEach("))
        #expect(!production.contains("}};"))

        let script = """
            const vm = require('node:vm'), fs = require('node:fs');
            const run = (code) => { const sandbox = { log: [] }; sandbox.window = sandbox; vm.runInNewContext(code, sandbox); return sandbox.log; };
            console.log(JSON.stringify(process.argv.slice(1).map((file) => run(fs.readFileSync(file, 'utf8')))));
            """
        guard
            let output = try TestSupport.node(
                script,
                [
                    folder + "/development/MainFrameAtDocumentEnd.js", folder + "/production/MainFrameAtDocumentEnd.js",
                ])
        else { return }
        try #require(output.status == 0, "\(output.stderr)")
        let logs = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
        try #require(logs.count == 2)
        #expect(logs[0] == ["c1 1", "c1 again", "c2 iife", "c4 function", "4", "4", "c6"])
        #expect(logs[1] == logs[0])
    }
}

/// The first line of a production bundle: the opening of its function, mapping nothing, so that a wrapper written
/// before the bundle on that line moves no mapped column; `"use strict"` ends there without a `;` when the next
/// line cannot continue it.
@Suite struct BundleOpeningLineTests {
    @Test(arguments: [
        ("window.x=1", true), ("inner()", true), ("let a", true), ("{a()}", true), ("!a", true), ("$(a)", true), ("_a", true),
        ("in x", false), ("instanceof X", false), ("(f)", false), ("[1].map(f)", false), ("`t`", false), ("+a", false),
        ("-a", false), ("/re/.test(a)", false), ("1", false), (".5", false), ("\\u0061()", false), ("a\\u0061()", false),
        ("éa()", false), ("", false),
    ])
    func endsStatementOnNewLine(_ next: String, _ expected: Bool) {
        #expect(MinifiedBundleComposer.endsStatementOnNewLine(before: Array(next.utf8)) == expected)
    }

    @Test func strictModeHoldsWithOrWithoutTheSemicolon() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(
            [
                "UserScripts/MainFrame/AtDocumentEnd/a.js":
                    "\"use strict\";\nwindow.wordFirst = (function () { return this === undefined; })();\n",
                "UserScripts/AllFrames/AtDocumentEnd/a.js":
                    "\"use strict\";\n(function () { window.parenthesisFirst = this === undefined; })();\n",
            ], under: folder)
        let configuration = BundleConfiguration(
            root: folder + "/UserScripts", output: folder + "/out", projectFolder: folder, mode: .production, sourceMaps: .external)
        _ = try ScriptBundler().write(try ScriptBundler().build(configuration), to: configuration.output)
        let wordFirst = try String(contentsOfFile: folder + "/out/MainFrameAtDocumentEnd.js", encoding: .utf8)
        let parenthesisFirst = try String(contentsOfFile: folder + "/out/AllFramesAtDocumentEnd.js", encoding: .utf8)
        #expect(wordFirst.hasPrefix("(()=>{\"use strict\"\nwindow."), "\(wordFirst)")
        #expect(parenthesisFirst.hasPrefix("(()=>{\"use strict\";\n(function"), "\(parenthesisFirst)")
        for name in ["MainFrameAtDocumentEnd", "AllFramesAtDocumentEnd"] {
            let map = try String(contentsOfFile: folder + "/out/\(name).js.map", encoding: .utf8)
            #expect(map.contains("\"mappings\": \";") || map.contains("\"mappings\":\";"), "first line maps nothing: \(map)")
        }
        // Run as they are and inside firefox-ios's wrapper (prefix on the first line): strict either way.
        let script = """
            const vm = require('node:vm'), fs = require('node:fs');
            const results = [];
            for (const file of process.argv.slice(1)) {
              const code = fs.readFileSync(file, 'utf8');
              for (const text of [code, "(function() { const APP_ID_TOKEN = 'x'; " + code + "})()"]) {
                const sandbox = {}; sandbox.window = sandbox;
                vm.runInNewContext(text, sandbox);
                results.push(sandbox.wordFirst ?? sandbox.parenthesisFirst);
              }
            }
            console.log(JSON.stringify(results));
            """
        guard
            let output = try TestSupport.node(
                script,
                [
                    folder + "/out/MainFrameAtDocumentEnd.js", folder + "/out/AllFramesAtDocumentEnd.js",
                ])
        else { return }
        try #require(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[true,true,true,true]")
    }
}
