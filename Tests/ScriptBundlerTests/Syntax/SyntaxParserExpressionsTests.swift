import Testing

@testable import ScriptBundler

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
}
