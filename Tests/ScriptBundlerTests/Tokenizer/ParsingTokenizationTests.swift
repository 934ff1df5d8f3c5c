import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `JavaScriptTokenizer.tokenizeForParsing`: the tokens the tree parser reads (comments apart, codes and matching
/// brackets written beside the tokens) are those of `tokenize`, and so are its errors and the trees parsed from them.
@Suite struct ParsingTokenizationTests {
    static let sources = [
        "f(a[b], {c: (d)});",
        "const t = `x${ {a: [1, (2)]}.a }y${z(`${w[0]}`)}`;",
        "if (a) /re(x)/.test(b); else { c = [] }",
        "#!/usr/bin/env node\n// (\nlet o = { /* { */ k() { return [ ] } };",
        "/*! a */ const f = (/* b */ x, [y] = []) => ({ /* c */ z: [x] }); // d\n(async (/*#__PURE__*/ q) => q)();",
        "/** @license MIT */\nexport const v = /*#__PURE__*/ make(1), w = /* @__PURE__ */ new Thing();\n//! end\n/*#__PURE__*/",
        "x = a\n/* line\nbreak */ ++b; y = instanceof1 instanceof Z; for await (const q of r) {}",
        "var élan = 1, \\u0061b = 2; if (élan) ab.if = ab.instanceof;",
        "a\u{2028}b; // trailing",
        "",
        "// only a comment",
    ]

    /// The sources of the test fixtures (real scripts of every shape the bundler reads).
    static func fixtureSources() -> [(path: String, bytes: [UInt8])] {
        let root = TestSupport.fixtures
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return paths.filter { $0.hasSuffix(".js") || $0.hasSuffix(".mjs") }.sorted().compactMap { relative in
            FileManager.default.contents(atPath: root + "/" + relative).map { (relative, Array($0)) }
        }
    }

    /// Checks the parser's tokenization of `bytes` against `tokenize`'s; returns whether both tokenized.
    @discardableResult
    static func expectSameTokens(_ bytes: [UInt8], includeComments: Bool, _ comment: Comment? = nil) -> Bool {
        let plain: Result<JavaScriptTokenization, JavaScriptSyntaxError> = Result { () throws(JavaScriptSyntaxError) in
            try JavaScriptTokenizer.tokenize(bytes, includeComments: includeComments)
        }
        let parsing: Result<JavaScriptTokenization, JavaScriptSyntaxError> = Result { () throws(JavaScriptSyntaxError) in
            try JavaScriptTokenizer.tokenizeForParsing(bytes, includeComments: includeComments)
        }
        switch (plain, parsing) {
        case (.failure(let expected), .failure(let error)):
            #expect(error == expected, comment)
            return false
        case (.success(let expected), .success(let tokenization)):
            let significant = expected.tokens.filter { !$0.isComment }
            #expect(tokenization.tokens == significant, comment)
            #expect(tokenization.isWithoutComments)
            #expect(tokenization.tokensInSourceOrder == expected.tokens, comment)
            #expect(tokenization.lineTerminatorCount == expected.lineTerminatorCount, comment)
            if includeComments {
                #expect(tokenization.comments == expected.tokens.filter(\.isComment), comment)
                #expect(tokenization.commentPositions.count == tokenization.comments?.count, comment)
            } else {
                #expect(tokenization.comments == nil, comment)
            }
            let codes = bytes.withUnsafeBufferPointer { buffer in significant.map { TokenCode.of(buffer, $0.start, $0.end) } }
            #expect(tokenization.codes == codes, comment)
            var matching = [Int32](repeating: -1, count: significant.count)
            let pairs = expected.bracketPairs ?? []
            for k in stride(from: 0, to: pairs.count - 1, by: 2) { matching[Int(pairs[k])] = pairs[k + 1] }
            #expect(tokenization.matching == matching, comment)
            return true
        default:
            Issue.record("one tokenizer failed and the other did not: \(plain) \(parsing)", sourceLocation: #_sourceLocation)
            return false
        }
    }

    @Test(arguments: sources, [false, true])
    func tokensAreThoseOfTokenize(_ source: String, includeComments: Bool) {
        #expect(Self.expectSameTokens(Array(source.utf8), includeComments: includeComments))
    }

    @Test func commentsStandBeforeTheirTokens() throws {
        let source = "/*a*/ x /*b*/ ( //c\n ) /*d*/"
        let tokenization = try JavaScriptTokenizer.tokenizeForParsing(Array(source.utf8), includeComments: true)
        #expect(tokenization.tokens.count == 3)
        #expect(tokenization.comments?.map(\.start) == [0, 8, 16, 23])
        #expect(tokenization.commentPositions == [0, 1, 2, 3])
        #expect(tokenization.matching == [-1, 2, -1])
    }

    /// More tokens than the room reserved for them (one per four bytes): the tokens, codes and matching brackets are
    /// moved to larger storage together.
    @Test(arguments: [false, true])
    func manyTokensGrowTheStorage(includeComments: Bool) {
        var source = "(" + String(repeating: "[a,b];", count: 400) + ")"
        source += String(repeating: "(", count: 300) + String(repeating: ")", count: 300) + "/*x*/;"
        #expect(Self.expectSameTokens(Array(source.utf8), includeComments: includeComments))
    }

    @Test(arguments: [
        "'open", "/* open", "`a${b", "f(]", ")", "0x", "1e", "3in x", "a = /re", "x = #", "\\u{110000}", "a\u{1}b",
    ])
    func errorsAreThoseOfTokenize(_ source: String) {
        #expect(!Self.expectSameTokens(Array(source.utf8), includeComments: true))
        #expect(!Self.expectSameTokens(Array(source.utf8), includeComments: false))
    }

    @Test func invalidUTF8IsTheSameError() {
        #expect(!Self.expectSameTokens([0x61, 0x3D, 0xFF, 0x3B], includeComments: true))
    }

    @Test func fixturesTokenizeAlike() {
        let sources = Self.fixtureSources()
        #expect(sources.count > 20)
        for (path, bytes) in sources {
            Self.expectSameTokens(bytes, includeComments: true, "\(path)")
            Self.expectSameTokens(bytes, includeComments: false, "\(path)")
        }
    }

    /// The tree parsed from the parser's tokens is the tree parsed from `tokenize`'s (legal comments and
    /// `/*#__PURE__*/` annotations too).
    @Test func treesAreTheSame() throws {
        var parsed = 0
        let inputs = Self.sources.map { ("inline", Array($0.utf8)) } + Self.fixtureSources()
        for (path, bytes) in inputs {
            for includeComments in [false, true] {
                guard let plain = try? JavaScriptTokenizer.tokenize(bytes, includeComments: includeComments),
                    let expected = try? SyntaxParser.parse(bytes, tokenization: plain)
                else { continue }
                let tokenization = try JavaScriptTokenizer.tokenizeForParsing(bytes, includeComments: includeComments)
                let tree = try SyntaxParser.parse(bytes, tokenization: tokenization)
                #expect(tree.firstDifference(from: expected) == nil, "\(path)")
                #expect(tree.legalComments == expected.legalComments, "\(path)")
                let facts = try SyntaxParser.parseWithFacts(bytes, tokenization: tokenization)
                let expectedFacts = try SyntaxParser.parseWithFacts(bytes, tokenization: plain)
                #expect(facts.tokens == expectedFacts.tokens, "\(path)")
                parsed += 1
            }
        }
        #expect(parsed > 20)
        let annotated = try SyntaxParser.parse(Array(Self.sources[5].utf8))
        #expect(annotated.legalComments.count == 2)
        #expect(annotated.nodes.contains { $0.flags.contains(.pure) })
    }
}
