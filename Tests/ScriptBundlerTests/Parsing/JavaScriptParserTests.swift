import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Scope analysis and module syntax of `JavaScriptParser`.
@Suite struct JavaScriptParserTests {
    /// `name@line:column -> declaration name@line:column` (or `free`) for every reference.
    static func resolutions(_ source: String) throws -> [String] {
        let analysis = try JavaScriptParser.analyze(source)
        return analysis.references.map { reference in
            let token = analysis.tokens[reference.token]
            let here = "\(analysis.name(of: reference))@\(token.line):\(token.column)"
            guard let index = reference.declaration else { return here + " free" }
            let declaration = analysis.declarations[index]
            let at = analysis.tokens[declaration.token]
            return here + " -> \(declaration.kind)@\(at.line):\(at.column)"
        }
    }

    @Test func shadowingAndHoisting() throws {
        let source = """
            f(x);
            var x = 1;
            function f(a) { let x = a; { const x = 2; g(x); } return x; }
            """
        #expect(
            try Self.resolutions(source) == [
                "f@1:0 -> function@3:9", "x@1:2 -> var@2:4",
                "a@3:24 -> parameter@3:11", "g@3:42 free", "x@3:44 -> const@3:35", "x@3:57 -> let@3:20",
            ])
    }

    @Test func blockScopesLoopsCatchAndClasses() throws {
        let source = """
            for (let i = 0; i < n; i++) { use(i); }
            try { t(); } catch ({ message }) { log(message); }
            class C extends Base { m() { return C; } static s = C; #p = 1; get [k]() { return this.#p; } }
            const E = class Inner { m() { return Inner; } };
            """
        #expect(
            try Self.resolutions(source) == [
                "i@1:16 -> let@1:9", "n@1:20 free", "i@1:23 -> let@1:9", "use@1:30 free", "i@1:34 -> let@1:9",
                "t@2:6 free", "log@2:35 free", "message@2:39 -> catchParameter@2:22",
                "Base@3:16 free", "C@3:36 -> class@3:6", "C@3:52 -> class@3:6", "k@3:68 free",
                "Inner@4:37 -> expressionName@4:16",
            ])
    }

    @Test func arrowsDestructuringAndShorthand() throws {
        let source = """
            const f = (a, { b, c: [d] }, ...rest) => ({ a, b, d, rest, e });
            const g = async x => await x;
            [p, q] = [q, p];
            label: for (;;) break label;
            """
        let analysis = try JavaScriptParser.analyze(source)
        #expect(
            try Self.resolutions(source) == [
                "a@1:44 -> parameter@1:11", "b@1:47 -> parameter@1:16", "d@1:50 -> parameter@1:23",
                "rest@1:53 -> parameter@1:32", "e@1:59 free", "x@2:27 -> parameter@2:16",
                "p@3:1 free", "q@3:4 free", "q@3:10 free", "p@3:13 free",
            ])
        #expect(analysis.references.prefix(5).allSatisfy { $0.isShorthandProperty })
        #expect(!analysis.references[6].isShorthandProperty)
        let shorthandPattern = analysis.declarations.first { $0.name == "b" }
        #expect(shorthandPattern?.isShorthandPattern == true)
    }

    @Test func referencesToADeclaration() throws {
        let analysis = try JavaScriptParser.analyze("let a = 1; a++; function f() { return a + b; }")
        let a = try #require(analysis.declarations.firstIndex { $0.name == "a" })
        #expect(analysis.references(to: a).map { analysis.tokens[analysis.references[$0].token].column } == [11, 38])
    }

    @Test func duplicateVarIsAReferenceToTheFirst() throws {
        let resolved = try Self.resolutions("var a = 1; var a = 2; a;")
        #expect(resolved == ["a@1:15 -> var@1:4", "a@1:22 -> var@1:4"])
    }

    @Test func sloppyBlockFunctionsAreFunctionScoped() throws {
        let sloppy = try Self.resolutions("if (x) { function f() {} }\nf();")
        #expect(sloppy == ["x@1:4 free", "f@2:0 -> function@1:18"])
        let strict = try Self.resolutions("'use strict';\nif (x) { function f() {} }\nf();")
        #expect(strict == ["x@2:4 free", "f@3:0 free"])
        let inClass = try Self.resolutions("class C { m() { { function g() {} } return g; } }")
        #expect(inClass == ["g@1:43 free"])
    }

    @Test func evalAndWithMarkScopesUnsafe() throws {
        let analysis = try JavaScriptParser.analyze("function f() { function g() { eval('x'); } } function h() { var y; }")
        #expect(analysis.scopes.map(\.isUnsafe) == [true, true, true, false])
        let withAnalysis = try JavaScriptParser.analyze("function f(o) { with (o) { x; } } function h() {}")
        #expect(withAnalysis.scopes.map(\.isUnsafe) == [true, true, true, false, false])
        let shadowed = try JavaScriptParser.analyze("function f(eval) { eval('x'); }")
        #expect(!shadowed.scopes.contains { $0.isUnsafe })
    }

    @Test func calleeFlag() throws {
        let analysis = try JavaScriptParser.analyze("a(); b`t`; c.d(); (e)();")
        #expect(analysis.references.map(\.isCallee) == [true, true, false, false])
    }

    @Test func importsAndExports() throws {
        let source = """
            import def, { a as b, "x-y" as c, default as d } from "./m.js";
            import * as ns from 'pkg';
            import "./side.js";
            import data from "./d.json" with { type: "json" };
            export const k = b, [l] = [c];
            export function f() { return ns; }
            export default class {}
            export { k as kay, def as "str" };
            export * from "./star.js";
            export * as all from "./all.js";
            export { z as zed } from "./z.js";
            """
        let analysis = try JavaScriptParser.analyze(source)
        let module = analysis.module
        #expect(module.requests.map(\.specifier) == ["./m.js", "pkg", "./side.js", "./d.json", "./star.js", "./all.js", "./z.js"])
        #expect(module.requests[3].attributeType == "json")
        #expect(module.imports.map(\.importedName) == ["default", "a", "x-y", "default", nil, "default"])
        #expect(module.imports.map { analysis.declarations[$0.declaration].name } == ["def", "b", "c", "d", "ns", "data"])
        #expect(module.exports.map(\.exportedName) == ["k", "l", "f", "default", "kay", "str", "all", "zed"])
        #expect(module.exports[3].source == .defaultExpression)
        #expect(module.exports[7].source == .reexport(request: 6, importedName: "z"))
        #expect(module.starExports == [4])
        #expect(module.removableStatements.count == 8)
        #expect(module.exportKeywords.count == 2)
        #expect(module.defaultExport?.isAnonymousDeclaration == true)
        #expect(module.hasModuleSyntax)
        let resolved = try Self.resolutions(source)
        #expect(resolved.contains("b@5:17 -> import@1:19"))
        #expect(resolved.contains("ns@6:29 -> import@2:12"))
    }

    @Test func commonJSAndDynamicImport() throws {
        let source = """
            const a = require("./a");
            function load() { return require('./b.js') + import("./c.js"); }
            const ctx = require.context("./dir", false, /\\.mjs$/);
            module.exports = { a };
            function shadow(require) { require("./not-a-dependency"); }
            """
        let analysis = try JavaScriptParser.analyze(source)
        #expect(analysis.module.requireCalls.map(\.specifier) == ["./a", "./b.js"])
        #expect(analysis.module.dynamicImports.map(\.specifier) == ["./c.js"])
        #expect(analysis.module.requireContexts.map(\.directory) == ["./dir"])
        #expect(analysis.module.requireContexts.first?.recursive == false)
        #expect(analysis.module.requireContexts.first?.pattern == "\\.mjs$")
        #expect(analysis.module.usesModuleOrExports)
        #expect(!analysis.module.hasModuleSyntax)
    }

    @Test func topLevelAwaitOnlyOutsideFunctions() throws {
        #expect(try JavaScriptParser.analyze("const x = await load();").module.topLevelAwait == 3)
        #expect(try JavaScriptParser.analyze("async function f() { await g(); }").module.topLevelAwait == nil)
        #expect(try JavaScriptParser.analyze("var await = 1; await + 1;").module.topLevelAwait == nil)
    }

    @Test(arguments: [
        ("let x = ;", 1, 9),
        ("function f(1) {}", 1, 12),
        ("if (a) { export const x = 1; }", 1, 10),
        ("a ? b c", 1, 7),
        // A `.` or `?.` with no name after it (found by the bundler fuzz target: `eg.` was read as a member access).
        ("eg.", 1, 4),
        ("a?.;", 1, 4),
        ("a.\n1", 2, 1),
    ])
    func errorsAreLocated(source: String, line: Int, column: Int) throws {
        do {
            _ = try JavaScriptParser.analyze(source)
            Issue.record("expected an error for \(source)")
        } catch {
            #expect(error.kind == .unexpectedToken || error.kind == .unbalancedBracket)
            #expect(error.line == line && error.column == column, "\(error)")
        }
    }

    /// Redeclarations engines reject before running anything (`Identifier 'x' has already been declared`): a
    /// bundle holding one would not run at all, so the build reports it, at the second declaration.
    @Test(arguments: [
        ("let a = 1;\nlet a = 2;", 2, 5, "'a' has already been declared (line 1)"),
        ("const a = 1; var a;", 1, 18, "'a' has already been declared (line 1)"),
        ("var a; let a;", 1, 12, "'a' has already been declared (line 1)"),
        ("class C {}\nclass C {}", 2, 7, "'C' has already been declared (line 1)"),
        ("import { a } from './x.mjs';\nimport { a } from './y.mjs';", 2, 10, "'a' has already been declared (line 1)"),
        ("import a from './x.mjs';\nfunction a() {}", 2, 10, "'a' has already been declared (line 1)"),
        ("function f(a) { let a; }", 1, 21, "'a' has already been declared (line 1)"),
        ("{ let a; { var a; } }", 1, 16, "'a' has already been declared (line 1)"),
        ("function f() { { var a; } let a; }", 1, 31, "'a' has already been declared (line 1)"),
        ("{ { var a; } let a; }", 1, 18, "'a' has already been declared (by a var inside this block)"),
        ("switch (x) { case 1: let a; break; case 2: let a; }", 1, 48, "'a' has already been declared (line 1)"),
        ("'use strict'; { function f() {} function f() {} }", 1, 42, "'f' has already been declared (line 1)"),
        ("for (let i = 0; ;) { var i; }", 1, 26, "'i' has already been declared (line 1)"),
        ("try {} catch (e) { let e; }", 1, 24, "'e' has already been declared (line 1)"),
        ("try {} catch ({ a, b: [e] }) { const e = 1; }", 1, 38, "'e' has already been declared (line 1)"),
    ])
    func redeclarationsAreLocatedErrors(source: String, line: Int, column: Int, message: String) {
        do {
            _ = try JavaScriptParser.analyze(source)
            Issue.record("expected an error for \(source)")
        } catch {
            #expect(error.kind == .redeclaration)
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message == message)
        }
    }

    /// A `"use strict"` directive in the body of a function whose parameters are not plain names: node and the
    /// engines refuse the whole file ("Illegal 'use strict' directive in function with non-simple parameter list").
    @Test(arguments: [
        ("function f(a = 1) { \"use strict\"; }", 1, 21),
        ("function f({ a }) {\n  'use strict'\n}", 2, 3),
        ("const g = ([a], ...b) => { 'use strict'; };", 1, 28),
        ("class C { m(...r) { 'use strict'; } }", 1, 21),
        ("var o = { m(a, b = a) { 'x'; 'use strict'; } };", 1, 30),
    ])
    func strictBodiesWithNonSimpleParametersAreLocatedErrors(source: String, line: Int, column: Int) {
        do {
            _ = try JavaScriptParser.analyze(source)
            Issue.record("expected an error for \(source)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.hasSuffix("(a function with default, destructured or rest parameters cannot be made strict in its body)"))
        }
    }

    /// The same directive with plain parameters, or only in the program or an enclosing function, is accepted.
    @Test(arguments: [
        "function f(a, b) { 'use strict'; }",
        "'use strict'; function f(a = 1, { b }) {}",
        "function f() { 'use strict'; return (a = 1) => a; }",
        "const g = a => { 'use strict'; };",
        "function f(a = 1) { g('use strict'); }",
    ])
    func strictBodiesWithSimpleParametersAreAccepted(source: String) throws {
        _ = try JavaScriptParser.analyze(source)
    }

    /// Declarations of one name that engines accept: `var`s and functions of a function scope together, sloppy
    /// functions in blocks (Annex B), names in different blocks, a `var` next to a catch parameter.
    @Test(arguments: [
        "var a; var a; function a() {}",
        "function f(a) { var a; function a() {} }",
        "function f() {} function f() {}",
        "let f; { function f() {} }",
        "function g() { let f; if (x) { function f() {} } }",
        "if (x) { function f() {} } else { function f() {} }",
        "{ let a; } { let a; } { var a; }",
        "for (let i of x) { let i = 1; }",
        "try {} catch (e) { var e; }",
        "try {} catch (e) { { let e; } }",
        "try {} catch { let e; }",
        "let C = class C {}; const D = function D() {};",
        "'use strict'; function f() {} { function f() {} }",
        "function f() { { let a; } var a; }",
    ])
    func acceptedRedeclarations(source: String) throws {
        _ = try JavaScriptParser.analyze(source)
    }

    @Test(arguments: [
        "a.if.class.new; a?.b?.[c]?.(d); a?.default",
        "function f() { return new.target; }",
        "class C { #x = 1; m(o) { return o.#x ?? o?.#x; } }",
        "import.meta.url;",
        "a\n.b\n.c()",
    ])
    func memberNames(source: String) throws {
        _ = try JavaScriptParser.analyze(source)
    }

    @Test func deepNestingFailsInsteadOfOverflowingTheStack() throws {
        let deep = String(repeating: "(", count: 50_000) + "a" + String(repeating: ")", count: 50_000)
        #expect(throws: JavaScriptSyntaxError.self) { try JavaScriptParser.analyze(deep) }
        let blocks = String(repeating: "{", count: 50_000) + String(repeating: "}", count: 50_000)
        #expect(throws: JavaScriptSyntaxError.self) { try JavaScriptParser.analyze(blocks) }
        let fine = String(repeating: "[", count: 1_500) + "a" + String(repeating: "]", count: 1_500)
        #expect(try JavaScriptParser.analyze(fine).references.count == 1)
    }

    /// Random token soup (seeded, so a failure reproduces) never traps the parser; the soup reaches both outcomes,
    /// programs it accepts and programs it rejects.
    @Test func randomInputsNeverTrap() {
        var generator = SeededGenerator(seed: 0x5EED)
        let pieces = [
            "a", "(", ")", "{", "}", "[", "]", "=>", "async", "function", "class", "let", "import", "export",
            ",", ";", "=", "?", ":", ".", "...", "`x${", "}`", "yield", "await", "new", "1", "'s'", "\n", " ",
        ]
        let count = 2000
        var accepted = 0
        for _ in 0..<count {
            var source = ""
            for _ in 0..<Int.random(in: 1...20, using: &generator) { source += (pieces.randomElement(using: &generator) ?? "") + " " }
            if (try? JavaScriptParser.analyze(source)) != nil { accepted += 1 }
        }
        #expect(accepted > 0 && accepted < count, "accepted \(accepted) of \(count)")
    }
}
