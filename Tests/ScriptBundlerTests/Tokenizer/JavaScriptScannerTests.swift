import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct JavaScriptScannerTests {
    /// Names of every length up to 20, ending at the end of the source, before punctuation, a non-ASCII letter or an
    /// escape.
    @Test func longNamesEndWhereTheyEnd() throws {
        for length in 1...20 {
            let name = String(repeating: "aZ_$9", count: 4).prefix(length)
            for source in ["x\(name).y", "x\(name)", "x\(name)é", "x\(name)\\u0041", "x\(name)-1"] {
                let tokens = try JavaScriptTokenizer.tokenize(Array(source.utf8), includeComments: false).tokens
                let first = try #require(tokens.first)
                let expectedEnd = source.hasSuffix("é") || source.hasSuffix("\\u0041") ? source.utf8.count : 1 + length
                #expect(first.start == 0 && first.end == expectedEnd, "\(source)")
            }
        }
    }

    /// Every punctuator, between names with spaces, without them, and last in the source: one token of its own
    /// text, at its own column, in both tokenizations.
    static let punctuators = [
        ".", "...", ";", ",", "<", ">", "<=", ">=", "==", "!=", "===", "!==", "+", "-", "*", "%", "**", "++", "--",
        "<<", ">>", ">>>", "&", "|", "^", "!", "~", "&&", "||", "??", "?", "?.", ":", "=", "+=", "-=", "*=", "%=",
        "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "=>", "/", "/=", "@",
    ]

    @Test(arguments: punctuators)
    func everyPunctuatorIsOneToken(_ punctuator: String) throws {
        let length = punctuator.utf8.count
        for (source, start) in [("a \(punctuator) b", 2), ("a\(punctuator)b", 1), ("\n\tab \(punctuator)", 5)] {
            let bytes = Array(source.utf8)
            let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
            let token = try #require(tokens.first { $0.kind == .punctuator }, "\(source)")
            #expect(tokens.filter { $0.kind == .punctuator }.count == 1, "\(source)")
            #expect([token.start, token.end] == [start, start + length], "\(source)")
            #expect([token.line, token.column] == [source.hasPrefix("\n") ? 2 : 1, source.hasPrefix("\n") ? 4 : start])
            ParsingTokenizationTests.expectSameTokens(bytes, includeComments: true, "\(source)")
        }
    }

    @Test(arguments: [
        ("a>>>=b>>=c>>>d>>e>=f>g", [">>>=", ">>=", ">>>", ">>", ">=", ">"]),
        ("a?.5:b?.c??d??=e", ["?", ":", "?.", "??", "??="]),
        ("a....5", ["..."]),
        ("(a)=>{b}", ["(", ")", "=>", "{", "}"]),
        ("a===b!==c==d!=e=f", ["===", "!==", "==", "!=", "="]),
        ("a**=b**c*=d*e", ["**=", "**", "*=", "*"]),
        ("a&&=b||=c&&d||e&=f|=g&h|i", ["&&=", "||=", "&&", "||", "&=", "|=", "&", "|"]),
        ("a<<=b<<c<=d<e", ["<<=", "<<", "<=", "<"]),
        ("a+++b---c+=d-=e", ["++", "+", "--", "-", "+=", "-="]),
    ])
    func longestPunctuatorFirst(_ source: String, _ expected: [String]) throws {
        let bytes = Array(source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        let texts = tokens.filter { $0.kind == .punctuator }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        #expect(texts == expected)
        ParsingTokenizationTests.expectSameTokens(bytes, includeComments: false, "\(source)")
    }

    /// Names read by the table's fast path and its slow path (non-ASCII characters, `\u` escapes): kind, byte
    /// range and UTF-16 column of each token.
    @Test(arguments: [
        ("élan = 1", ["id 0 5 0", "p 6 7 5", "num 8 9 7"]),
        ("aé.bc", ["id 0 3 0", "p 3 4 2", "id 4 6 3"]),
        ("日本語=x", ["id 0 9 0", "p 9 10 3", "id 10 11 4"]),
        ("\\u{1D465}1 + y", ["id 0 10 0", "p 11 12 11", "id 13 14 13"]),
        ("𝑥1 + y", ["id 0 5 0", "p 6 7 4", "id 8 9 6"]),
        ("x\\u0061y if", ["id 0 8 0", "kw 9 11 9"]),
        ("\\u0069f(a)", ["id 0 7 0", "p 7 8 7", "id 8 9 8", "p 9 10 9"]),
        ("i\\u{66} in", ["id 0 7 0", "kw 8 10 8"]),
        ("a.if.instanceof", ["id 0 1 0", "p 1 2 1", "id 2 4 2", "p 4 5 4", "id 5 15 5"]),
        (
            "i in inn instanceof instanceofx of of1",
            ["id 0 1 0", "kw 2 4 2", "id 5 8 5", "kw 9 19 9", "id 20 31 20", "id 32 34 32", "id 35 38 35"]
        ),
        ("é\u{A0}x", ["id 0 2 0", "id 4 5 2"]),
        ("$_9 _$ $", ["id 0 3 0", "id 4 6 4", "id 7 8 7"]),
        ("ZZ\u{200C}\u{200D}a", ["id 0 9 0"]),
        ("#é.#\\u0061b", ["priv 0 3 0", "p 3 4 2", "priv 4 12 3"]),
    ])
    func namesAndTheirPositions(_ source: String, _ expected: [String]) throws {
        let bytes = Array(source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        let kinds: [JavaScriptToken.Kind: String] = [
            .identifier: "id", .keyword: "kw", .punctuator: "p", .number: "num", .privateName: "priv",
        ]
        #expect(tokens.map { "\(kinds[$0.kind] ?? "?") \($0.start) \($0.end) \($0.column)" } == expected)
        ParsingTokenizationTests.expectSameTokens(bytes, includeComments: false, "\(source)")
    }

    /// `\r\n`, `\r`, U+2028 and U+2029 in comments, strings (escaped and not) and templates: the line and UTF-16
    /// column of the token after them, and whether a line terminator comes before it.
    @Test(arguments: [
        ("/* a\r\nb */ x", 2, 5, true),
        ("/* a\u{2028}b */ x", 2, 5, true),
        ("/* é\u{2029}bé */ x", 2, 6, true),
        ("// a\r\nx", 2, 0, true),
        ("// a\u{2028}x", 2, 0, true),
        ("// a\rx", 2, 0, true),
        ("'a\\\r\nb' x", 2, 3, false),
        ("'a\\\u{2029}b' x", 2, 3, false),
        ("'a\u{2028}b' x", 2, 3, false),
        ("\"é\u{2029}😀\" x", 2, 4, false),
        ("`a\r\nb` x", 2, 3, false),
        ("`a\u{2028}${b}\u{2029}c` x", 3, 3, false),
        ("a\r\n\t  x", 2, 3, true),
        ("a\u{2028} x", 2, 1, true),
        ("a\r \r\n\n x", 4, 1, true),
    ])
    func lineTerminatorsInCommentsAndStrings(_ source: String, line: Int, column: Int, newlineBefore: Bool) throws {
        let bytes = Array(source.utf8)
        let last = try #require(try JavaScriptTokenizer.tokenize(bytes).tokens.last)
        #expect([last.line, last.column] == [line, column])
        #expect(last.newlineBefore == newlineBefore)
        #expect(String(decoding: bytes[last.range], as: UTF8.self) == "x")
        ParsingTokenizationTests.expectSameTokens(bytes, includeComments: true, "\(source)")
    }

    /// Numeric literals of every form (step 5j scans them through locals): alone, last in the source, before
    /// punctuation and before a space, each one token of its own text, in both tokenizations.
    @Test(arguments: [
        "0", "7", "12345678901", "1_000", "0x1F", "0XaB_c", "0o17", "0O7", "0b1", "0B1_0", "1.5", ".5", "5.", "1.5e3",
        "1E-3", "1e+3", "1e3_0", "1n", "0x1Fn", "0b1n", "0o7n", "12_3n", "0.0", "00", "08.5", "1..toString",
    ])
    func numbersEndWhereTheyEnd(_ literal: String) throws {
        let text = literal.hasSuffix("..toString") ? String(literal.dropLast(".toString".count)) : literal
        for source in ["\(literal)", "x=(\(literal))", "(\(literal) )", "[\(literal),\(literal)]", "\(literal)\n"] {
            let bytes = Array(source.utf8)
            let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
            let numbers = tokens.filter { $0.kind == .number }.map { String(decoding: bytes[$0.range], as: UTF8.self) }
            #expect(!numbers.isEmpty && numbers.allSatisfy { $0 == text }, "\(source)")
            ParsingTokenizationTests.expectSameTokens(bytes, includeComments: true, "\(source)")
        }
    }

    /// Runs of spaces, tabs, vertical tabs, form feeds and line breaks between tokens (step 5j reads a space or a
    /// line feed and the spaces after it in the same step as the token after them): each token's line, column and
    /// whether a line terminator comes before it.
    @Test(arguments: [
        ("a b", ["1 0 false", "1 2 false"]),
        ("a  \t b", ["1 0 false", "1 5 false"]),
        ("a \u{0B}\u{0C} b", ["1 0 false", "1 5 false"]),
        ("a\n\n  b", ["1 0 false", "3 2 true"]),
        ("a \n \t\n b", ["1 0 false", "3 1 true"]),
        ("a\n \u{0C}\tb", ["1 0 false", "2 3 true"]),
        ("a \r\n b", ["1 0 false", "2 1 true"]),
        (" \n", []),
        ("\n", []),
        ("a \n", ["1 0 false"]),
        ("\n\t a", ["2 2 true"]),
        ("a\n é", ["1 0 false", "2 1 true"]),
        ("é\n a", ["1 0 false", "2 1 true"]),
        ("a \u{A0} b", ["1 0 false", "1 4 false"]),
        ("a\u{2028} b", ["1 0 false", "2 1 true"]),
    ])
    func spaceRunsBetweenTokens(_ source: String, _ expected: [String]) throws {
        let bytes = Array(source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        #expect(tokens.map { "\($0.line) \($0.column) \($0.newlineBefore)" } == expected, "\(source)")
        ParsingTokenizationTests.expectSameTokens(bytes, includeComments: true, "\(source)")
    }

    /// Unterminated and malformed forms: the exact message, line, column and offset, from both tokenizations.
    @Test(arguments: [
        ("x = 'ab\ncd'", "unterminated string literal", 1, 5, 4),
        ("x = \"é", "unterminated string literal", 1, 5, 4),
        ("\r\n 'a\\", "unterminated string literal", 2, 2, 3),
        ("a\u{2028}`b${c}d", "unterminated template literal", 2, 1, 4),
        ("/* é\u{2029}", "unterminated block comment", 1, 1, 0),
        ("é /*", "unterminated block comment", 1, 3, 3),
        ("x = /a\u{2028}/", "unterminated regular expression literal", 1, 5, 4),
        ("x = /a\\\r\n/", "unterminated regular expression literal", 1, 5, 4),
        ("a \\u00 b", "invalid Unicode escape in identifier", 1, 3, 2),
        ("a\\u{110000}", "invalid Unicode escape in identifier", 1, 2, 1),
        ("\\u0031a", "invalid Unicode escape in identifier", 1, 1, 0),
        ("é\u{0}", "unexpected character U+0", 1, 2, 2),
        ("a\u{7F}", "unexpected character U+7F", 1, 2, 1),
        ("\n 😀", "unexpected character U+1F600", 2, 2, 2),
        ("a # b", "unexpected character '#'", 1, 3, 2),
        ("f(a]", "expected ')' to match the bracket at 1:2, found ']'", 1, 4, 3),
        ("x\n)", "unexpected ')' with no matching opening bracket", 2, 1, 2),
        ("{\n[", "'[' is never closed", 2, 1, 2),
        ("1a", "identifier starts immediately after numeric literal", 1, 2, 1),
        ("0b", "missing digits after numeric prefix", 1, 1, 0),
        ("1e+", "missing exponent digits", 1, 1, 0),
        ("x = 1e", "missing exponent digits", 1, 5, 4),
        ("x = 1.5E-a", "missing exponent digits", 1, 5, 4),
        ("0x", "missing digits after numeric prefix", 1, 1, 0),
        ("x\n 0B", "missing digits after numeric prefix", 2, 2, 3),
        ("1\\u0061", "identifier starts immediately after numeric literal", 1, 2, 1),
        ("é 12é", "identifier starts immediately after numeric literal", 1, 5, 5),
        ("3.5n", "identifier starts immediately after numeric literal", 1, 4, 3),
        ("1nn", "identifier starts immediately after numeric literal", 1, 3, 2),
        ("0x1g", "identifier starts immediately after numeric literal", 1, 4, 3),
        (".5$", "identifier starts immediately after numeric literal", 1, 3, 2),
        ("1e3_a", "identifier starts immediately after numeric literal", 1, 5, 4),
    ])
    func errorsAreExact(_ source: String, message: String, line: Int, column: Int, offset: Int) {
        let bytes = Array(source.utf8)
        for includeComments in [false, true] {
            do {
                _ = try JavaScriptTokenizer.tokenize(bytes, includeComments: includeComments)
                Issue.record("expected an error: \(source)")
            } catch {
                #expect(error.message == message, "\(source)")
                #expect([error.line, error.column, error.offset] == [line, column, offset], "\(source)")
            }
            ParsingTokenizationTests.expectSameTokens(bytes, includeComments: includeComments, "\(source)")
        }
    }
}
