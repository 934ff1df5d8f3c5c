import Testing

@testable import ScriptBundler

/// `PieceRecorder` records a piece without writing it: its tokens (texts, line breaks before them, origins) and
/// legal comments must be those of the text `GeneratedCode` writes for the same wrapper, source and edits.
@Suite struct PieceRecorderTests {
    /// A source, and its edits as (first token, token count, text, mapped) with token indexes into the source.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let edits: [(start: Int, count: Int, text: String, mapped: Bool)]
        /// Generated text after the source.
        var footer = "});\n"
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain", source: "let a = 1;\n/*! keep */\nfoo(a) // @license MIT\n", edits: []),
        Case(name: "hashbang", source: "#!/usr/bin/env node\nlet a = 1;", edits: []),
        Case(name: "legal hashbang", source: "#!! legal line\n  /* @preserve */ x", edits: []),
        Case(name: "hashbang edited first", source: "#!/x //! no\nimport y from 'y'; y()", edits: [(0, 5, "", false)]),
        Case(
            name: "edits", source: "import x from 'y';\r\nexport const b = x + 1;\u{2028}b\n/*! kept */ c(`a\nb`)",
            edits: [(0, 5, ";", false), (5, 1, "", false), (9, 0, "var q = 1;", false), (10, 1, "m0.x", true)]),
        Case(name: "removed line breaks", source: "a(\n1\n)\n\n;b()", edits: [(0, 4, "z", true)]),
        Case(name: "insert at end", source: "f()\n/* @license end */", edits: [(3, 0, "\ng();", false)]),
        Case(name: "comments in removed tokens", source: "x; import /*! gone */ z from 'z'\n;y", edits: [(2, 5, "", false)]),
        Case(name: "empty edits on same token", source: "a\nb", edits: [(1, 0, "", false), (1, 1, "c", true)]),
        Case(name: "no trailing line break", source: "a /* x */ + b", edits: []),
        // More tokens after the source than the room its recording reserved: the arrays grow.
        Case(
            name: "long footer", source: "a(1)\n", edits: [(0, 1, "b.c.d", true)],
            footer: "});\n" + String(repeating: "f(1, [2]);", count: 40)),
    ]

    @Test(arguments: cases)
    func recordingMatchesTheWrittenPiece(_ testCase: Case) throws {
        let source = Array(testCase.source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(source).tokens
        let edits = testCase.edits.map { edit in
            edit.count == 0
                ? TokenEdit.insert(edit.text, before: edit.start)
                : TokenEdit.replace(edit.start..<(edit.start + edit.count), with: edit.text, mappedTo: edit.mapped ? edit.start : nil)
        }
        let header = "d(0, 1, {}, function (m, r) { \"use strict\"; var m0;\n", footer = testCase.footer

        var code = GeneratedCode(isMapping: false, capacity: 0)
        code.appendUnmapped(header)
        code.appendSource(source, tokens: tokens, edits: edits, sourceIndex: 0)
        code.endLine()
        code.appendUnmapped(footer)
        var recorder = PieceRecorder(sourceByteCount: source.count)
        recorder.appendUnmapped(header)
        recorder.appendSource(source, tokens: tokens, edits: edits)
        recorder.endLine()
        recorder.appendUnmapped(footer)
        let recorded = recorder.pieceTokens
        #expect(recorded.isComplete)

        let written = try JavaScriptTokenizer.tokenize(code.bytes, includeComments: true).tokens
        let significant = written.filter { !$0.isComment }
        func text(_ range: Range<Int>) -> String {
            if range.lowerBound < source.count { return String(decoding: source[range], as: UTF8.self) }
            return String(
                decoding: recorder.generated[(range.lowerBound - source.count)..<(range.upperBound - source.count)], as: UTF8.self)
        }
        #expect(recorded.tokens.map { text($0.range) } == significant.map { String(decoding: code.bytes[$0.range], as: UTF8.self) })
        #expect(recorded.tokens.map(\.newlineBefore) == significant.indices.map { $0 == 0 || significant[$0].newlineBefore })
        let legal = code.bytes.withUnsafeBufferPointer { bytes in
            written.filter { $0.isComment && LegalComments.isLegal(bytes, $0.range) }.map {
                String(decoding: bytes[$0.range], as: UTF8.self)
            }
        }
        #expect(recorded.legalComments.map(text) == legal)
        // Copied tokens keep their source index; an edit's text maps back where asked.
        for (index, token) in recorded.tokens.enumerated() where recorded.sourceTokens[index] >= 0 {
            #expect(tokens[Int(recorded.sourceTokens[index])].range == token.range)
        }
        let mappedEdits = edits.filter { $0.mappedToken != nil && !$0.text.isEmpty }.count
        let mappedGenerated = recorded.origins.indices.filter { recorded.sourceTokens[$0] < 0 && recorded.origins[$0] >= 0 }.count
        #expect(mappedGenerated == mappedEdits)
    }

    @Test func generatedTextFollowsTheSource() {
        var recorder = PieceRecorder(sourceByteCount: 5)
        recorder.appendUnmapped("a(")
        recorder.appendUnmapped(")")
        #expect(recorder.generated == Array("a()".utf8))
        #expect(recorder.pieceTokens.tokens.map(\.start) == [5, 6, 7])
    }
}
