import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Property tests over seeded random inputs: tokens and trivia re-join to the source, and source maps
/// survive encode/decode.
@Suite struct PropertyTests {
    /// A generated program: its source, the texts of its tokens (comments included) and where each starts.
    struct Program {
        var source = ""
        var tokens: [(text: String, line: Int, column: Int)] = []
        var line = 1
        var column = 0
        var lineTerminators = 0

        mutating func token(_ text: String) {
            tokens.append((text, line, column))
            advance(over: text)
        }

        mutating func trivia(_ text: String) { advance(over: text) }

        private mutating func advance(over text: String) {
            source += text
            var previousWasCR = false
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n" where previousWasCR:
                    break
                case "\n", "\r", "\u{2028}", "\u{2029}":
                    line += 1
                    column = 0
                    lineTerminators += 1
                default:
                    column += scalar.utf16.count
                }
                previousWasCR = scalar == "\r"
            }
        }
    }

    static let atoms = [
        "a", "foo_1", "$x", "_", "é", "日本", "\\u0061b", "if", "return", "this", "null", "of",
        "0", "1", "0x1F", "1.5e3", ".5", "10n", "1_000", "0b101", "0o17",
        "'a\\'b'", "\"x\\\"y\"", "'日本'", "\"\\u{1F600}\"", "'😀'", "`t`", "`line\\`s`", "``",
        "+", "-", "*", "%", ",", ";", ".", "=>", "===", "!==", "?.", "??=", "...", "**=", ">>>=", "&&", "||", "?", ":", "<", ">=", "~", "!",
        "#p",
    ]
    static let whitespace = [" ", "  ", "\t", "\n", "\r\n", "\r", "\u{2028}", "\u{00A0}", "\u{FEFF}", "\u{3000}", "\u{000B}", "\u{000C}"]
    static let comments = ["/* c */", "/* multi\nline */", "/**/", "/* 😀 */"]

    static func generate(_ program: inout Program, depth: Int, using generator: inout SeededGenerator) {
        let count = Int.random(in: depth == 0 ? 20...80 : 0...8, using: &generator)
        for _ in 0..<count {
            program.trivia(whitespace.randomElement(using: &generator) ?? " ")
            switch Int.random(in: 0..<20, using: &generator) {
            case 0...1 where depth < 6:
                let (open, close) = [("(", ")"), ("[", "]"), ("{", "}")].randomElement(using: &generator) ?? ("(", ")")
                program.token(open)
                generate(&program, depth: depth + 1, using: &generator)
                program.trivia(" ")
                program.token(close)
            case 1:
                program.token(comments.randomElement(using: &generator) ?? "/**/")
            case 2:
                program.token("// line comment /re/")
                program.trivia("\n")
            case 3:
                // A regular expression after `=`, a division after an identifier.
                program.token("=")
                program.trivia(" ")
                program.token(["/ab+c/gi", "/[/]\\//", "/(?<n>x)\\k<n>/u", "/=/"].randomElement(using: &generator) ?? "/a/")
            case 4:
                program.token("x")
                program.trivia(" ")
                program.token("/")
                program.trivia(" ")
                program.token("2")
            default:
                program.token(atoms.randomElement(using: &generator) ?? "a")
            }
        }
    }

    @Test(arguments: 0..<200)
    func tokensAndTriviaRejoinToTheSource(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        var program = Program()
        Self.generate(&program, depth: 0, using: &generator)
        program.trivia(Self.whitespace.randomElement(using: &generator) ?? " ")
        let bytes = Array(program.source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes, includeComments: true)
        let texts = tokenization.tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        #expect(texts == program.tokens.map(\.text), "seed \(seed): \(program.source.debugDescription)")
        #expect(tokenization.tokens.map { "\($0.line):\($0.column)" } == program.tokens.map { "\($0.line):\($0.column)" }, "seed \(seed)")
        #expect(tokenization.lineTerminatorCount == program.lineTerminators, "seed \(seed)")
        // Re-joining every token with the bytes between tokens gives the source back, and those bytes are whitespace.
        var rejoined: [UInt8] = []
        var previousEnd = 0
        for token in tokenization.tokens {
            let gap = String(decoding: bytes[previousEnd..<token.start], as: UTF8.self)
            #expect(
                gap.unicodeScalars.allSatisfy { Self.whitespace.joined().unicodeScalars.contains($0) },
                "seed \(seed): gap \(gap.debugDescription)")
            rejoined += bytes[previousEnd..<token.end]
            previousEnd = token.end
        }
        rejoined += bytes[previousEnd...]
        #expect(rejoined == bytes)
    }

    @Test(arguments: 0..<100)
    func sourceMapsSurviveEncodeAndDecode(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1_000)
        var builder = SourceMapBuilder()
        let sourceCount = Int.random(in: 1...4, using: &generator)
        for index in 0..<sourceCount { _ = builder.addSource("s\(index).js", content: []) }
        var expected: [[SourceMapSegment]] = []
        let lineCount = Int.random(in: 0...40, using: &generator)
        let large = seed % 10 == 0  // every tenth map uses values near the 32-bit limits
        let limit = large ? Int(Int32.max) : 5_000
        for line in 0..<lineCount {
            var segments: [SourceMapSegment] = []
            var column = 0
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                column += Int.random(in: 0...(large ? limit / 8 : 200), using: &generator)
                if Bool.random(using: &generator) {
                    let segment = SourceMapSegment(
                        generatedColumn: column, source: Int.random(in: 0..<sourceCount, using: &generator),
                        originalLine: Int.random(in: 0...limit, using: &generator),
                        originalColumn: Int.random(in: 0...limit, using: &generator))
                    builder.addMapping(
                        generatedLine: line, generatedColumn: column, source: segment.source ?? 0,
                        originalLine: segment.originalLine, originalColumn: segment.originalColumn)
                    segments.append(segment)
                } else {
                    builder.addUnmapped(generatedLine: line, generatedColumn: column)
                    segments.append(SourceMapSegment(generatedColumn: column, source: nil, originalLine: 0, originalColumn: 0))
                }
            }
            expected.append(segments)
        }
        let json = builder.json(file: "out.js").dropLast(3)  // `"}\n`
        let quote = try #require(json.lastIndex(of: 0x22))
        let decoded = try #require(SourceMapMappings.decode(String(decoding: json[(quote + 1)...], as: UTF8.self)))
        let trim = { (lines: [[SourceMapSegment]]) in Array(lines.reversed().drop(while: \.isEmpty).reversed()) }
        #expect(trim(decoded) == trim(expected), "seed \(seed)")
    }

    @Test(arguments: 0..<20)
    func vlqValuesSurviveEncodeAndDecode(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 2_000)
        let values =
            (0..<500).map { _ in Int(Int32.random(in: Int32.min...Int32.max, using: &generator)) } + [
                0, -1, 1, 15, 16, -16, Int(Int32.min), Int(Int32.max),
            ]
        var bytes: [UInt8] = []
        for value in values { Base64VLQ.encode(value, into: &bytes) }
        var index = 0
        let decoded = values.map { _ in Base64VLQ.decode(bytes, at: &index) }
        #expect(decoded == values.map(Optional.some))
        #expect(index == bytes.count)
    }
}
