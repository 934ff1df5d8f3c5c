import Testing

@testable import ScriptBundler

/// The sizes a minified piece's arrays are made with: never below what the writer writes (renamed shorthands,
/// multi-line tokens, rewritten keywords), and a writer given less room still writes everything.
@Suite struct WrittenSizeBoundTests {
    /// What the writer writes for `source` (its local names renamed) into a buffer of `room` bytes, and the bound.
    static func write(_ source: String, room: Int? = nil) throws -> (code: [UInt8], segments: Int, bound: Minifier.WrittenSizeBound) {
        let code = Array(source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(code)
        let analysis = try JavaScriptParser.analyze(code, tokenization: tokenization)
        let renames = IdentifierRenamer.renames(analysis)
        let rewrites = TokenRewrites(analysis, topLevelConsts: false)
        let tokens = tokenization.tokens
        return code.withUnsafeBufferPointer { bytes in
            let text = Minifier.ContiguousText(bytes: bytes)
            let bound = Minifier.WrittenSizeBound(text, tokens: tokens, range: tokens.indices, renames: renames, countsSegments: true)
            var writer = Minifier.Writer(text: text, origins: .body(0..<code.count, lineOffset: 0), mapping: true)
            let capacity = room ?? 4 * code.count + 64
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            writer.attach(buffer)
            writer.run(tokens, range: tokens.indices, renames: renames, rewrites: rewrites)
            let count = writer.detach()
            var piece = writer.finish()
            if piece.code.isEmpty { piece.code = Array(buffer[..<count]) }
            return (piece.code, piece.segments.count, bound)
        }
    }

    static let sources = [
        "function f(alpha, beta) { const gamma = {alpha, beta}; return {gamma, alpha} }",
        "function f() { let value = true, other = false; return `line\none\r\ntwo\u{2028}three ${value} four\n` + other }",
        "function g(first) { var s = 'a\\\nb'; const {first: x, second} = first; return [x, second, s] }",
        "x = 1; /* comment */ y = x\n\n\n+ 2",
        "",
    ]

    @Test(arguments: sources)
    func boundsWhatTheWriterWrites(_ source: String) throws {
        let result = try Self.write(source)
        #expect(result.code.count <= result.bound.bytes)
        #expect(result.segments <= result.bound.segments)
    }

    /// A token's line terminators are counted as the writer meets them, wherever they stand in the text (in the
    /// words the first pass reads eight bytes at a time, or in the bytes after them), and texts without one count 0
    /// (`é` and `€` start with other bytes than U+2028's `E2`; `…` starts with `E2` but is no terminator).
    @Test func lineTerminatorsAreCountedWhereverTheyStand() {
        let terminators = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"]
        let fillers = ["", "a", "abcdefg", "abcdefgh", "x\u{E9}y\u{20AC}", "0123456789abcdefghi", "\u{2026}"]
        for before in fillers {
            for after in fillers {
                let plain = Array((before + after).utf8)
                #expect(plain.withUnsafeBufferPointer(Minifier.WrittenSizeBound.lineTerminatorCount) == 0)
                for first in terminators {
                    for second in terminators {
                        let text = Array((before + first + after + second + before).utf8)
                        // CR then LF across `after` = "" is one CR LF.
                        let expected = after.isEmpty && first == "\r" && second.hasPrefix("\n") ? 1 : 2
                        #expect(text.withUnsafeBufferPointer(Minifier.WrittenSizeBound.lineTerminatorCount) == expected, "\(text)")
                    }
                }
            }
        }
    }

    @Test func aWriterGivenLessRoomWritesEverything() throws {
        let source = Self.sources[1]
        let roomy = try Self.write(source)
        let cramped = try Self.write(source, room: 8)
        #expect(cramped.code == roomy.code)
        #expect(cramped.segments == roomy.segments)
        #expect(roomy.code.count > 8)
    }
}
