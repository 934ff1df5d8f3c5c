import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Renders tokens as `kind:text` for compact table comparisons.
private func render(_ source: String, comments: Bool = false) throws -> [String] {
    let bytes = Array(source.utf8)
    let result = try JavaScriptTokenizer.tokenize(bytes, includeComments: comments)
    return result.tokens.map { token in
        let text = String(decoding: bytes[token.range], as: UTF8.self)
        let kind: String
        switch token.kind {
        case .identifier: kind = "id"
        case .keyword: kind = "kw"
        case .privateName: kind = "priv"
        case .punctuator: kind = "p"
        case .number: kind = "num"
        case .string: kind = "str"
        case .template: kind = "tpl"
        case .templateHead: kind = "head"
        case .templateMiddle: kind = "mid"
        case .templateTail: kind = "tail"
        case .regularExpression: kind = "re"
        case .lineComment: kind = "lc"
        case .blockComment: kind = "bc"
        case .hashbang: kind = "hb"
        }
        return kind + ":" + text
    }
}

@Suite struct JavaScriptTokenizerTests {
    @Test(arguments: [
        ("a / b / c", ["id:a", "p:/", "id:b", "p:/", "id:c"]),
        ("x = /re/g.test(s)", ["id:x", "p:=", "re:/re/g", "p:.", "id:test", "p:(", "id:s", "p:)"]),
        ("if (a) /re/.exec(b)", ["kw:if", "p:(", "id:a", "p:)", "re:/re/", "p:.", "id:exec", "p:(", "id:b", "p:)"]),
        ("while (x) /a/g", ["kw:while", "p:(", "id:x", "p:)", "re:/a/g"]),
        ("for (;;) /a/", ["kw:for", "p:(", "p:;", "p:;", "p:)", "re:/a/"]),
        ("with (o) /a/", ["kw:with", "p:(", "id:o", "p:)", "re:/a/"]),
        ("f(a) / 2", ["id:f", "p:(", "id:a", "p:)", "p:/", "num:2"]),
        ("return /a/", ["kw:return", "re:/a/"]),
        ("typeof /a/", ["kw:typeof", "re:/a/"]),
        ("case /a/:", ["kw:case", "re:/a/", "p::"]),
        ("x in /a/", ["id:x", "kw:in", "re:/a/"]),
        ("for (x of /a/g) {}", ["kw:for", "p:(", "id:x", "id:of", "re:/a/g", "p:)", "p:{", "p:}"]),
        ("a.return / 2", ["id:a", "p:.", "id:return", "p:/", "num:2"]),
        ("this / 2", ["kw:this", "p:/", "num:2"]),
        ("a++ / 2", ["id:a", "p:++", "p:/", "num:2"]),
        ("a[0] / 2", ["id:a", "p:[", "num:0", "p:]", "p:/", "num:2"]),
        ("{} /a/", ["p:{", "p:}", "re:/a/"]),
        ("x = {} / 2", ["id:x", "p:=", "p:{", "p:}", "p:/", "num:2"]),
        ("function f() {} /a/", ["kw:function", "id:f", "p:(", "p:)", "p:{", "p:}", "re:/a/"]),
        ("x = a ? {} : {} / 2", ["id:x", "p:=", "id:a", "p:?", "p:{", "p:}", "p::", "p:{", "p:}", "p:/", "num:2"]),
        ("/[/]/.test(x)", ["re:/[/]/", "p:.", "id:test", "p:(", "id:x", "p:)"]),
        ("/a\\/b/iu", ["re:/a\\/b/iu"]),
        ("a /= 2", ["id:a", "p:/=", "num:2"]),
        ("x = /=/", ["id:x", "p:=", "re:/=/"]),
        ("`${a}` / 2", ["head:`${", "id:a", "tail:}`", "p:/", "num:2"]),
        ("`${ {a: 1}.a }` / 2", ["head:`${", "p:{", "id:a", "p::", "num:1", "p:}", "p:.", "id:a", "tail:}`", "p:/", "num:2"]),
        ("(a) / 2", ["p:(", "id:a", "p:)", "p:/", "num:2"]),
        ("a; { x } /a/", ["id:a", "p:;", "p:{", "id:x", "p:}", "re:/a/"]),
        ("try {} catch {} /a/", ["kw:try", "p:{", "p:}", "kw:catch", "p:{", "p:}", "re:/a/"]),
        // A function or class expression's body is an operand's end; a declaration's is a statement's.
        ("x = function () {} / a", ["id:x", "p:=", "kw:function", "p:(", "p:)", "p:{", "p:}", "p:/", "id:a"]),
        (
            "(function () { g(); } / a)",
            ["p:(", "kw:function", "p:(", "p:)", "p:{", "id:g", "p:(", "p:)", "p:;", "p:}", "p:/", "id:a", "p:)"]
        ),
        (
            "x = function* g(a = {}) {} / 2",
            ["id:x", "p:=", "kw:function", "p:*", "id:g", "p:(", "id:a", "p:=", "p:{", "p:}", "p:)", "p:{", "p:}", "p:/", "num:2"]
        ),
        ("x = async function () {} / 2", ["id:x", "p:=", "id:async", "kw:function", "p:(", "p:)", "p:{", "p:}", "p:/", "num:2"]),
        ("async function f() {} /a/", ["id:async", "kw:function", "id:f", "p:(", "p:)", "p:{", "p:}", "re:/a/"]),
        ("x = async\nfunction f() {} /a/", ["id:x", "p:=", "id:async", "kw:function", "id:f", "p:(", "p:)", "p:{", "p:}", "re:/a/"]),
        ("new function () {} / 2", ["kw:new", "kw:function", "p:(", "p:)", "p:{", "p:}", "p:/", "num:2"]),
        (
            "f(function () {}, function () {} / 2)",
            [
                "id:f", "p:(", "kw:function", "p:(", "p:)", "p:{", "p:}", "p:,", "kw:function", "p:(", "p:)", "p:{", "p:}", "p:/", "num:2",
                "p:)",
            ]
        ),
        (
            "x = function (a = function () {} / 2) {} / 3",
            [
                "id:x", "p:=", "kw:function", "p:(", "id:a", "p:=", "kw:function", "p:(", "p:)", "p:{", "p:}", "p:/", "num:2", "p:)", "p:{",
                "p:}", "p:/", "num:3",
            ]
        ),
        ("x = class A extends B {} / 2", ["id:x", "p:=", "kw:class", "id:A", "kw:extends", "id:B", "p:{", "p:}", "p:/", "num:2"]),
        ("class A extends B {} /a/", ["kw:class", "id:A", "kw:extends", "id:B", "p:{", "p:}", "re:/a/"]),
        ("export default function () {} /a/", ["kw:export", "kw:default", "kw:function", "p:(", "p:)", "p:{", "p:}", "re:/a/"]),
        ("export default class {} /a/", ["kw:export", "kw:default", "kw:class", "p:{", "p:}", "re:/a/"]),
        (
            "x = {function: 1, b: {c: {} / 2}}",
            [
                "id:x", "p:=", "p:{", "kw:function", "p::", "num:1", "p:,", "id:b", "p::", "p:{", "id:c", "p::", "p:{", "p:}", "p:/",
                "num:2", "p:}", "p:}",
            ]
        ),
        (
            "class C { class; x = {a: {} / 2} }",
            ["kw:class", "id:C", "p:{", "kw:class", "p:;", "id:x", "p:=", "p:{", "id:a", "p::", "p:{", "p:}", "p:/", "num:2", "p:}", "p:}"]
        ),
    ])
    func regexVersusDivision(source: String, expected: [String]) throws {
        #expect(try render(source) == expected)
    }

