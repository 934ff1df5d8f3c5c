import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The parser records the `this` keywords outside every function and class body (`ScopeAnalysis.topLevelThis`),
/// which a hoisted ES module reads as `undefined`; arrow functions keep the `this` around them.
@Suite struct TopLevelThisTests {
    /// Each source marks its top-level `this` keywords as `THIS` and every other one as `this`.
    @Test(arguments: [
        "THIS.a = 1; function f() { return this; }",
        "const g = () => THIS; const h = () => () => THIS.x;",
        "function f(a = this) { return () => this; }",
        "class A extends (THIS.Base) { m() { return this; } static s = this; [this.key] = 1; }",
        "const o = { m() { return this; }, get g() { return this; }, a: THIS, f: function () { return this; } };",
        "if (THIS) { { let b = THIS; } } for (const k of THIS.list) try { THIS } catch (e) { e(THIS) }",
        "x = `${THIS.a}${`${THIS}`}`; y = async () => await THIS; z = function* () { yield this; };",
        "a.this; ({this: 1}); class C { this() { return this; } }",
    ])
    func findsTopLevelThis(_ marked: String) throws {
        let source = marked.replacingOccurrences(of: "THIS", with: "this")
        let tokenization = try JavaScriptTokenizer.tokenize(Array(source.utf8))
        let analysis = try JavaScriptParser.analyze(Array(source.utf8), tokenization: tokenization)
        var expected: [Int32] = []
        var searchStart = marked.startIndex
        var thisCount = 0
        // The n-th `this` keyword token of the source is the n-th `this`/`THIS` spelling of the marked text.
        var isTopLevel: [Bool] = []
        while let range = marked.range(of: "(?i)this", options: .regularExpression, range: searchStart..<marked.endIndex) {
            isTopLevel.append(marked[range] == "THIS")
            searchStart = range.upperBound
        }
        for (index, token) in analysis.tokens.enumerated()
        where token.end - token.start == 4 && String(decoding: source.utf8.dropFirst(token.start).prefix(4), as: UTF8.self) == "this" {
            if thisCount < isTopLevel.count, isTopLevel[thisCount] { expected.append(Int32(index)) }
            thisCount += 1
        }
        #expect(thisCount == isTopLevel.count)
        #expect(analysis.topLevelThis == expected, "\(marked)")
    }
}
