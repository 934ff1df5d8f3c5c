import Testing

@testable import ScriptBundler

/// The shape of the tree: node kinds and fields, source ranges, and the bindings of names.
@Suite struct SyntaxTreeTests {
    /// The kinds of the nodes reached from the root, in pre-order.
    static func kinds(_ tree: SyntaxTree) -> [SyntaxKind] {
        var result: [SyntaxKind] = []
        var stack: [Int32] = [tree.root]
        while let id = stack.popLast() {
            guard id >= 0 else { continue }
            let node = tree[id]
            result.append(node.kind)
            var children: [Int32] = []
            let shape = node.kind.fields
            for (field, value) in [(shape.0, node.a), (shape.1, node.b), (shape.2, node.c), (shape.3, node.d)] {
                if field == .node { children.append(value) }
                if field == .list { children.append(contentsOf: tree.list(value)) }
            }
            stack.append(contentsOf: children.reversed())
        }
        return result
    }

    @Test func optionalChainsAreWrappedWhole() throws {
        let tree = try SyntaxParser.parse("a?.b.c; (a?.b).c;")
        #expect(
            Self.kinds(tree) == [
                .program,
                .expressionStatement, .chainExpression, .memberExpression, .memberExpression, .identifier, .identifierName, .identifierName,
                .expressionStatement, .memberExpression, .chainExpression, .memberExpression, .identifier, .identifierName, .identifierName,
            ])
    }

    @Test func destructuringAssignmentBecomesAPattern() throws {
        let tree = try SyntaxParser.parse("[a, { b = 1, ...c }] = d;")
        #expect(
            Self.kinds(tree) == [
                .program, .expressionStatement, .assignmentExpression, .arrayPattern, .identifier, .objectPattern,
                .property, .identifierName, .assignmentPattern, .identifier, .numberLiteral, .restElement, .identifier, .identifier,
            ])
        #expect(tree.references.filter(\.isWritten).count == 3)
    }

    @Test func precedenceShapesTheTree() throws {
        let tree = try SyntaxParser.parse("a + b * c ** d ** e;")
        let statement = tree[tree.list(tree[tree.root].a).first ?? -1]
        let sum = tree[statement.a]
        #expect(sum.operator == .add)
        let product = tree[sum.b]
        #expect(product.operator == .multiply)
        let power = tree[product.b]
        #expect(power.operator == .exponent)
        #expect(tree[power.b].operator == .exponent)
    }

    /// Every node's range lies in the source and within its parent's; names are their source text.
    @Test(arguments: SyntaxRoundTripTests.snippets)
    func rangesNest(source: String) throws {
        let tree = try SyntaxParser.parse(source)
        var stack: [(Int32, UInt32, UInt32)] = [(tree.root, 0, UInt32(tree.source.count))]
        while let (id, low, high) = stack.popLast() {
            guard id >= 0 else { continue }
            let node = tree[id]
            #expect(node.start <= node.end && node.start >= low && node.end <= high, "\(tree.describe(id)) outside \(low)..<\(high)")
            if node.kind == .identifier || node.kind == .bindingIdentifier || node.kind == .identifierName {
                #expect(tree.text(id) == tree.name(id))
            }
            let shape = node.kind.fields
            for (field, value) in [(shape.0, node.a), (shape.1, node.b), (shape.2, node.c), (shape.3, node.d)] {
                if field == .node { stack.append((value, node.start, node.end)) }
                if field == .list { for child in tree.list(value) { stack.append((child, node.start, node.end)) } }
            }
        }
    }

    @Test func referencesBindToTheNearestDeclaration() throws {
        let source = "let a = 1; { let a = 2; f(a); } g(a); function h(a = a) { var b; return b; }"
        let tree = try SyntaxParser.parse(source)
        func offset(of text: String) -> Int {
            source.utf8.count - (source.range(of: text).map { source[$0.lowerBound...].utf8.count } ?? 0)
        }
        // The reference of each `a`/`b` in source order, as (symbol's declaring offset) or -1 when free.
        let bound: [(String, Int)] = tree.references.map { reference in
            let symbol = reference.symbol
            let declaredAt = symbol >= 0 ? Int(tree[tree.symbols[Int(symbol)].node].start) : -1
            return (tree.name(reference.node), declaredAt)
        }
        // The inner `a`, the outer one, the parameter (its default reads itself), the `var`.
        let expected: [(String, Int)] = [
            ("f", -1), ("a", offset(of: "a = 2")), ("g", -1), ("a", offset(of: "a = 1")),
            ("a", offset(of: "a = a")), ("b", offset(of: "b;")),
        ]
        #expect(bound.map(\.0) == expected.map(\.0))
        #expect(bound.map(\.1) == expected.map(\.1))
        #expect(tree.freeNames == ["f", "g"])
    }

    @Test func evalMakesScopesUnsafe() throws {
        let tree = try SyntaxParser.parse("function f() { eval('x'); } function g() { let eval = h; eval(1); }")
        let unsafe = tree.scopes.enumerated().filter { $0.element.isUnsafe }.map { tree[$0.element.node].kind }
        #expect(unsafe == [.program, .functionDeclaration])
    }

    @Test func moduleDeclarations() throws {
        let tree = try SyntaxParser.parse("import a, { b as c } from 'm'; export { c as d }; export default a;")
        let statements = Array(tree.list(tree[tree.root].a))
        #expect(statements.map { tree[$0].kind } == [.importDeclaration, .exportNamedDeclaration, .exportDefaultDeclaration])
        let specifiers = tree.list(tree[statements[0]].a).map { tree[$0] }
        #expect(specifiers.map(\.op) == [SyntaxImportKind.default.rawValue, SyntaxImportKind.named.rawValue])
        #expect(tree.symbols.map { tree.names[Int($0.name)] } == ["a", "c"])
        #expect(tree.symbols.map(\.kind) == [.import, .import])
        // `export { c as d }` reads the import's symbol.
        #expect(tree.references.map(\.symbol) == [1, 0])
    }
}