    @Test(arguments: [
        ("a?.b ?? c ??= d", ["id:a", "p:?.", "id:b", "p:??", "id:c", "p:??=", "id:d"]),
        ("a ? .5 : 1", ["id:a", "p:?", "num:.5", "p::", "num:1"]),
        ("x **= 2 ** 3", ["id:x", "p:**=", "num:2", "p:**", "num:3"]),
        (
            "f(...args) => a >>>= b >>> c >> d << e",
            ["id:f", "p:(", "p:...", "id:args", "p:)", "p:=>", "id:a", "p:>>>=", "id:b", "p:>>>", "id:c", "p:>>", "id:d", "p:<<", "id:e"]
        ),
        (
            "a === b !== c == d != e <= f >= g",
            ["id:a", "p:===", "id:b", "p:!==", "id:c", "p:==", "id:d", "p:!=", "id:e", "p:<=", "id:f", "p:>=", "id:g"]
        ),
        (
            "a &&= b ||= c && d || e & f | g ^ h ~ i",
            [
                "id:a", "p:&&=", "id:b", "p:||=", "id:c", "p:&&", "id:d", "p:||", "id:e", "p:&", "id:f", "p:|", "id:g", "p:^", "id:h",
                "p:~", "id:i",
            ]
        ),
        (
            "a <<= b >>= c %= d ^= e &= f |= g -= h += i *= j",
            [
                "id:a", "p:<<=", "id:b", "p:>>=", "id:c", "p:%=", "id:d", "p:^=", "id:e", "p:&=", "id:f", "p:|=", "id:g", "p:-=", "id:h",
                "p:+=", "id:i", "p:*=", "id:j",
            ]
        ),
        (
            "0x1F 0o17 0b101 10n 0x1fn 1_000_000 .5 1.5e-3 2E+10 017 1.",
            [
                "num:0x1F", "num:0o17", "num:0b101", "num:10n", "num:0x1fn", "num:1_000_000", "num:.5", "num:1.5e-3", "num:2E+10",
                "num:017", "num:1.",
            ]
        ),
        ("1..toString()", ["num:1.", "p:.", "id:toString", "p:(", "p:)"]),
        ("'a\\'b' \"c\\\"d\"", ["str:'a\\'b'", "str:\"c\\\"d\""]),
        ("'line\\\ncontinued'", ["str:'line\\\ncontinued'"]),
        ("`a${b}c${`d${e}`}f`", ["head:`a${", "id:b", "mid:}c${", "head:`d${", "id:e", "tail:}`", "tail:}f`"]),
        ("`multi\nline`", ["tpl:`multi\nline`"]),
        ("`\\${not}`", ["tpl:`\\${not}`"]),
        (
            "class A { #x = 1; m() { return this.#x } }",
            [
                "kw:class", "id:A", "p:{", "priv:#x", "p:=", "num:1", "p:;", "id:m", "p:(", "p:)", "p:{", "kw:return", "kw:this", "p:.",
                "priv:#x", "p:}", "p:}",
            ]
        ),
        ("caf\u{E9} \u{3C0} $_ _$1", ["id:caf\u{E9}", "id:\u{3C0}", "id:$_", "id:_$1"]),
        ("\\u0061bc \\u{62}c a\\u0062", ["id:\\u0061bc", "id:\\u{62}c", "id:a\\u0062"]),
        ("\\u0069f (x)", ["id:\\u0069f", "p:(", "id:x", "p:)"]),
        ("@dec class X {}", ["p:@", "id:dec", "kw:class", "id:X", "p:{", "p:}"]),
        ("a\u{A0}b\u{FEFF}c\u{2003}d", ["id:a", "id:b", "id:c", "id:d"]),
        ("'/* not a comment */' \"// nor this\"", ["str:'/* not a comment */'", "str:\"// nor this\""]),
    ])
    func tokens(source: String, expected: [String]) throws {
        #expect(try render(source) == expected)
    }

