import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The top-level declarations the parse records for tree shaking (`SyntaxTopLevelDeclaration`): which statements,
/// their exact token extent (automatic semicolon insertion and nesting included), and the reads their purity
/// depends on.
@Suite struct SyntaxTopLevelDeclarationsTests {
    /// The recorded statements of `source`: each one's text, its name, and the names of its reads.
    struct Found: Equatable, CustomStringConvertible {
        var text: String
        var name: String
        var kind: SyntaxTopLevelDeclaration.Kind
        var pureReads: [String] = []
        var freeReads: [String] = []
        var baseClass: String? = nil

        var description: String { "\(kind) \(name) reads \(pureReads) free \(freeReads) base \(baseClass ?? "-"): \(text)" }
    }

    static func found(_ source: String) throws -> [Found] {
        let bytes = Array(source.utf8)
        let analysis = try JavaScriptParser.analyze(
            bytes, tokenization: try JavaScriptTokenizer.tokenize(bytes), findingTopLevelDeclarations: true)
        let tokens = analysis.tokens
        func text(_ token: Int32) -> String {
            let token = tokens[Int(token)]
            return String(decoding: bytes[token.start..<token.end], as: UTF8.self)
        }
        return try #require(analysis.topLevelDeclarations).map { declaration in
            let first = tokens[Int(declaration.range.lowerBound)], last = tokens[Int(declaration.range.upperBound) - 1]
            return Found(
                text: String(decoding: bytes[first.start..<last.end], as: UTF8.self), name: text(declaration.nameToken),
                kind: declaration.kind, pureReads: declaration.pureReads.map(text), freeReads: declaration.freeReads.map(text),
                baseClass: declaration.baseClass >= 0 ? text(declaration.baseClass) : nil)
        }
    }

    /// One statement of `source` (and nothing else around it) is recorded as `expected`, or none when `nil`.
    @Test(
        arguments: [
            // Functions, with `export`, `async` and `*`; `export default` is not one.
            ("function f(a) { return [a]; }", Found(text: "function f(a) { return [a]; }", name: "f", kind: .function)),
            ("export async function* f() {}", Found(text: "export async function* f() {}", name: "f", kind: .function)),
            ("export default function f() {}", nil),
            // Literals, with the `;` when written, and the reads they depend on.
            ("export const a = 1;", Found(text: "export const a = 1;", name: "a", kind: .lexical)),
            (
                "let a = { k: [x, -1, \"s\", `t`, null, true], [y]: 2 - 1, z }",
                Found(
                    text: "let a = { k: [x, -1, \"s\", `t`, null, true], [y]: 2 - 1, z }", name: "a", kind: .lexical,
                    pureReads: ["x", "y", "z"])
            ),
            ("const a = 1, b = 2;", nil),
            ("const { a } = b;", nil),
            ("let a;", nil),
            ("var a = 1;", nil),
            ("const a = (1);", nil),
            ("const a = `t${x}`;", nil),
            ("const a = /re/;", nil),
            ("const a = x.y;", nil),
            ("const a = x - y;", nil),
            ("const a = { m() {} };", nil),
            ("const a = { ...b };", nil),
            // A member read may run a getter or throw: not a literal (the token scan took `x[0]` for one).
            ("const a = x[0];", nil),
            ("const a = [1][0];", nil),
            // A tagged template calls its tag (the token scan took `1`\`\`` for a literal).
            ("const a = 1``;", nil),
            // Arrow functions, whatever their body; nested block bodies and line breaks included.
            ("const f = () => () => { return 1; }", Found(text: "const f = () => () => { return 1; }", name: "f", kind: .lexical)),
            ("export const f = async (x) => await x;", Found(text: "export const f = async (x) => await x;", name: "f", kind: .lexical)),
            ("const f = x =>\n  x\n    .map(y => y);", Found(text: "const f = x =>\n  x\n    .map(y => y);", name: "f", kind: .lexical)),
            ("const f = (() => 1);", nil),
            // Pure-annotated calls of literals, through a chain of property names.
            (
                "const a = /* @__PURE__ */ React.create.call(x, 1);",
                Found(text: "const a = /* @__PURE__ */ React.create.call(x, 1);", name: "a", kind: .lexical, pureReads: ["x"])
            ),
            (
                "const a = /*#__PURE__*/ new Map([[1, 2]]);",
                Found(text: "const a = /*#__PURE__*/ new Map([[1, 2]]);", name: "a", kind: .lexical)
            ),
            ("const a = f();", nil),
            ("const a = /*#__PURE__*/ f(g());", nil),
            ("const a = /*#__PURE__*/ f()();", nil),
            ("const a = /*#__PURE__*/ f?.();", nil),
            ("const a = /*#__PURE__*/ new X;", nil),
            ("const a = /*#__PURE__*/ x[k]();", nil),
            // Classes: static parts only matter; computed keys must be well-known symbols.
            (
                "export class A extends B { static x = 1; static f = () => 2; [Symbol.iterator]() {} y = g(); z = [1] }",
                Found(
                    text: "export class A extends B { static x = 1; static f = () => 2; [Symbol.iterator]() {} y = g(); z = [1] }",
                    name: "A",
                    kind: .class, freeReads: ["Symbol"], baseClass: "B")
            ),
            ("class A { static x = 1\n static y = 2 }", Found(text: "class A { static x = 1\n static y = 2 }", name: "A", kind: .class)),
            ("class A { m() { return 1; } }", Found(text: "class A { m() { return 1; } }", name: "A", kind: .class)),
            (
                "export class A { static x = 1; static y = [1, \"s\"]; }",
                Found(text: "export class A { static x = 1; static y = [1, \"s\"]; }", name: "A", kind: .class)
            ),
            (
                "class A { static m() {} static get g() { return 1; } }",
                Found(text: "class A { static m() {} static get g() { return 1; } }", name: "A", kind: .class)
            ),
            ("class A { x = [1]; }", Found(text: "class A { x = [1]; }", name: "A", kind: .class)),
            ("class A { static x = f(); }", nil),
            ("class A { static { } }", nil),
            ("class A { [k]() {} }", nil),
            ("class A { static [Symbol.x.y] = 1 }", nil),
            ("class A extends B.C {}", nil),
            ("class A extends (B) {}", nil),
            ("export default class A {}", nil),
        ] as [(String, Found?)])
    func statements(source: String, expected: Found?) throws {
        let found = try Self.found(source)
        #expect(found == (expected.map { [$0] } ?? []), "\(source)")
    }

    /// Each statement ends where the parser ends it (automatic semicolon insertion after a line break included,
    /// a `;` starting the next line taken as the statement's own), and the statements that are not recorded do not shift the others.
    @Test func statementExtentsFollowTheParse() throws {
        let source = """
            export let side = 0
            const unusedArrow = (x) => x * 2
            side += 1
            const unusedLiteral = "literal"
            ;[side] = [side + 10]
            const blockArrow = () => { return 1; }
            (function () {})()
            const counter = 1
            ++side
            const frozen = Object.freeze({ keep: 1 });
            function last() {}
            """
        let found = try Self.found(source)
        #expect(
            found.map(\.text) == [
                "export let side = 0", "const unusedArrow = (x) => x * 2", "const unusedLiteral = \"literal\"\n;",
                "const blockArrow = () => { return 1; }", "const counter = 1", "function last() {}",
            ])
        #expect(found.map(\.name) == ["side", "unusedArrow", "unusedLiteral", "blockArrow", "counter", "last"])
    }

    /// Only top-level statements are recorded, not those nested in blocks or functions.
    @Test func onlyTopLevelStatements() throws {
        let found = try Self.found("{ const a = 1; }\nfunction f() { const b = 2; function g() {} }\nif (x) { class C {} }")
        #expect(found.map(\.name) == ["f"])
    }
}
