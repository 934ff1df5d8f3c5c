import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Token lines and UTF-16 columns against a plain count from the start of the source, on sources that mix
/// ASCII and non-ASCII text, long strings, comments and templates at every alignment (the scanner skips
/// plain runs eight bytes at a time and counts columns of all-ASCII line prefixes by byte distance).
@Suite struct TokenPositionTests {
    /// The 1-based line and 0-based UTF-16 column of `offset`, counted naively.
    private func position(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0, i = 0
        while i < offset {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                line += 1
                lineStart = i + 1
            } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                i += 2
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var units = 0
        for j in lineStart..<offset where bytes[j] & 0xC0 != 0x80 { units += bytes[j] >= 0xF0 ? 2 : 1 }
        return (line, units)
    }

    static let pieces = [
        "a", "é", "😀", "x = 1;", " ", "  ", "\n", "\r\n", "\r", "\t", "'str'", "\"é😀\"", "'a\\'b'", "'\\\n'",
        "/* c */", "/* é\n */", "/** long comment text here */", "// line é\n", "`t${x}é`", "`\n`", "f(a, b)",
        "[1, 2]", "{ k: v }", "'\u{2028}'", "ab\\u0063", "0x1F", "1.5e3", "/re[/]x/g", "s = 'aaaaaaaaaaaaaaaaaaaa'",
    ]

    @Test func positionsMatchACountFromTheStart() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var checked = 0
        for _ in 0..<400 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<(Int(state >> 58) + 1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += Self.pieces[Int(state >> 33) % Self.pieces.count] + " "
            }
            let bytes = Array(text.utf8)
            guard let tokenization = try? JavaScriptTokenizer.tokenize(bytes, includeComments: true) else { continue }
            for token in tokenization.tokens {
                let expected = position(bytes, token.start)
                #expect(token.line == expected.line && token.column == expected.column, "\(text.debugDescription) at \(token.start)")
                checked += 1
            }
            #expect(tokenization.lineTerminatorCount + 1 == position(bytes, bytes.count).line)
        }
        #expect(checked > 1_000)
    }

    @Test(arguments: 0..<20)
    func longLiteralsEndAtTheirDelimiter(_ padding: Int) throws {
        let fill = String(repeating: "a", count: padding)
        let source = "x('\(fill)é\\'\(fill)', \"\(fill)\", `\(fill)${y}\(fill)`) /* \(fill)*\(fill) */ z // \(fill)é\nw"
        let bytes = Array(source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes, includeComments: true).tokens
        let texts = tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        #expect(
            texts == [
                "x", "(", "'\(fill)é\\'\(fill)'", ",", "\"\(fill)\"", ",", "`\(fill)${", "y", "}\(fill)`", ")",
                "/* \(fill)*\(fill) */", "z", "// \(fill)é", "w",
            ])
        #expect(tokens.last?.line == 2 && tokens.last?.column == 0)
    }

    @Test func bracketErrorsReportTheOpeningPosition() {
        let mismatched = #expect(throws: JavaScriptSyntaxError.self) { try JavaScriptTokenizer.tokenize("é\n  é(a]") }
        #expect(mismatched?.message == "expected ')' to match the bracket at 2:4, found ']'")
        #expect(mismatched?.line == 2 && mismatched?.column == 6)
        let unclosed = #expect(throws: JavaScriptSyntaxError.self) { try JavaScriptTokenizer.tokenize("'é'\n\n x = {") }
        #expect(unclosed?.message == "'{' is never closed")
        #expect(unclosed?.line == 3 && unclosed?.column == 6)
    }
}