    @Test func commentsAndHashbang() throws {
        #expect(
            try render("#!/usr/bin/env node\na // c\n/* b */ c", comments: true)
                == ["hb:#!/usr/bin/env node", "id:a", "lc:// c", "bc:/* b */", "id:c"])
        #expect(try render("#!/usr/bin/env node\na /* x */ b") == ["id:a", "id:b"])
    }

    @Test func newlineBeforeFlagsForASI() throws {
        let source = "a\nb /* x\n */ c /* y */ d // z\ne\u{2028}f\r\ng\rh"
        let tokens = try JavaScriptTokenizer.tokenize(source).tokens
        #expect(tokens.map(\.newlineBefore) == [false, true, true, false, true, true, true, true])
    }

    @Test func linesAndUTF16Columns() throws {
        let source = "x\n  \"😀\" + é + y\r\n\tz\u{2029}w"
        let tokens = try JavaScriptTokenizer.tokenize(source).tokens
        let positions = tokens.map { [$0.line, $0.column] }
        // "😀" is 2 UTF-16 units, é is 1.
        #expect(positions == [[1, 0], [2, 2], [2, 7], [2, 9], [2, 11], [2, 13], [3, 1], [4, 0]])
        #expect(try JavaScriptTokenizer.tokenize(source).lineTerminatorCount == 3)
    }

    @Test func multiLineTokensAdvanceLines() throws {
        let tokens = try JavaScriptTokenizer.tokenize("`a\nb${x}\nc` /* \n */ y").tokens
        #expect(tokens.map(\.line) == [1, 2, 2, 4])
        #expect(tokens.last?.column == 4)
    }

    @Test(arguments: [
        ("let s = 'abc", JavaScriptSyntaxError.Kind.unterminatedString, 1, 9),
        ("x\n  \"abc\ndef\"", .unterminatedString, 2, 3),
        ("a\n`x${1}", .unterminatedTemplate, 2, 1),
        ("`${ `inner }`", .unterminatedTemplate, 1, 1),
        ("x\n `a${ {b: `c${d}`} }e", .unterminatedTemplate, 2, 2),
        ("`${", .unterminatedTemplate, 1, 1),
        ("ok\n  /* never closed", .unterminatedBlockComment, 2, 3),
        ("x = /abc\n/", .unterminatedRegularExpression, 1, 5),
        ("x = /[/", .unterminatedRegularExpression, 1, 5),
        ("a\nb ¤ c", .unexpectedCharacter, 2, 3),
        ("😀 = 1", .unexpectedCharacter, 1, 1),
        ("é + 😀", .unexpectedCharacter, 1, 5),
        ("'😀' ¤", .unexpectedCharacter, 1, 6),
        ("3in x", .invalidNumber, 1, 2),
        ("0x", .invalidNumber, 1, 1),
        ("\\u00", .invalidEscape, 1, 1),
        ("a # b", .unexpectedCharacter, 1, 3),
        ("f(a]", .unbalancedBracket, 1, 4),
        ("x\n}).call(this);\n(function () {", .unbalancedBracket, 2, 1),
        ("function f() {\n  if (x) {\n}", .unbalancedBracket, 1, 14),
        ("`${ (a }`", .unbalancedBracket, 1, 8),
        ("[1, 2", .unbalancedBracket, 1, 1),
    ])
    func errors(source: String, kind: JavaScriptSyntaxError.Kind, line: Int, column: Int) {
        #expect(throws: JavaScriptSyntaxError.self) { try JavaScriptTokenizer.tokenize(source) }
        do {
            _ = try JavaScriptTokenizer.tokenize(source)
        } catch {
            #expect(error.kind == kind)
            #expect([error.line, error.column] == [line, column])
        }
    }

    @Test(
        arguments: [
            ([0x61, 0x0A, 0x62, 0x63, 0xFF], 2, 3, 4),
            ([0xC3, 0xA9, 0xE2, 0x82], 1, 2, 2),
            ([0xED, 0xA0, 0x80], 1, 1, 0),
            ([0x0D, 0x0A, 0x22, 0xC0, 0xAF, 0x22], 2, 2, 3),
        ] as [([UInt8], Int, Int, Int)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, offset: Int) {
        do {
            _ = try JavaScriptTokenizer.tokenize(bytes)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect([error.line, error.column, error.offset] == [line, column, offset])
        }
    }

    @Test func emptyAndWhitespaceOnly() throws {
        #expect(try JavaScriptTokenizer.tokenize("").tokens.isEmpty)
        #expect(try JavaScriptTokenizer.tokenize(" \n\t\n").lineTerminatorCount == 2)
    }

    @Test func bytePrefixesNeverCrash() {
        // Every prefix of a tricky source either tokenizes or throws a typed error.
        let source = Array("a = `x${ {b: /re[/]/g} }y` / 2; // é😀\n/* c */ '\\u{1F600}' 0x1_fn #p; f([{x}])".utf8)
        for length in 0...source.count {
            _ = try? JavaScriptTokenizer.tokenize(Array(source[0..<length]))
        }
        #expect(Bool(true))
    }

    /// Random sources from a JavaScript-heavy alphabet: every one tokenizes or throws a typed error.
    @Test func randomSourcesNeverCrash() {
        let alphabet = Array("ab01 \n\r\t/*`'\"${}()[]\\.?:;=+-<>#!@xn_eé😀\u{2028}".unicodeScalars)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var tokenized = 0
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58)
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.unicodeScalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            if (try? JavaScriptTokenizer.tokenize(text)) != nil { tokenized += 1 }
        }
        #expect(tokenized > 0)
    }
}

