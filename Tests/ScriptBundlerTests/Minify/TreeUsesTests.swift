import Testing

@testable import ScriptBundler

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
}
