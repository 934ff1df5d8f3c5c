import Testing

@testable import ScriptBundler

/// The edits the minifier's passes record per token, and the edited stream `apply` makes of them.
@Suite struct TokenEditsTests {
    static func tokens(_ source: String) throws -> (bytes: [UInt8], tokens: [JavaScriptToken]) {
        let bytes = Array(source.utf8)
        return (bytes, try JavaScriptTokenizer.tokenize(bytes).tokens)
    }

    /// The edited stream's text, one token after the other (written text is placed after `bytes`).
    static func written(_ edited: EditedTokens, bytes: [UInt8]) -> [String] {
        let all = bytes + edited.text
        return edited.tokens.map { String(decoding: all[$0.start..<$0.end], as: UTF8.self) }
    }

    @Test func recordsSkipsAndReplacementsPerToken() {
        var edits = TokenEdits(tokenCount: 4)
        #expect(edits.isEmpty)
        edits.skip(1..<3)
        edits.replace(0, with: [])
        #expect(!edits.isEmpty)
        #expect(edits.isEdited(0) && edits.isEdited(1))
        #expect(!edits.isEdited(2) && !edits.isEdited(3))
        #expect(edits.isSkipped(1..<3))
        #expect(!edits.isSkipped(1..<2))
        #expect(edits.skipEnd(at: 1) == 3)
        #expect(edits.replacement(of: 0) == [])
        #expect(edits.replacement(of: 1) == nil)
        // Out of the tokens counted at first: still recorded (storage grows), never an error.
        edits.replace(40, with: [.span(0, 1)])
        #expect(edits.isEdited(40))
        #expect(!edits.isEdited(39) && !edits.isEdited(1_000))
        #expect(Array(edits.movedSpanBounds) == [0])
        // An empty range records nothing.
        edits.skip(3..<3)
        #expect(!edits.isEdited(3))
    }

    @Test func aTokenReplacedAgainKeepsTheLastEntries() {
        var edits = TokenEdits()
        edits.replace(2, with: [.span(5, 8)])
        edits.replace(2, with: [.span(10, 11)])
        #expect(edits.replacement(of: 2) == [.span(10, 11)])
        // The first list is gone: its span's bounds are no longer moved.
        #expect(Array(edits.movedSpanBounds) == [10])
    }

    @Test func applyWritesTheEditedStream() throws {
        let (bytes, tokens) = try Self.tokens("f ( a ) ; g ( b ) ;")
        var edits = TokenEdits(tokenCount: tokens.count)
        // `f(a);` left out, `b` written as the moved `a` between parentheses of written text.
        edits.skip(0..<5)
        let open = edits.text("(", .punctuator, origin: 7)
        let close = edits.text(")", .punctuator, origin: 7)
        edits.replace(7, with: [open, .span(2, 3), close])
        let edited = edits.apply(to: tokens, textBase: bytes.count, range: tokens.indices)
        #expect(Self.written(edited, bytes: bytes) == ["g", "(", "(", "a", ")", ")", ";"])
        #expect(edited.origins == [5, 6, 7, 2, 7, 8, 9])
        #expect(edited.isOriginal == [true, true, false, true, false, true, true])
        #expect(edited.range == 0..<7)
    }

    @Test func applyWithoutEditsKeepsTheStream() throws {
        let (bytes, tokens) = try Self.tokens("let x = 1;\nx++")
        let edited = TokenEdits(tokenCount: tokens.count).apply(to: tokens, textBase: bytes.count, range: 1..<3)
        #expect(edited.tokens == tokens)
        #expect(edited.origins == tokens.indices.map { Int32($0) })
        #expect(edited.range == 1..<3)
    }
}