/// The tokenizer writes tokens into the array it returns while they fit the room it starts with (a quarter of the
/// source's bytes), and moves them when a dense source has more: both give every token, in order, with its position.
@Suite struct TokenStorageTests {
    @Test(arguments: [
        // About 7 bytes per token: fits the room.
        String(repeating: "let value = other + 1;\n", count: 400),
        // 2 bytes per token (`a,`): more tokens than the room, moved once it fills.
        String(repeating: "a,", count: 5_000) + "b",
        // A few tokens, fewer than the smallest room.
        "x",
        "",
    ])
    func everyTokenInOrder(_ source: String) throws {
        let bytes = Array(source.utf8)
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        // Rebuilt from the tokens' ranges: the source without its whitespace, token after token.
        var rebuilt: [UInt8] = []
        var previousEnd = 0
        for token in tokens {
            #expect(token.start >= previousEnd)
            #expect(bytes[previousEnd..<token.start].allSatisfy { $0 == 0x20 || $0 == 0x0A })
            rebuilt += bytes[token.range]
            previousEnd = token.end
        }
        #expect(bytes[previousEnd...].allSatisfy { $0 == 0x20 || $0 == 0x0A })
        #expect(rebuilt == bytes.filter { $0 != 0x20 && $0 != 0x0A })
        if source.hasPrefix("a,") {
            #expect(tokens.count == 10_001)
            #expect(tokens.last?.line == 1)
            #expect(tokens.last?.column == 10_000)
        }
    }
}

