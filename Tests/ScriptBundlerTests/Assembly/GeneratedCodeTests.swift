import Testing

@testable import ScriptBundler

@Suite struct GeneratedCodeTests {
    /// Long ASCII runs, CRLF, U+2028, multi-byte and astral characters, a multi-line template.
    static let source =
        "const aVeryLongIdentifierNameHere = 'αβγ and a long string after it';\r\n"
        + "let b = `multi\nline template ${x} more`; // comment éé\u{2028}c = \"🎉🎉 some more text\" + d;\n"
        + "\t\tfunction f(a, b) { return a + b }\n"

    @Test func unchangedCopyMapsEveryTokenToItself() throws {
        let bytes = Array(Self.source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        var code = GeneratedCode(isMapping: true, capacity: 0)
        let index = code.addSource("a.js", content: bytes)
        code.appendSource(bytes, tokens: tokens, edits: [], sourceIndex: index)
        #expect(code.bytes == bytes)
        let lines = try #require(SourceMapMappings.decode(String(decoding: code.map.encodedMappings, as: UTF8.self)))
        var segments = 0
        for (line, lineSegments) in lines.enumerated() {
            for segment in lineSegments {
                segments += 1
                #expect(segment.originalLine == line)
                #expect(segment.originalColumn == segment.generatedColumn)
            }
        }
        #expect(segments >= tokens.count)
        let starts = Set(tokens.map { "\($0.line - 1):\($0.column)" })
        let mapped = Set(lines.enumerated().flatMap { line, segments in segments.map { "\(line):\($0.generatedColumn)" } })
        #expect(starts.isSubset(of: mapped))
    }

    @Test func editsReplaceTextAndKeepLaterColumns() throws {
        let text = "var first = 1; var second = 2;\nvar third = first;\n"
        let bytes = Array(text.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        var code = GeneratedCode(isMapping: true, capacity: 0)
        let index = code.addSource("a.js", content: bytes)
        // Replace `first` (token 1) by `x` and insert a call before `var third` (token 10).
        code.appendSource(
            bytes, tokens: tokens, edits: [.replace(1..<2, with: "x", mappedTo: 1), .insert("f();", before: 10)],
            sourceIndex: index)
        #expect(String(decoding: code.bytes, as: UTF8.self) == "var x = 1; var second = 2;\nf();var third = first;\n")
        let lines = try #require(SourceMapMappings.decode(String(decoding: code.map.encodedMappings, as: UTF8.self)))
        // `third` is at generated column 8 of line 1 (after the 4-byte insertion), from original column 4.
        #expect(lines[1].contains { $0.generatedColumn == 8 && $0.originalColumn == 4 && $0.originalLine == 1 })
        #expect(code.line == 2)
        #expect(code.column == 0)
    }

    /// Only CR, LF, U+2028 and U+2029 end a line: a text ending in another character whose UTF-8 form ends in
    /// A8 or A9 (U+22A8 ⊨ is E2 8A A8) still gets its newline, so code after a trailing line comment stays code.
    @Test(arguments: [
        ("// \u{22A8}", true), ("// \u{2028}", false), ("// \u{2029}", false), ("// \u{00A9}", true),
        ("x\n", false), ("x\r", false), ("", true),
    ])
    func endLineAddsANewlineUnlessTheTextEndsInALineTerminator(text: String, addsNewline: Bool) {
        var code = GeneratedCode(isMapping: false, capacity: 0)
        code.appendUnmapped(bytes: Array(text.utf8))
        code.endLine()
        #expect(code.bytes == Array(text.utf8) + (addsNewline ? [0x0A] : []))
    }
}
