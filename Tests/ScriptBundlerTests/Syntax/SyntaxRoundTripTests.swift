import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Parse → print → parse gives the same tree (ranges aside), readable and minified, over snippets of every
/// syntax feature the target table knows.
@Suite struct SyntaxRoundTripTests {
    static let snippets: [String] = [
        "var a = 1, b; let [c, , ...d] = e; const { f, g: h = 2, [i]: j, ...k } = l;",
        "function f(a, b = 1, ...c) { return a + b * c ** 2 ** d; }",
        "async function* g() { yield 1; yield* h(); await i; for await (const x of y) {} }",
        "class A extends B { #x = 1; static y; static { this.z = 2; } constructor() { super(); } get v() { return this.#x; } set v(w) {} static async *m() {} #p() { return #x in this; } }",
        "a?.b?.[c]?.(d); (a?.b).c; a ?? b; (a || b) ?? c; a ||= b; a &&= c; a ??= d;",
        "x = `a${b}c${`d${e}`}f`; tag`x${y}`; /re/g.test(s); 1n; 0x1_000;",
        "import a, { b as c, \"d e\" as f } from \"m\"; import * as ns from \"n\"; import \"side\"; import j from \"./x.json\" with { type: \"json\" };",
        "export { a, c as default, f as \"g h\" }; export * from \"m\"; export * as q from \"n\"; export { r } from \"s\";",
        "export default function () {} ",
        "export default class {}",
        "export default (function () {});",
        "export default (a = 1, 2);",
        "export const k = 1; export function l() {} export class M {}",
        "label: for (;;) { break label; continue label; }",
        "if (a) if (b) c(); else d(); else e();",
        "if (a) { if (b) c(); } else d();",
        "switch (a) { case 1: b(); break; default: c(); }",
        "try { a(); } catch { b(); } finally { c(); } try {} catch ({ message }) {}",
        "do a(); while (b); while (c) d(); with (e) f();",
        "for (var i = 0, n = a.length; i < n; i++) {} for (const k in o) {} for (x of y) {} for ([a, b] of c) {}",
        "for (var x = (a in b); ;) {} for (let i = 0, j = (\"x\" in o) ? 1 : 2; ;) {}",
        "({ a, b: c, [d]: e, f() {}, get g() { return 1; }, set g(v) {}, async h() {}, *i() {}, async *j() {}, ...k, 'l': 1, 2: 3 });",
        "({ a, b } = c); [a, b = 1, ...c] = d; ({ a = 1, b: { c } } = e);",
        "new a.b(); new (a())(); new (a.b()); new a; new new a()(); (new a).b; new a().b;",
        "(function () {})(); (() => {})(); (async () => { await 1; })(); a = async (b) => b; c = async d => d;",
        "x = () => ({}); y = () => ({}).a; z = (a, b) => { return a; };",
        "-(-a); +(+a); - --a; + ++a; a - -b; a + +b; a-- - b; typeof typeof a; void 0; delete a[b];",
        "(-a) ** b; (a ** b) ** c; a ** -b; (await a) ** 2;",
        "a = b ? c : d ? e : f; (a ? b : c) ? d : e; a = (b, c); f((a, b)); x = (y = z);",
        "import.meta.url; async function n() { return new.target; } import('x').then(); import('y', { with: { type: 'json' } });",
        "/*! legal */\nvar x = /*#__PURE__*/ f(); var y = /* @__PURE__ */ new G(); var z = (/*#__PURE__*/ a()).b;",
        "a\n++b\nc\n(d)",
        "let async = 1; async\nfunction f() {}",
        "var let_ = 1; x = { if: 1, class: 2 }.if; a.if.class.new; a?.default;",
        "(function* () { yield\na; })",
        "1..toString(); (1).toString(); 1.5.toFixed(); a[1]; 'use strict';",
        "x = a in b; for (x in y); for (var z in (a in b)) ;",
        "class C { static async = 1; get = 2; set; static; 'quoted'() {} [computed] = 3; 42() {} }",
        "({ get: 1, set: 2, async: 3, static: 4 }); ({ get() {}, set() {}, async() {}, await: 1 });",
        "x = function f() { return f; }; y = class Y { m() { return Y; } };",
        "a = [, , 1, , ]; b = [,]; c = [1, , ];",
        "`a\\`b${c}\\${d}`; String.raw`\\u`;",
        "a = b => c => d; e = (f = 1, { g } = {}, [h] = []) => f;",
        "outer: { inner: while (1) { break outer; } }",
        "if (a) function f() {}",
        "for (let in x); for ((let)[a] in x); for ((let).b of x); for ((async) of x); (let)[0] = 1;",
        // A function or class expression's `}` before `/` (the printer drops the parentheses around `(function(){})`).
        "x = (function () { g(); } / a); y = (function () {}) / b; (function () {}) / c; new function () {} / d;",
        "x = (async function () {}) / a; y = (class A {}) / b; z = (class extends B {}) / c; f(function () {} / 2);",
        "function f() {}\n/re/.test(s); class K {}\n/re/.test(s); export default function () {}\n/re/.test(s);",
    ]

    @Test(arguments: snippets)
    func snippetRoundTrips(source: String) throws {
        let tree = try SyntaxParser.parse(source)
        for style in [SyntaxPrinter.Style.readable, .minified] {
            let printed = SyntaxPrinter.print(tree, style: style)
            let reparsed: SyntaxTree
            do {
                reparsed = try SyntaxParser.parse(printed)
            } catch {
                Issue.record("\(style) output does not parse: \(error.line):\(error.column): \(error.message)\n\(printed)")
                continue
            }
            let difference = tree.firstDifference(from: reparsed)
            #expect(difference == nil, "\(style): \(difference ?? "")\n\(printed)")
        }
    }
}

