import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// How production wraps the files of a script bundle: which files may share a function scope and which may be
/// wrapped in an arrow function (`FileWrapperLayout`), and that bundles wrapped so behave as the development
/// bundle (one `function` per file) does.
@Suite struct FileWrapperLayoutTests {
    struct Case: Sendable, CustomStringConvertible {
        let source: String
        /// `nil`: the file keeps its whole wrapper (`.complete`).
        let wrapping: MinifiedFileBody.Wrapping?
        let canShareScope: Bool
        let allowsArrowFunction: Bool
        var description: String { source }
    }

    static let cases: [Case] = [
        Case(source: "log.push(1);", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        Case(source: "\"use strict\";\nlog.push(1);", wrapping: .strict, canShareScope: true, allowsArrowFunction: true),
        Case(source: "'use strict'", wrapping: .strict, canShareScope: true, allowsArrowFunction: true),
        Case(source: "", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        // A directive ended by a line break, a later directive, an escaped one (not a directive) and a string that
        // merely spells it: the file keeps its own wrapper.
        Case(source: "\"use strict\"\nlog.push(1)", wrapping: nil, canShareScope: false, allowsArrowFunction: false),
        Case(source: "'a'; 'use strict'; log.push(1)", wrapping: nil, canShareScope: false, allowsArrowFunction: false),
        Case(source: "log.push('use strict')", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        Case(source: "'a'\n'use strict'\nlog.push(1)", wrapping: nil, canShareScope: false, allowsArrowFunction: false),
        Case(source: "\"use\\x20strict\"; log.push(1)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        // Declarations of the file's scope.
        Case(source: "const a = 1; log.push(a)", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "'use strict'; let a = 1", wrapping: .strict, canShareScope: false, allowsArrowFunction: true),
        Case(source: "function f() {}", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "class C {}", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "if (x) { var v = 1 }", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "{ function f() {} }", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "'use strict'; { function f() {} }", wrapping: .strict, canShareScope: true, allowsArrowFunction: true),
        Case(source: "if (x) { const a = 1; log.push(a) }", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        Case(source: "try {} catch (e) { log.push(e) }", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        // `return` of the file's function, and one of a nested function or arrow.
        Case(source: "if (x) return; log.push(1)", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(
            source: "f(function () { return 1 }); g(() => { return 2 })", wrapping: .sloppy, canShareScope: true,
            allowsArrowFunction: true),
        // Dynamic scope.
        Case(source: "eval('var x = 1')", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "f(function () { eval('1') })", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        Case(source: "with (o) { log.push(a) }", wrapping: .sloppy, canShareScope: false, allowsArrowFunction: true),
        // `arguments` and `new.target` of the file's function (an arrow has neither), and nested ones.
        Case(source: "log.push(arguments.length)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: false),
        Case(source: "g(() => arguments.length)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: false),
        Case(
            source: "g(function () { return arguments.length })", wrapping: .sloppy, canShareScope: true,
            allowsArrowFunction: true),
        Case(source: "o.arguments = 1", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        Case(source: "log.push(\\u0061rguments.length)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: false),
        Case(source: "log.push(new.target)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: false),
        Case(source: "if (x) { log.push(new.target) }", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: false),
        Case(source: "g(() => new.target)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: false),
        Case(source: "g(function () { return new.target })", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
        Case(source: "log.push(this === window)", wrapping: .sloppy, canShareScope: true, allowsArrowFunction: true),
    ]

    @Test(arguments: cases)
    func layoutOfWrappedFile(_ testCase: Case) throws {
        var code = BundleAssembler.prologue
        code += Array(testCase.source.utf8)
        code.append(0x0A)
        code += BundleAssembler.epilogue
        let tokenization = try JavaScriptTokenizer.tokenize(code)
        let analysis = try JavaScriptParser.analyze(code, tokenization: tokenization)
        let layout = FileWrapperLayout(code: code, tokens: tokenization.tokens, analysis: analysis)
        guard let wrapping = testCase.wrapping else {
            #expect(layout == nil)
            return
        }
        let found = try #require(layout)
        #expect(found.wrapping == wrapping)
        #expect(found.canShareScope == testCase.canShareScope)
        #expect(found.allowsArrowFunction == testCase.allowsArrowFunction)
        #expect(found.bodyTokens.upperBound == tokenization.tokens.count - FileWrapperLayout.epilogueTokenCount)
    }

    @Test func notAWrappedFile() throws {
        let code = Array("log.push(1);".utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(code)
        let analysis = try JavaScriptParser.analyze(code, tokenization: tokenization)
        #expect(FileWrapperLayout(code: code, tokens: tokenization.tokens, analysis: analysis) == nil)
    }

    /// Files of one group, in order: every kind of file above, with neighbours that would notice a shared scope.
    static let groupFiles: [(String, String)] = [
        ("a01.js", "\"use strict\";\nlog.push('a01 this:' + (this === window));"),
        ("a02.js", "'use strict'; log.push('a02 strict:' + (function () { return this === undefined })())"),
        ("a03.js", "'use strict'; log.push('a03 arguments:' + arguments.length)"),
        ("a04.js", "log.push('a04 sloppy:' + (function () { return this === window })())\n"),
        ("a05.js", "(log).push('a05 starts with a parenthesis')"),
        ("a06.js", "{ function annexB() { return 1 } }\nlog.push('a06 ' + typeof annexB)"),
        ("a07.js", "log.push('a07 sees ' + typeof annexB)"),
        ("a08.js", "log.push('a08 before return'); if (log.length > 0) return; log.push('a08 after return')"),
        ("a09.js", "log.push('a09 runs')"),
        ("a10.js", "eval('var leaked = 1'); log.push('a10 ' + typeof leaked)"),
        ("a11.js", "log.push('a11 sees ' + typeof leaked)"),
        ("a12.js", "log.push('a12 new.target:' + typeof new.target)"),
        ("a13.js", "\"use strict\"\nlog.push('a13 strict by ASI:' + (function () { return this === undefined })())"),
        ("a14.js", "if (true) { var hoisted = 'a14' } log.push(hoisted)"),
        ("a15.js", "log.push('a15 sees ' + typeof hoisted)"),
        ("a16.js", "'use strict'; if (log.length) { const local = 'a16'; log.push(local) }"),
        ("a17.js", "'use strict'; log.push('a17 ' + typeof local)"),
        ("a18.js", "const shadow = 'a18'; log.push(shadow)"),
        ("a19.js", "log.push('a19 sees ' + typeof shadow)"),
        ("a20.js", "log.push('a20 last')\n// trailing comment, no line break"),
    ]

    /// The development bundle (one `function` per file, not minified) is the reference: the production bundle
    /// must log the same, run as it is and inside the app's own wrapper (as firefox-ios injects it).
    @Test func sharedScopesBehaveAsSeparateFunctions() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String: String] = [:]
        for (name, source) in Self.groupFiles { files["UserScripts/MainFrame/AtDocumentEnd/" + name] = source }
        try TestSupport.write(files, under: folder)
        var outputs: [String: String] = [:]
        for mode in [BundleMode.development, .production] {
            let configuration = BundleConfiguration(
                root: folder + "/UserScripts", output: folder + "/\(mode)", projectFolder: folder, mode: mode, sourceMaps: .external)
            let bundles = try ScriptBundler().build(configuration)
            _ = try ScriptBundler().write(bundles, to: configuration.output)
            outputs["\(mode)"] = try String(contentsOfFile: folder + "/\(mode)/MainFrameAtDocumentEnd.js", encoding: .utf8)
        }
        let production = try #require(outputs["production"])
        // Shared scopes happened: fewer wrappers than files, arrow functions and `function` wrappers both used.
        let arrows = production.components(separatedBy: "(()=>{").count - 1
        let functions = production.components(separatedBy: "(function(){").count - 1
        #expect(arrows > 0 && functions > 0)
        #expect(arrows + functions < Self.groupFiles.count)

        let script = """
            const vm = require('node:vm'), fs = require('node:fs');
            const run = (code) => {
              const sandbox = { log: [] };
              sandbox.window = sandbox;
              try { vm.runInNewContext(code, sandbox); } catch (error) { sandbox.log.push('THROWN ' + error.message); }
              return sandbox.log;
            };
            const [development, production] = process.argv.slice(1).map((file) => fs.readFileSync(file, 'utf8'));
            const wrap = (code) => "(function() { const APP_ID_TOKEN = 'x';\\n" + code + "\\n})()";
            console.log(JSON.stringify([run(development), run(production), run(wrap(development)), run(wrap(production))]));
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
        try #require(logs.count == 4)
        #expect(
            logs[0] == [
                "a01 this:true", "a02 strict:true", "a03 arguments:0", "a04 sloppy:true", "a05 starts with a parenthesis",
                "a06 function", "a07 sees undefined", "a08 before return", "a09 runs", "a10 number", "a11 sees undefined",
                "a12 new.target:undefined", "a13 strict by ASI:true", "a14", "a15 sees undefined", "a16", "a17 undefined",
                "a18", "a19 sees undefined", "a20 last",
            ])
        #expect(logs[1] == logs[0])
        #expect(logs[2] == logs[0])
        #expect(logs[3] == logs[0])
    }
}
