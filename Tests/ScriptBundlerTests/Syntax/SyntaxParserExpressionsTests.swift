import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The expressions that start with a name or `this`, which `parseAssignment` reads as a left-hand side first: every
/// operator that can follow one still applies to it, and a terminator ends it.
@Suite struct SyntaxParserExpressionsTests {
    /// The kind of the first statement's expression in `source`.
    private func firstExpressionKind(_ source: String) throws -> SyntaxKind {
        let tree = try SyntaxParser.parse(source)
        let statement = tree[try #require(tree.list(tree[tree.root].a).first)]
        #expect(statement.kind == .expressionStatement)
        return tree[statement.a].kind
    }

    @Test(arguments: [
        ("a.b(c);", SyntaxKind.callExpression),
        ("this.x[y];", .memberExpression),
        ("a.b\n", .memberExpression),
        ("a.b++;", .updateExpression),
        ("a.b = c;", .assignmentExpression),
        ("a += 1;", .assignmentExpression),
        ("a.b + c * d;", .binaryExpression),
        ("a && b;", .logicalExpression),
        ("this.x in y;", .binaryExpression),
        ("a instanceof B;", .binaryExpression),
        ("a ? b : c;", .conditionalExpression),
        ("a.b, c;", .sequenceExpression),
        ("a?.b;", .chainExpression),
        ("a`t`;", .taggedTemplate),
        ("a\n++b;", .identifier),
    ])
    func nameStartedExpression(source: String, kind: SyntaxKind) throws {
        #expect(try firstExpressionKind(source) == kind)
    }

    @Test func operandsKeepTheirStructure() throws {
        // Printed back from the tree: the parentheses follow the tree's structure, not the source's.
        let tree = try SyntaxParser.parse("x = a.b + c * d ? e : f;\ng(h.i, this.j.k(l), m = n);\no.p++ - q;\n")
        #expect(SyntaxPrinter.print(tree) == "x = a.b + c * d ? e : f;\ng(h.i, this.j.k(l), m = n);\no.p++ - q;\n")
    }

    @Test func writtenNamesAndErrorsAsBefore() throws {
        // A name assigned directly is written; one read by a member access is not.
        let tree = try SyntaxParser.parse("var a, b; a = 1; b.c = 2;")
        #expect(tree.references.filter(\.isWritten).map { tree.name($0.node) } == ["a"])
        #expect(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse("a.b() = 1;") }
        #expect(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse("a.b() ++;") }
    }

    /// Operands of prefix and binary operators read as lone operands (step 5i) when what follows cannot continue them:
    /// the same structure, facts and errors as the full descent.
    @Test func loneOperandsOfUnaryAndBinaryOperators() throws {
        let source = """
            x = !a && b, y = !0, z = void 0;
            typeof a === "b" || -1 < c;
            a + b * c - d / e % f;
            g = a ** b ** c, h = (-a) ** 2;
            i = a < b ? c : d;
            ++a, --b, !a.b, -a[0], !f(), ~this.x, typeof a`t`;
            j = a - b in c, k = a instanceof B;
            l = a ?? b, m = (a || b) ?? c;
            n = !this, o = -null, p = +true, q = !"s";
            r = a + b
            ++c;

            """
        let tree = try SyntaxParser.parse(source)
        #expect(
            SyntaxPrinter.print(tree)
                == "x = !a && b, y = !0, z = void 0;\ntypeof a === \"b\" || -1 < c;\na + b * c - d / e % f;\n"
                + "g = a ** b ** c, h = (-a) ** 2;\ni = a < b ? c : d;\n"
                + "++a, --b, !a.b, -a[0], !f(), ~this.x, typeof a`t`;\nj = a - b in c, k = a instanceof B;\n"
                + "l = a ?? b, m = (a || b) ?? c;\nn = !this, o = -null, p = +true, q = !\"s\";\nr = a + b;\n++c;\n")
        // `++a` and `--b` write their names.
        #expect(
            tree.references.filter(\.isWritten).map { tree.name($0.node) }.sorted()
                == ["a", "b", "c", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "x", "y", "z"].sorted())
        for bad in ["-a ** 2;", "a ?? b || c;", "a || b ?? c;", "!a = 1;", "++a.b();", "a + !b++ = c;", "typeof a => b;"] {
            #expect(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse(bad) }
        }
    }
}
