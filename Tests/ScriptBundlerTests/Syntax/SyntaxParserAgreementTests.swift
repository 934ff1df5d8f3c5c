import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The syntax-tree parser (which `JavaScriptParser` is built on since issue 41 step 2) over the programs that
/// today's parser was compared with: the invalid ones of `JavaScriptParserTests` and more are rejected, the valid
/// ones accepted.
@Suite struct SyntaxParserAgreementTests {
    static let invalid: [String] = [
        // JavaScriptParserTests.errorsAreLocated
        "let x = ;", "function f(1) {}", "if (a) { export const x = 1; }", "a ? b c", "eg.", "a?.;", "a.\n1",
        // JavaScriptParserTests.redeclarationsAreLocatedErrors
        "let a = 1;\nlet a = 2;", "const a = 1; var a;", "var a; let a;", "class C {}\nclass C {}",
        "import { a } from './x.mjs';\nimport { a } from './y.mjs';", "import a from './x.mjs';\nfunction a() {}",
        "function f(a) { let a; }", "{ let a; { var a; } }", "function f() { { var a; } let a; }", "{ { var a; } let a; }",
        "switch (x) { case 1: let a; break; case 2: let a; }", "'use strict'; { function f() {} function f() {} }",
        "for (let i = 0; ;) { var i; }", "try {} catch (e) { let e; }", "try {} catch ({ a, b: [e] }) { const e = 1; }",
        // More located errors with causes both parsers see the same way.
        "f(a b)", "[1, 2", "x = {a: 1 b: 2}", "import { a as 1 } from 'm';", "export default", "a.#",
        "let [a] = ;", "new.", "import x", "for (;;", "`${a`", "a => {", "({a: })",
    ]

    static let valid: [String] = [
        "var a; var a; function a() {}", "function f(a) { var a; function a() {} }", "function f() {} function f() {}",
        "let f; { function f() {} }", "function g() { let f; if (x) { function f() {} } }",
        "if (x) { function f() {} } else { function f() {} }", "{ let a; } { let a; } { var a; }",
        "for (let i of x) { let i = 1; }", "try {} catch (e) { var e; }", "try {} catch (e) { { let e; } }",
        "try {} catch { let e; }", "let C = class C {}; const D = function D() {};",
        "'use strict'; function f() {} { function f() {} }", "function f() { { let a; } var a; }",
        "a.if.class.new; a?.b?.[c]?.(d); a?.default", "function f() { return new.target; }",
        "class C { #x = 1; m(o) { return o.#x ?? o?.#x; } }", "import.meta.url;", "a\n.b\n.c()",
    ]

    /// Each invalid program is rejected with a located error (their texts are pinned in `JavaScriptParserTests`).
    @Test(arguments: invalid)
    func rejects(source: String) {
        do {
            _ = try SyntaxParser.parse(source)
            Issue.record("the syntax tree parser accepts \(source)")
        } catch {
            #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
        }
    }

    @Test(arguments: valid)
    func accepts(source: String) throws {
        _ = try SyntaxParser.parse(source)
    }

    @Test func comparisonSeesDifferences() throws {
        let pairs = [
            ("a + b", "a - b"), ("a.b", "a?.b"), ("a(b)", "a(b, c)"), ("'x'", "'y'"), ("f(...a)", "f(a)"),
            ("let a", "var a"), ("x = /*#__PURE__*/ f()", "x = f()"), ("a, b", "[a, b]"),
        ]
        for (left, right) in pairs {
            let difference = try SyntaxParser.parse(left).firstDifference(from: SyntaxParser.parse(right))
            #expect(difference != nil, "\(left) vs \(right)")
        }
        #expect(try SyntaxParser.parse("(a)").firstDifference(from: SyntaxParser.parse("a")) == nil)
    }

    @Test func deepNestingFailsInsteadOfOverflowingTheStack() throws {
        let deep = String(repeating: "(", count: 50_000) + "a" + String(repeating: ")", count: 50_000)
        #expect(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse(deep) }
        let blocks = String(repeating: "{", count: 50_000) + String(repeating: "}", count: 50_000)
        #expect(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse(blocks) }
        let fine = String(repeating: "[", count: 500) + "a" + String(repeating: "]", count: 500)
        #expect(try SyntaxParser.parse(fine).references.count == 1)
    }

    /// The deepest nesting the parser accepts does not depend on the innermost operand: a lone name (read by the
    /// parser's fast path) and a member expression (the full descent) are refused from the same depth.
    @Test func deepestAcceptedNestingIsTheSameForEveryOperand() throws {
        func nested(_ levels: Int, _ operand: String) -> String {
            String(repeating: "[", count: levels) + operand + String(repeating: "]", count: levels)
        }
        func parses(_ source: String) -> Bool { (try? SyntaxParser.parse(source)) != nil }
        // The deepest accepted nesting around `a.b` (the full descent, entering as many levels as a lone name would),
        // found by bisection.
        var (accepted, refused) = (1, SyntaxParser.maximumDepth + 1)
        #expect(parses(nested(accepted, "a.b")))
        #expect(!parses(nested(refused, "a.b")))
        while refused - accepted > 1 {
            let middle = (accepted + refused) / 2
            if parses(nested(middle, "a.b")) { accepted = middle } else { refused = middle }
        }
        for operand in ["a", "1", "'s'", "this", "null", "true"] {
            let (atDeepest, deeper) = (parses(nested(accepted, operand)), parses(nested(refused, operand)))
            #expect(atDeepest, "\(operand) at \(accepted) levels")
            #expect(!deeper, "\(operand) at \(refused) levels")
        }
    }
}