/// A token keeps its kind, line break flag and column packed in one 32-bit word (16 bytes a token): every kind and
/// the largest column a source the tokenizer accepts can have come back as stored; larger sources are refused.
@Suite struct TokenPackingTests {
    @Test(arguments: JavaScriptToken.Kind.allCases)
    func kindComesBack(_ kind: JavaScriptToken.Kind) {
        for newline in [false, true] {
            for column in [0, 1, 31, 32, 65_535, JavaScriptToken.maximumSourceSize - 1] {
                let token = JavaScriptToken(kind: kind, start: 7, end: 9, line: 3, column: column, newlineBefore: newline)
                #expect(token.kind == kind)
                #expect(token.newlineBefore == newline)
                #expect(token.column == column)
                #expect((token.start, token.end, token.line) == (7, 9, 3))
            }
        }
    }

    @Test func sixteenBytes() {
        #expect(MemoryLayout<JavaScriptToken>.stride == 16)
        #expect(JavaScriptToken.Kind.allCases.count <= 16)
    }

    @Test func columnsAtTheLimit() throws {
        // One line as long as a source may be: its last token's column is the largest kept.
        var bytes = [UInt8](repeating: 0x20, count: JavaScriptToken.maximumSourceSize)
        bytes[bytes.count - 1] = UInt8(ascii: "x")
        let tokens = try JavaScriptTokenizer.tokenize(bytes).tokens
        #expect(tokens.count == 1)
        #expect(tokens.first?.column == JavaScriptToken.maximumSourceSize - 1)
        #expect(tokens.first?.kind == .identifier)
    }

    @Test func largerSourceIsRefused() {
        let bytes = [UInt8](repeating: 0x20, count: JavaScriptToken.maximumSourceSize + 1)
        #expect {
            _ = try JavaScriptTokenizer.tokenize(bytes)
        } throws: { error in
            (error as? JavaScriptSyntaxError)?.kind == .sourceTooLarge
        }
    }
}
