import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The walk `TreeCompressor.compress` returns (`TreeUses`) is the walk of the tree it leaves, so the renamer may use
/// it instead of walking again.
@Suite struct TreeUsesTests {
    static let programs = [
        // Declarations left out over several rounds of `unusedDeclarationChains`, then names chosen.
        "function f(){ const a = () => 1, b = () => a(); let c = 2; return c + g; }",
        // A repeated `var`, a free name, a parameter read twice, nested scopes.
        "function f(x){ var a = x; var a = x + 1; return function(){ return a + y; }; }",
        // Private names, the most written first.
        "class C { #a = 1; #b = 2; m(){ return this.#b + this.#b + this.#a; } }",
        // `eval` named: no private name is renamed.
        "class C { #a = 1; m(){ return eval('this.#a'); } }",
        // Constants inlined and single uses written at their use.
        "function f(){ const k = 1; const r = k + g(); return r * k; }",
        // Blocks spliced, declarations merged, returns merged.
        "function f(a){ var b = 1; var c = 2; { g(b); } if (a) return b; return c; }",
    ]

    @Test(arguments: programs)
    func compressReturnsTheWalkOfItsTree(_ source: String) throws {
        var tree = try SyntaxParser.parse(source)
        let returned = try #require(TreeCompressor.compress(&tree))
        let walked = TreeUses(tree)
        #expect(returned.references == walked.references)
        #expect(returned.repeatedDeclarations == walked.repeatedDeclarations)
        #expect(returned.present == walked.present)
        #expect(returned.localDeclarations == walked.localDeclarations)
        #expect(returned.freeNames == walked.freeNames)
        #expect(returned.privateNameCounts == walked.privateNameCounts)
        #expect(returned.privateNameOrder == walked.privateNameOrder)
        #expect(returned.namesEval == walked.namesEval)
        #expect(TreeRenamer.names(tree, hasModuleSyntax: false, uses: returned) == TreeRenamer.names(tree, hasModuleSyntax: false))
        #expect(TreeRenamer.privateNames(tree, uses: returned) == TreeRenamer.privateNames(tree))
    }

    @Test func countsWhatIsReachable() throws {
        var tree = try SyntaxParser.parse("function f(){ const a = () => 1, b = () => a(); var c; var c; return c + g; }")
        let uses = try #require(TreeCompressor.compress(&tree))
        // `a` and `b` went: no reachable binding of them, and `a`'s one use went with `b`.
        let symbol = { (name: String) in Int(try #require(tree.symbols.firstIndex { tree.names[Int($0.name)] == name })) }
        #expect(uses.present[try symbol("a")] == false)
        #expect(uses.references[try symbol("a")] == 0)
        #expect(uses.present[try symbol("c")])
        #expect(uses.repeatedDeclarations[try symbol("c")] == 1)
        #expect(uses.references[try symbol("c")] == 1)
        #expect(uses.freeNames.map { tree.names[Int($0)] } == ["g"])
    }

    @Test func privateNamesInOrderOfFirstAppearance() throws {
        let tree = try SyntaxParser.parse("class C { #b; #a; m(){ return this.#a + this.#a + this.#b; } }")
        let uses = TreeUses(tree)
        #expect(uses.privateNameOrder.map { tree.names[Int($0)] } == ["b", "a"])
        #expect(uses.privateNameOrder.map { uses.privateNameCounts[Int($0)] } == [2, 3])
        #expect(!uses.namesEval)
    }

    /// The uses as `TreeRenamer.walk` finds them (the walk `TreeUses` made before step 5e), to compare with.
    static func walked(_ tree: SyntaxTree) -> (
        references: [Int32], repeated: [Int32], present: [Bool], declarations: [Int32], free: [Int32], eval: Bool
    ) {
        var references = [Int32](repeating: 0, count: tree.symbols.count)
        var repeated = references
        var present = [Bool](repeating: false, count: tree.symbols.count)
        var declarations: [Int32] = []
        var free: [Int32] = []
        var eval = false
        TreeRenamer.walk(tree) { id, node in
            switch node.kind {
            case .identifier:
                let symbol = node.b >= 0 ? tree.references[Int(node.b)].symbol : -1
                if symbol >= 0 { references[Int(symbol)] += 1 } else if !free.contains(node.a) { free.append(node.a) }
                if tree.names[Int(node.a)] == "eval" { eval = true }
            case .bindingIdentifier:
                if tree.names[Int(node.a)] == "eval" { eval = true }
                if node.b < 0 {
                    if !free.contains(node.a) { free.append(node.a) }
                } else {
                    present[Int(node.b)] = true
                    if tree.symbols[Int(node.b)].node != id { repeated[Int(node.b)] += 1 }
                }
            case .variableDeclaration where node.op != SyntaxVariableKind.var.rawValue:
                declarations.append(contentsOf: tree.list(node.a).filter { $0 >= 0 })
            case .functionDeclaration:
                declarations.append(id)
            default:
                break
            }
        }
        return (references, repeated, present, declarations, free, eval)
    }

    /// Deep and wide trees (the walk's stack grows past its first room), every field shape, `eval`.
    static let shapes = [
        "var x = [" + Array(repeating: "a", count: 3000).joined(separator: ",") + "]; function f(a){ return a; }",
        Array(repeating: "(", count: 600).joined() + "y" + Array(repeating: ")", count: 600).joined() + ";",
        Array(repeating: "if (a) {", count: 300).joined() + "let q = 1; g(q);" + Array(repeating: "}", count: 300).joined(),
        "for (let i = 0, j; i < n; i++) { for (const k in o) for (var v of w) label: while (v) { do { break label; } while (k); } }",
        "try { f(); } catch ({ a, b: [c, ...d] }) { g(a, b, c, d); } finally { h`t${e}u${eval}`; }",
        "class C extends D { static { let s = 1; } #p = 2; m(a = 1, { b } = {}) { return super.m(a, b) ?? this.#p; } }",
        "switch (x) { case 1: let y = x; f(y); break; default: g(); } var z = a ? b : c, w = (a, b, c); z = w;",
        "function f(){ var eval = 1; return eval; } async function* g(){ yield* await h(); } new K(1, ...r);",
    ]

    @Test(arguments: shapes + programs)
    func findsWhatTheRenamersWalkFinds(_ source: String) throws {
        for compressed in [false, true] {
            var tree = try SyntaxParser.parse(source)
            if compressed { TreeCompressor.compress(&tree) }
            let uses = TreeUses(tree)
            let expected = Self.walked(tree)
            #expect(uses.references == expected.references)
            #expect(uses.repeatedDeclarations == expected.repeated)
            #expect(uses.present == expected.present)
            #expect(uses.localDeclarations == expected.declarations)
            #expect(uses.freeNames == expected.free)
            #expect(uses.namesEval == expected.eval)
        }
    }

    /// `TreeRenamer.walkIdentifiers` (step 5k, the wrapped ES module's walk) visits the identifiers `TreeRenamer.walk`
    /// visits, in its order.
    @Test(arguments: shapes + programs)
    func identifiersWalkedAsTheRenamersWalkFindsThem(_ source: String) throws {
        for compressed in [false, true] {
            var tree = try SyntaxParser.parse(source)
            if compressed { TreeCompressor.compress(&tree) }
            var expected: [Int32] = []
            TreeRenamer.walk(tree) { id, node in if node.kind == .identifier { expected.append(id) } }
            var found: [Int32] = []
            TreeRenamer.walkIdentifiers(tree) { id, node in
                #expect(node.kind == .identifier)
                found.append(id)
            }
            #expect(found == expected)
        }
    }
}
