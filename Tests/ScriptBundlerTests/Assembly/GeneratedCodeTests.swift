import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

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

/// `appendSource` places each copied token from its recorded position; following the generated position through every
/// byte (`byTracking`) is the reference. Random sources (CR, CR LF, U+2028, non-ASCII and astral characters,
/// multi-line strings, templates and comments, a hashbang), random edits (texts ending in CR, holding line
/// terminators, empty) and random text before the source must give the same bytes, mappings and final position.
@Suite struct GeneratedCodeShiftedPositionTests {
    static let fragments = [
        "a", "bb", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{2028}", "é", "🎉", "x = 1;", "f(a, b)", "'str'", "\"é\\\nb\"",
        "`t\nu`", "`a${b}\r\nc`", "/* c\r\nd */", "// note\n", "{ }", "({a})", "'\u{2028}'", "0x1F ", "(/re+/g)", ";",
    ]
    static let texts = ["", "x", "ab\n", "\r", "é🎉", "\r\n", "f();\n", "\u{2029}", "\n"]
    static let prefixes = ["", "abc", "x\r", "\r\n", "é", "q\r\n🎉"]

    @Test(arguments: [false, true])
    func shiftedPositionsMatchTracking(withOrigins: Bool) throws {
        var random = SeededGenerator(seed: withOrigins ? 41 : 14)
        var compared = 0
        for _ in 0..<1_000 {
            var text = Int.random(in: 0..<8, using: &random) == 0 ? "#!/usr/bin/env x\n" : ""
            for _ in 0..<Int.random(in: 1...30, using: &random) { text += Self.fragments.randomElement(using: &random) ?? "" }
            let bytes = Array(text.utf8)
            guard let tokens = try? JavaScriptTokenizer.tokenize(bytes).tokens else { continue }
            var edits: [TokenEdit] = []
            var next = 0
            while next <= tokens.count, Int.random(in: 0..<3, using: &random) > 0 {
                let start = Int.random(in: next...min(tokens.count, next + 4), using: &random)
                let end =
                    start < tokens.count && Bool.random(using: &random) ? Int.random(in: (start + 1)...tokens.count, using: &random) : start
                let mapped = tokens.isEmpty || Bool.random(using: &random) ? nil : Int.random(in: 0..<tokens.count, using: &random)
                edits.append(TokenEdit(start: start, end: end, text: Self.texts.randomElement(using: &random) ?? "", mappedToken: mapped))
                next = end + (end > start ? 0 : 1)
            }
            let origins: SourceOrigins? =
                withOrigins
                ? SourceOrigins(
                    tokens.filter { _ in Bool.random(using: &random) }.map {
                        SourceOrigins.Entry(line: $0.line - 1, column: $0.column, originalLine: $0.line, originalColumn: 7)
                    } + (0..<4).map { SourceOrigins.Entry(line: $0, column: 0, originalLine: $0 + 2, originalColumn: 1) })
                : nil
            let prefix = Self.prefixes.randomElement(using: &random) ?? ""
            let mapping = Int.random(in: 0..<4, using: &random) > 0
            let intermediate = Bool.random(using: &random)
            func write(byTracking: Bool) -> GeneratedCode {
                var code = GeneratedCode(isMapping: mapping, intermediate: intermediate, capacity: 0)
                code.appendUnmapped(prefix)
                let index = code.addSource("a.js", content: bytes)
                code.appendSource(bytes, tokens: tokens, edits: edits, sourceIndex: index, origins: origins, byTracking: byTracking)
                // What follows starts where the source ended (a LF right after a CR ends no line of its own).
                code.appendUnmapped("\nz")
                code.endLine()
                return code
            }
            let shifted = write(byTracking: false)
            let tracked = write(byTracking: true)
            #expect(shifted.bytes == tracked.bytes, "\(text.debugDescription) \(edits)")
            #expect(shifted.map.encodedMappings == tracked.map.encodedMappings, "\(text.debugDescription) \(edits)")
            #expect(Self.numbers(shifted.map.decodedSegments) == Self.numbers(tracked.map.decodedSegments), "\(text.debugDescription)")
            #expect(shifted.line == tracked.line && shifted.column == tracked.column, "\(text.debugDescription) \(edits)")
            compared += 1
        }
        #expect(compared > 400)
    }

    static func numbers(_ segments: SourceMapSegments?) -> [[Int]] {
        guard let segments else { return [] }
        return [segments.lineStarts, segments.columns.map(Int.init), segments.sources.map(Int.init), segments.lines.map(Int.init)]
            + [segments.originalColumns.map(Int.init)]
    }
}
