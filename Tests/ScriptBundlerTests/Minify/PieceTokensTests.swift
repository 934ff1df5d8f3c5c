import Testing

@testable import ScriptBundler

/// `PieceTokens` records a piece's tokens while it is written: generated text with brackets left open or closed,
/// names that denote bindings, legal comments between copied tokens.
@Suite struct PieceTokensTests {
    @Test(arguments: [
        ("d(1, 0, {\"a\": 2}, function (module) {\n", "", "})"),
        ("});\n", "({", ""),
        ("x[\"}\"] = (0, y)", "", ""),
        ("}).call(this);\n", "({", ""),
        ("] + f(", "[", ")"),
    ])
    func missingBracketsBalanceTheText(text: String, prefix: String, suffix: String) {
        let brackets = PieceTokens.missingBrackets(Array(text.utf8))
        #expect(String(decoding: brackets.prefix, as: UTF8.self) == prefix)
        #expect(String(decoding: brackets.suffix, as: UTF8.self) == suffix)
    }

    @Test func generatedTextIsPlacedAndClassified() throws {
        var tokens = PieceTokens()
        let header = Array(
            "define(0, 1, {}, function (ns, req) { \"use strict\"; get(ns, {key: () => local, b: () => m0.name}); m0 = i(1);\n".utf8)
        tokens.appendGenerated(header, start: 10)
        #expect(tokens.isComplete)
        let first = try #require(tokens.tokens.first)
        #expect(first.start == 10 && first.end == 16)
        let names = tokens.generatedNames.map { index in
            let token = tokens.tokens[index]
            return String(decoding: header[(token.start - 10)..<(token.end - 10)], as: UTF8.self)
        }
        #expect(names == ["define", "ns", "req", "get", "ns", "local", "m0", "m0", "i"])
        #expect(tokens.sourceTokens.allSatisfy { $0 == -1 })
        #expect(tokens.pendingNewline)

        var footer = PieceTokens()
        footer.appendGenerated(Array("});\n".utf8), start: 7)
        #expect(footer.isComplete)
        #expect(footer.tokens.map(\.start) == [7, 8, 9])
    }

    @Test func onlyLegalCommentsAreRecorded() {
        let gap = Array(" /* plain */ //! legal line\n /*! kept */ // @preserve this\n/* @license x */ // plain\n".utf8)
        var tokens = PieceTokens()
        gap.withUnsafeBufferPointer { tokens.scanGap($0, 0..<gap.count) }
        let comments = tokens.legalComments.map { String(decoding: gap[$0], as: UTF8.self) }
        #expect(comments == ["//! legal line", "/*! kept */", "// @preserve this", "/* @license x */"])
    }

    @Test func newlinesBeforeTokensFollowTheWrittenLines() {
        var tokens = PieceTokens()
        tokens.appendGenerated(Array("a;\nb".utf8), start: 0)
        tokens.appendGenerated(Array("c".utf8), start: 4)
        tokens.appendGenerated(Array("\n".utf8), start: 5)
        tokens.appendGenerated(Array("d".utf8), start: 6)
        #expect(tokens.tokens.map(\.newlineBefore) == [true, false, true, false, true])
    }
}