/// Comments the printer keeps: legal comments before their statement (nested ones too), the hashbang, and
/// `/*#__PURE__*/` annotations as flags of their calls.
@Suite struct SyntaxCommentTests {
    @Test func legalCommentsStayBeforeTheirStatements() throws {
        let source = "#!/usr/bin/env node\n/*! outer */\nfunction f() {\n  //! inner\n  g();\n}\n/* dropped */ h();\n/** @license MIT */\n"
        let tree = try SyntaxParser.parse(source)
        #expect(tree.legalComments.count == 4)
        for style in [SyntaxPrinter.Style.readable, .minified] {
            let printed = SyntaxPrinter.print(tree, style: style)
            let positions = ["#!/usr/bin/env node", "/*! outer */", "function", "//! inner", "g()", "h()", "/** @license MIT */"]
                .map { printed.range(of: $0)?.lowerBound }
            #expect(!positions.contains(nil), "\(printed)")
            let found = positions.compactMap { $0 }
            #expect(found == found.sorted(), "\(printed)")
            #expect(!printed.contains("dropped"))
            #expect(SyntaxPrinter.print(try SyntaxParser.parse(printed), style: style) == printed)
        }
    }

    @Test func pureAnnotationsFlagTheirCalls() throws {
        let tree = try SyntaxParser.parse("var a = /*#__PURE__*/ f(), b = /* @__PURE__ */ new G(), c = g(), d = /*#__PURE__*/ h()();")
        let pure = tree.nodes.filter { $0.flags.contains(.pure) }
        #expect(pure.count == 3)
        #expect(SyntaxPrinter.print(tree, style: .minified).components(separatedBy: "@__PURE__").count == 4)
    }

    @Test func parenthesizedStringsStayStatements() throws {
        let tree = try SyntaxParser.parse("(\"use strict\"); { function f() {} function f() {} }")
        let printed = SyntaxPrinter.print(tree, style: .minified)
        #expect(printed.hasPrefix("(\"use strict\");"))
        _ = try SyntaxParser.parse(printed)
    }
}

/// Random token soup (seeded): whatever the parser accepts round-trips, and nothing traps.
@Suite struct SyntaxTokenSoupTests {
    @Test func acceptedSoupRoundTrips() {
        var generator = SeededGenerator(seed: 0x7EE5)
        let pieces = [
            "a", "b", "(", ")", "{", "}", "[", "]", "=>", "async", "function", "class", "let", "var", "const",
            "import", "export", "default", ",", ";", "=", "?", ":", ".", "?.", "...", "`x${", "}`", "`t`", "yield",
            "await", "new", "1", "'s'", "\n", "+", "-", "++", "--", "!", "in", "of", "for", "if", "else", "return",
            "*", "**", "??", "||", "&&", "/r/g", "typeof", "this", "super", "static", "get", "#p", "extends", "x:",
            "while", "do", "switch", "case", "try", "catch", "finally", "throw", "delete", "void", "+=", "??=",
        ]
        let count = 40_000
        var accepted = 0
        var failures: [String] = []
        for _ in 0..<count {
            var source = ""
            for _ in 0..<Int.random(in: 1...14, using: &generator) { source += (pieces.randomElement(using: &generator) ?? "") + " " }
            guard let tree = try? SyntaxParser.parse(source) else { continue }
            accepted += 1
            for style in [SyntaxPrinter.Style.readable, .minified] {
                let printed = SyntaxPrinter.print(tree, style: style)
                do {
                    let reparsed = try SyntaxParser.parse(printed)
                    if let difference = tree.firstDifference(from: reparsed) { failures.append("\(source) → \(printed): \(difference)") }
                } catch {
                    failures.append("\(source) → \(printed): \(error.message)")
                }
            }
        }
        #expect(accepted > 100, "accepted \(accepted) of \(count)")
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(8).joined(separator: "\n"))")
    }

    /// A chain of binary operators parses without nesting (the parser loops) but prints one level an operator:
    /// printing runs on a large-stack thread, as parsing does (FuzzSyntaxTree found the printer overflowing the
    /// caller's stack on a chain of about 550 `|`). Ten thousand operators overflow a test thread's stack when
    /// printed on it.
    @Test func longOperatorChainsPrintOnALargeStack() throws {
        // As long as the parser accepts (`SyntaxParser.maximumTreeHeight`: 10,000 in a debug build).
        let source = "x = q" + String(repeating: " | q", count: min(10_000, SyntaxParser.maximumTreeHeight - 10)) + ";"
        let tree = try SyntaxParser.parse(Array(source.utf8))
        #expect(SyntaxPrinter.print(tree, style: .readable) == source + "\n")
        let minified = SyntaxPrinter.print(tree, style: .minified)
        #expect(minified.hasPrefix("x=q|q|q") && minified.count < source.count * 3 / 5)
        #expect(try SyntaxParser.parse(Array(minified.utf8)).firstDifference(from: tree) == nil)
        let (code, mappings) = SyntaxPrinter.printWithMappings(tree, style: .minified)
        #expect(code == minified)
        #expect(mappings.count > 9_000)
    }
}
