import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct BracketPairsTests {
    static let sources = [
        "f(a[b], {c: (d)});",
        "const t = `x${ {a: [1, (2)]}.a }y${z(`${w[0]}`)}`;",
        "if (a) /re(x)/.test(b); else { c = [] }",
        "#!/usr/bin/env node\n// (\nlet o = { /* { */ k() { return [ ] } };",
        // Arrow parameter lists are found by their matched brackets: comments before and inside them.
        "/*! a */ const f = (/* b */ x, [y] = []) => ({ /* c */ z: [x] }); // d\n(async (/*#__PURE__*/ q) => q)();",
        "",
    ]

    @Test(arguments: sources)
    func pairsMatchAStackOverThePunctuators(_ source: String) throws {
        let tokenization = try JavaScriptTokenizer.tokenize(source, includeComments: true)
        let bytes = Array(source.utf8)
        var expected: [Int32] = []
        var stack: [Int] = []
        // Indexes among the significant tokens: comments and the hashbang are not counted.
        let significant = tokenization.tokens.filter { !$0.isComment }
        for (index, token) in significant.enumerated() where token.kind == .punctuator && token.end - token.start == 1 {
            switch bytes[token.start] {
            case 0x28, 0x5B, 0x7B:
                stack.append(index)
            case 0x29, 0x5D, 0x7D:
                let popped = stack.popLast()
                let open = try #require(popped)
                expected.append(Int32(open))
                expected.append(Int32(index))
            default:
                break
            }
        }
        let pairs = try #require(tokenization.bracketPairs)
        #expect(pairs == expected)
    }

    @Test(arguments: sources)
    func parsingWithPairsMatchesParsingWithout(_ source: String) throws {
        let bytes = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes)
        #expect(tokenization.bracketPairs != nil)
        let unknown = JavaScriptTokenization(tokens: tokenization.tokens, lineTerminatorCount: tokenization.lineTerminatorCount)
        #expect(unknown.bracketPairs == nil)
        let withPairs = try JavaScriptParser.analyze(bytes, tokenization: tokenization)
        let without = try JavaScriptParser.analyze(bytes, tokenization: unknown)
        // Compared field by field: `referenceNames` is a dictionary, whose description order varies.
        #expect(String(describing: withPairs.scopes) == String(describing: without.scopes))
        #expect(String(describing: withPairs.declarations) == String(describing: without.declarations))
        #expect(String(describing: withPairs.references) == String(describing: without.references))
        #expect(String(describing: withPairs.module) == String(describing: without.module))
    }

    @Test(arguments: sources)
    func parsingWithCommentsAndPairsMatchesParsingWithout(_ source: String) throws {
        let bytes = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes, includeComments: true)
        #expect(tokenization.bracketPairs != nil)
        let unknown = JavaScriptTokenization(tokens: tokenization.tokens, lineTerminatorCount: tokenization.lineTerminatorCount)
        let withPairs = try SyntaxParser.parse(bytes, tokenization: tokenization)
        let without = try SyntaxParser.parse(bytes, tokenization: unknown)
        #expect(withPairs.firstDifference(from: without) == nil)
        #expect(withPairs.nodes.count == without.nodes.count)
    }
}
