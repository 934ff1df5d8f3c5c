import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `StaticProgramReader`: the statements and expressions it keeps, and what it describes as unsupported.
@Suite struct StaticProgramReaderTests {
    @Test func readsDeclarationsAssignmentsAndExports() throws {
        let statements = try StaticProgramReader.read(
            """
            const glob = require("glob");
            const { A, b: c } = require("./x.js")
            let n = 1, s = 'a' + `b`
            module.exports.X = [1, ...y, "z"];
            export default { k: new W.P(/re/, (r) => r), "q": f(g).h };
            export { A as B, c };
            for (const x of y) { z(x) }
            run()
            """)
        #expect(statements.count == 9)
        guard statements.count == 9 else { return }
        #expect(
            statements[0].kind
                == .declaration(
                    binding: .name("glob"),
                    value: StaticExpression(
                        .call(
                            StaticExpression(.identifier("require"), line: 1, column: 14),
                            [StaticExpression(.string("glob"), line: 1, column: 22)]),
                        line: 1, column: 14), isExported: false))
        #expect(
            statements[1].kind
                == .declaration(binding: .properties([("A", "A"), ("b", "c")]), value: statements[1].declaredValue, isExported: false))
        #expect(statements[2].declaredValue?.value == .number("1"))
        if case .concatenation(let left, let right) = statements[3].declaredValue?.value {
            #expect(left.stringValue == "a" && right.stringValue == "b")
        } else {
            Issue.record("expected a concatenation, got \(String(describing: statements[3].kind))")
        }
        guard case .assignment(let target, let array) = statements[4].kind, case .array(let elements) = array.value else {
            Issue.record("expected an assignment of an array")
            return
        }
        #expect(target == ["module", "exports", "X"])
        #expect(elements.map(\.description) == ["the number 1", "a spread ('...')", "a string"])
        guard case .exportDefault(let object) = statements[5].kind else {
            Issue.record("expected export default")
            return
        }
        #expect(object.property("k")?.value.description == "'new W.P'")
        if case .new(_, let arguments) = object.property("k")?.value.value {
            #expect(arguments.map(\.description) == ["a regular expression", "a function"])
        }
        #expect(object.property("q")?.value.memberPath == nil)
        #expect(object.property("q")?.value.description == "a member expression")
        #expect(
            statements[6].kind
                == .exportNames([
                    .init(local: "A", exported: "B", line: 6, column: 10), .init(local: "c", exported: "c", line: 6, column: 18),
                ]))
        #expect(statements[7].kind == .other("a 'for' loop"))
        #expect(
            statements[8].kind
                == .expression(
                    StaticExpression(
                        .call(StaticExpression(.identifier("run"), line: 8, column: 1), []), line: 8, column: 1)))
    }

    @Test(arguments: [
        ("a || b", "an expression with '||'"),
        ("c ? d : e", "an expression with '?'"),
        ("`x${y}`", "a template literal with substitutions"),
        ("o?.p", "optional chaining ('?.')"),
        ("o[k]", "a computed member access"),
        ("typeof x", "'typeof'"),
        ("class {}", "a class"),
        ("async () => 1", "a function"),
        ("function () { return 1 }", "a function"),
    ])
    func describesWhatItDoesNotFollow(source: String, description: String) throws {
        let statements = try StaticProgramReader.read("const v = " + source + ";\nconst after = 1;")
        #expect(statements.first?.declaredValue?.description == description)
        // The statement after it is still read.
        #expect(
            statements.last?.kind
                == .declaration(binding: .name("after"), value: StaticExpression(.number("1"), line: 2, column: 15), isExported: false))
    }

    @Test func objectPropertiesKeepTheirKindsAndLocations() throws {
        let statements = try StaticProgramReader.read(
            "x = 0; const o = {\n  a: 'x',\n  'b.c': 2,\n  [k]: 3,\n  ...s,\n  d,\n  m() {},\n  get g() { return 1 },\n};")
        guard case .object(let properties) = statements.last?.declaredValue?.value else {
            Issue.record("expected an object literal")
            return
        }
        #expect(properties.map(\.key) == [.name("a"), .name("b.c"), .computed, .spread, .name("d"), .name("m"), .unsupported("'get'")])
        #expect(properties.map(\.line) == [2, 3, 4, 5, 6, 7, 8])
        #expect(properties.map(\.column) == [3, 3, 3, 3, 3, 3, 3])
        #expect(properties[4].isShorthand && !properties[0].isShorthand)
        #expect(properties[5].value.value == .function)
    }

    /// What the syntax tree tells that a token walk guessed: a sequence of assignments is read as one statement each,
    /// a postfix update is not its operand, a call of a function expression is a call, re-exports are named so.
    @Test func readsWhatTheTreeSays() throws {
        let statements = try StaticProgramReader.read(
            """
            module.exports = a, module.exports.b = "c";
            const n = i++, f = (function () {})();
            export * from "x";
            label: for (;;) break label
            """)
        #expect(statements.count == 6)
        guard statements.count == 6 else { return }
        #expect(
            statements[0].kind
                == .assignment(target: ["module", "exports"], value: StaticExpression(.identifier("a"), line: 1, column: 18)))
        #expect(
            statements[1].kind
                == .assignment(target: ["module", "exports", "b"], value: StaticExpression(.string("c"), line: 1, column: 40)))
        #expect((statements[1].line, statements[1].column) == (1, 21))
        #expect(statements[2].declaredValue?.description == "an expression with '++'")
        #expect(statements[3].declaredValue?.description == "a call")
        #expect(statements[4].kind == .other("an 'export ... from' statement"))
        #expect(statements[5].kind == .other("a labeled statement"))
    }

    /// `new a.b.C()`: the callee's member chain is located at `new`, as the whole callee.
    @Test func newLocatesItsCalleeAtNew() throws {
        let value = try #require(try StaticProgramReader.read("const v = [\n  new a.B(1)]").first?.declaredValue)
        guard case .array(let elements) = value.value, case .new(let callee, _) = elements.first?.value else {
            Issue.record("expected an array holding a 'new' expression")
            return
        }
        #expect((callee.line, callee.column) == (2, 3))
        #expect(callee.memberPath == ["a", "B"])
    }

    @Test func reportsSyntaxErrorsLocated() {
        #expect(throws: JavaScriptSyntaxError.self) { try StaticProgramReader.read("const a = {;") }
        do {
            _ = try StaticProgramReader.read("const a = 1;\nconst b = 'unterminated;")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.line == 2)
        }
    }

    /// Deep nesting is bounded: the reader answers without exhausting its stack.
    @Test func deepNestingIsUnsupportedNotACrash() throws {
        let depth = 600
        let source = "const v = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ";"
        let statements = try StaticProgramReader.read(source)
        #expect(statements.count == 1)
    }
}

extension StaticStatement {
    /// The value of a declaration statement.
    var declaredValue: StaticExpression? {
        if case .declaration(_, let value, _) = kind { return value }
        return nil
    }
}
