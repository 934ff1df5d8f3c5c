import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

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

    /// Names of every length around the parser's name caches (up to 8 bytes, 9 to 16, longer; near the end of the
    /// source, where a 16-byte read would pass it; with an escape) are interned once each: every use of a name has the
    /// same name ID, each distinct name its own, and every reference binds to its own name's declaration.
    @Test func namesOfEveryLengthInternOnce() throws {
        var names: [String] = []
        for length in 1...20 {
            for variant in 0..<40 {
                let letters = Array("abcdefghijklmnopqrstuvwxyz")
                var name = "\(letters[variant % 26])\(letters[(variant / 26 + length) % 26])"
                while name.count < length { name += "_\(letters[(name.count * 7 + variant) % 26])" }
                names.append(String(name.prefix(length)))
            }
        }
        names = Array(Set(names)).filter { $0 != "f" }.sorted()
        var source = names.map { "var \($0) = 1;" }.joined(separator: "\n")
        source += "\n" + names.reversed().map { "f(\($0));" }.joined() + "\nvar \\u0061bcdefghijkl = abcdefghijkl;"
        source += "\n" + names.filter { $0.count > 8 }.map { "\($0) + 1;" }.joined(separator: " ")
        let tree = try SyntaxParser.parse(source)
        #expect(Set(tree.names).count == tree.names.count)
        #expect(tree.symbols.count == names.count + 1)
        var read = 0
        for reference in tree.references where tree.name(reference.node) != "f" {
            read += 1
            let symbol = reference.symbol
            #expect(symbol >= 0, "\(tree.name(reference.node)) unbound")
            guard symbol >= 0 else { continue }
            #expect(tree.symbols[Int(symbol)].name == tree[reference.node].a)
            #expect(tree.names[Int(tree[reference.node].a)] == tree.text(reference.node))
        }
        #expect(read == names.count + 1 + names.filter { $0.count > 8 }.count)
    }

    /// Lists longer than the parser's first stack of children, and lists nested in them, keep every child in order.
    @Test func longAndNestedListsKeepTheirChildren() throws {
        let inner = (0..<300).map { "[\($0), x\($0 % 7), [\($0)]]" }.joined(separator: ", ")
        let tree = try SyntaxParser.parse("f(\(inner), g(\((0..<600).map(String.init).joined(separator: ","))));")
        let statement = tree[tree.list(tree[tree.root].a).first ?? -1]
        let arguments = Array(tree.list(tree[statement.a].b))
        #expect(arguments.count == 301)
        for (index, argument) in arguments.dropLast().enumerated() {
            let elements = Array(tree.list(tree[argument].a))
            #expect(elements.map { tree[$0].kind } == [.numberLiteral, .identifier, .arrayExpression])
            #expect(elements.first.map(tree.text) == "\(index)")
            #expect(elements.last.map { tree.list(tree[$0].a).map(tree.text) } == ["\(index)"])
        }
        let last = arguments.last.map { tree.list(tree[$0].b).map(tree.text) }
        #expect(last == (0..<600).map(String.init))
    }

    /// More nodes, scopes, symbols and references than the parser's first room for them (its own storage, sized by
    /// the token count, grows): every one is kept in order, bound as before, and the facts beside them have as many.
    @Test func moreNodesScopesSymbolsAndReferencesThanFirstRoom() throws {
        let names = (0..<300).map { "v\($0)" }
        let source =
            "var \(names.joined(separator: ", "));\n"  // a symbol every two tokens
            + "(\(names.joined(separator: ", ")));\n"  // a reference every two tokens
            + "({\(names.joined(separator: ", "))});\n"  // three nodes every two tokens
            + names.map { "p\($0.dropFirst()) => " }.joined() + "0;\n"  // a scope and a symbol every two tokens
            + "f" + String(repeating: "`x`", count: 4000) + ";\n"  // two nodes a token
            + "[" + String(repeating: ",", count: 300) + "];\n"  // a list's child a token
        let bytes = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenizeForParsing(bytes, includeComments: true)
        let (tree, facts, tokens) = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization)
        #expect(tree.symbols.count == 600)
        #expect(tree.scopes.count == 301)
        #expect(tree.references.count == 601)  // and `f`, free
        // More than the arrays' first room (see `SyntaxParser.parsed`): the buffers moved to memory of their own.
        #expect(tree.nodes.count > tokens.count * 3 / 2 + 16)
        #expect(tree.lists.count > tokens.count / 2 + 16)
        #expect(facts.symbolTokens.count == tree.symbols.count)
        #expect(facts.symbolShorthands.count == tree.symbols.count)
        #expect(facts.scopeFirstTokens.count == tree.scopes.count)
        #expect(facts.scopeFlags.count == tree.scopes.count)
        #expect(facts.references.count == tree.references.count)
        for (index, reference) in tree.references.prefix(600).enumerated() {
            #expect(tree.name(reference.node) == names[index % 300])
            #expect(reference.symbol == Int32(index % 300))
            #expect(tokens[Int(facts.references[index].token)].start == Int(tree[reference.node].start))
        }
        for (index, symbol) in tree.symbols.enumerated() {
            #expect(tree.names[Int(symbol.name)] == (index < 300 ? names[index] : "p\(index - 300)"))
            #expect(symbol.scope == (index < 300 ? 0 : Int32(index - 299)))
            #expect(tokens[Int(facts.symbolTokens[index])].start == Int(tree[symbol.node].start))
        }
        for scope in 1...300 { #expect(tree.scopes[scope].parent == Int32(scope - 1)) }
        let statements = Array(tree.list(tree[tree.root].a))
        let object = tree[tree[statements[2]].a]
        let properties = Array(tree.list(object.a))
        #expect(properties.count == 300)
        #expect(properties.allSatisfy { tree[$0].kind == .property && tree[$0].flags.contains(.shorthand) })
        let elisions = tree[tree[statements[5]].a]
        #expect(tree.list(elisions.a).count == 300)
        #expect(tree.list(elisions.a).allSatisfy { tree[$0].kind == .elision })
        let reparsed = try SyntaxParser.parse(source)
        #expect(reparsed.nodes == tree.nodes)
        #expect(reparsed.lists == tree.lists)
    }

    /// `super.x` only inside methods, class field initializers and static blocks (and arrow functions inside them),
    /// `super()` only in a derived class's constructor, as node's parser decides for each of these (checked with
    /// `new Function(source)`).
    @Test func superIsOnlyValidInMethodsAndDerivedConstructors() throws {
        let valid = [
            "class A extends B { constructor() { super(); super.x; } }",
            "class A extends B { constructor(a = super.x) { const f = () => super(); f(); } }",
            "class A extends B { 'constructor'() { super(); } }",
            "class A { m() { return super.m(); } static s() { return super['k']; } get g() { return super.g; } }",
            "class A { x = super.y; static z = () => super.w; static { super.v; } }",
            "const o = { m() { return super.x; }, get g() { return () => super.g; } };",
            "class A extends B { [f()]() {} m() { class C extends D { constructor() { super(); } } } }",
        ]
        for source in valid { _ = try SyntaxParser.parse(source) }
        let invalid = [
            "super.x;", "super();", "function f() { super.x; }", "class A { constructor() { super(); } }",
            "class A extends B { m() { super(); } }", "class A extends B { static constructor() { super(); } }",
            "class A extends B { constructor() { function f() { super.x; } } }", "const f = () => super.x;",
            "const o = { m: function () { return super.x; } };", "class A extends B { x = super(); }",
            "class A extends B { [super.x]() {} }", "super;", "class A { m() { return super; } }",
            "class A { m() { return super?.x; } }",
        ]
        for source in invalid {
            #expect(throws: JavaScriptSyntaxError.self, "\(source)") { try SyntaxParser.parse(source) }
        }
        let error = try #require(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse("let a;\nsuper.x = 1;") }
        #expect(error.line == 2 && error.column == 1)
        #expect(error.message == "unexpected token 'super' ('super' is only valid inside methods)")
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

    /// A parse to be kept (`toKeep`, step 4y) is the same tree as another parse, with room for the fifth more nodes
    /// the compressor adds and no more than `KeptModuleParse` keeps without copying; a kept parse of it holds its
    /// arrays as they are. Code with more nodes than its room still parses to the same tree.
    @Test func parseToKeepIsTheSameTreeSizedToBeKept() throws {
        let ordinary = (0..<200).map { k in
            "export function f\(k)(a, b = \(k)) { const o = { x: a.b.c, y: [b, \(k), 'v'], z: `t${a}` }; if (a > b) return g(o, a?.x);"
                + " for (let i = 0; i < b; i++) { o.x += i * 2; } return new C(o).run(() => a + b); }\n"
        }.joined()
        let unusual = "f" + String(repeating: "`x`", count: 3000) + ";\n" + "a" + String(repeating: ".b", count: 2000) + ";\n"
        for (name, source) in [("ordinary", ordinary), ("unusual", unusual)] {
            let bytes = Array(source.utf8)
            let tokenization = try JavaScriptTokenizer.tokenizeForParsing(bytes, includeComments: true)
            let kept = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization, toKeep: true)
            let other = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization)
            #expect(kept.tree.firstDifference(from: other.tree) == nil, "\(name)")
            #expect(kept.tree.nodes == other.tree.nodes, "\(name)")
            #expect(kept.tree.lists == other.tree.lists, "\(name)")
            #expect(kept.tree.names == other.tree.names, "\(name)")
            guard name == "ordinary" else { continue }
            let nodes = kept.tree.nodes.count
            let lists = kept.tree.lists.count
            #expect(kept.tree.nodes.capacity >= nodes + nodes / 5)
            #expect(kept.tree.nodes.capacity <= (nodes + nodes / 5) * 6 / 5 + 16)
            #expect(kept.tree.lists.capacity >= lists + lists / 10)
            let storage = kept.tree.nodes.withUnsafeBufferPointer { $0.baseAddress }
            let keptParse = KeptModuleParse(tree: kept.tree, comments: tokenization.comments ?? [])
            #expect(keptParse.tree.nodes.withUnsafeBufferPointer { $0.baseAddress } == storage)
            #expect(keptParse.tree.nodes.capacity == kept.tree.nodes.capacity)
        }
    }

    /// The parser's name caches are reused by later parses (`SyntaxNameCache`'s pool, step 4y), emptied of the names
    /// an earlier parse put in them: parses of the same names in other orders (so other name IDs), one after another,
    /// each read every name as spelled (short names of 1 to 8 bytes, long ones of 9 to 16, longer ones, escaped
    /// ones), also after a parse that failed.
    @Test func nameCachesAreEmptiedForTheNextParse() throws {
        let all = (0..<400).map { k -> String in
            switch k % 4 {
            case 0: return "s\(k)"
            case 1: return "long\(k)xyzw"
            case 2: return "aVeryLongName\(k)_tail"
            default: return "\(k % 3 == 0 ? "\\u0061" : "b")q\(k)"
            }
        }
        for round in 0..<40 {
            let start = round * 37 % all.count
            let names = Array((all[start...] + all[..<start]).prefix(40 + round * 9))
            let source = "var " + names.joined(separator: ", ") + ";\n" + names.map { "\($0)(\($0).p);" }.joined(separator: "\n")
            let tree = try SyntaxParser.parse(source)
            var seen = 0
            for id in tree.nodes.indices where tree.nodes[id].kind == .identifier || tree.nodes[id].kind == .bindingIdentifier {
                let node = tree.nodes[id]
                let spelled = String(decoding: Array(source.utf8)[Int(node.start)..<Int(node.end)], as: UTF8.self)
                let expected = spelled.replacingOccurrences(of: "\\u0061", with: "a")
                #expect(tree.name(Int32(id)) == expected, "round \(round)")
                seen += 1
            }
            #expect(seen == 3 * names.count, "round \(round)")
            if round % 7 == 3 { #expect(throws: JavaScriptSyntaxError.self) { try SyntaxParser.parse(source + " var ;") } }
        }
    }
}
