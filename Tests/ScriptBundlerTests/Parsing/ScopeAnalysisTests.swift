import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct ScopeAnalysisTests {
    static let source = """
        var a = 1; function f(b, c = a) { let \\u0064 = b + c + d; return g(d, a); }
        { let a = 2; h(a); } f(a); g.x = \\u0067;
        """

    @Test func namesOfReferencesAgreeWithTheDictionary() throws {
        let analysis = try JavaScriptParser.analyze(Self.source)
        let byToken = analysis.referenceNames
        #expect(!analysis.references.isEmpty)
        for reference in analysis.references {
            #expect(byToken[reference.token] == analysis.name(of: reference))
        }
        #expect(Set(analysis.referencedNames) == Set(byToken.values))
        #expect(analysis.referencedNames.count == Set(analysis.referencedNames).count)
        #expect(Set(analysis.referencedNames) == ["a", "b", "c", "d", "g", "h", "f"])
        #expect(analysis.freeNames == ["g", "h"])
    }

    @Test func eachScopeListsItsDeclarationsInOrder() throws {
        let analysis = try JavaScriptParser.analyze(Self.source)
        var listed: [Int] = []
        for (index, scope) in analysis.scopes.enumerated() {
            #expect(Array(scope.declarations) == scope.declarations.sorted())
            for declaration in scope.declarations { #expect(analysis.declarations[declaration].scope == index) }
            listed += scope.declarations
        }
        #expect(listed.sorted() == Array(analysis.declarations.indices))
        let names = analysis.scopes.map { $0.declarations.map { analysis.declarations[$0].name } }
        #expect(names.contains(["a", "f"]))
        #expect(names.contains(["b", "c", "d"]))
    }

    @Test func nameOfAnUnknownTokenIsEmpty() throws {
        let analysis = try JavaScriptParser.analyze("x")
        #expect(
            analysis.name(of: IdentifierReference(token: 99, scope: 0, declaration: nil, isShorthandProperty: false, isCallee: false)) == ""
        )
    }
}
