/// The significant tokens of a generated bundle piece, recorded while the piece is put together (`PieceRecorder`),
/// so the minifier need not write, tokenize or parse the piece again: copied source tokens are the source's own
/// tokens (their offsets point into the source, their index is where the first parse's scope analysis points),
/// generated text (wrapper, edits) is tokenized on its own and placed after the source (see `PieceRecorder`).
/// Each token's `newlineBefore` tells whether the piece's text has a line terminator between it and the token
/// before; its line and column are only meaningful relative to the token itself.
struct PieceTokens: Sendable {
    /// Every significant token, in order (no comments).
    var tokens: [JavaScriptToken] = []
    /// Per token: its index in the copied source's tokens, or -1 for a token of generated text.
    var sourceTokens: [Int32] = []
    /// Per token: the source token whose original position it maps to (itself when copied, the replaced token
    /// for the first token of an edit's text that maps back), or -1 for unmapped generated text.
    var origins: [Int32] = []
    /// Indexes (into `tokens`) of the generated identifiers that name a binding (not a property name).
    var generatedNames: [Int] = []
    /// Byte ranges of the legal comments found between copied tokens, in order.
    var legalComments: [Range<Int>] = []
    /// False when some generated text did not tokenize on its own: minify the piece the slow way then.
    var isComplete = true
    /// Whether a line terminator was written since the last recorded token (true before the first one).
    var pendingNewline = true

    /// Makes room for `count` tokens in all.
    mutating func reserveCapacity(_ count: Int) {
        tokens.reserveCapacity(count)
        sourceTokens.reserveCapacity(count)
        origins.reserveCapacity(count)
    }

    /// Appends the copied source tokens `source[range]` (each keeping its index), the first one after what was
    /// written since the last recorded token (`pendingNewline`), the others after their own gaps.
    mutating func appendSource(_ source: UnsafeBufferPointer<JavaScriptToken>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = source[range.lowerBound]
        if pendingNewline, !first.newlineBefore {
            tokens.append(
                JavaScriptToken(
                    kind: first.kind, start: first.start, end: first.end, line: first.line, column: first.column, newlineBefore: true))
            tokens.append(contentsOf: UnsafeBufferPointer(rebasing: source[(range.lowerBound + 1)..<range.upperBound]))
        } else {
            tokens.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
        }
        // Each token's index, written in place into room added at once, then copied as the origins.
        let count = range.count
        let base = Int32(truncatingIfNeeded: range.lowerBound)
        let old = sourceTokens.count
        sourceTokens.append(contentsOf: repeatElement(0, count: count))
        sourceTokens.withUnsafeMutableBufferPointer { indices in
            for k in 0..<count { indices[old &+ k] = base &+ Int32(truncatingIfNeeded: k) }
            origins.append(contentsOf: UnsafeBufferPointer(rebasing: indices[old..<(old + count)]))
        }
        pendingNewline = false
    }

    /// Maps the token starting at byte `start`, if the last text appended began with one, to source token `source`.
    mutating func mapGeneratedToken(startingAt start: Int, from firstIndex: Int, to source: Int) {
        guard firstIndex < tokens.count, tokens[firstIndex].start == start else { return }
        origins[firstIndex] = Int32(truncatingIfNeeded: source)
    }

    /// Records the legal comments among the comments and whitespace of `bytes[range]` (text between tokens).
    mutating func scanGap(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var k = range.lowerBound
        let end = range.upperBound
        while k + 1 < end {
            guard bytes[k] == 0x2F else {
                k += 1
                continue
            }
            let start = k
            if bytes[k + 1] == 0x2F {
                k += 2
                while k < end, LineTerminator.length(bytes, at: k, end: end) == 0 {
                    k += 1
                }
            } else if bytes[k + 1] == 0x2A {
                k += 2
                while k + 1 < end, !(bytes[k] == 0x2A && bytes[k + 1] == 0x2F) { k += 1 }
                k = min(end, k + 2)
            } else {
                k += 1
                continue
            }
            if LegalComments.isLegal(bytes, start..<k) { legalComments.append(start..<k) }
        }
    }

    /// Tokenizes generated `text` (placed at byte `start`) and appends its tokens; identifiers not after `.`/`?.`
    /// and not before `:` are noted as binding names. A wrapper's header and footer leave brackets open or close
    /// them: they are tokenized with the missing brackets added around them (and dropped again).
    mutating func appendGenerated(_ text: [UInt8], start: Int) {
        guard !text.isEmpty else { return }
        let (prefix, suffix) = Self.missingBrackets(text)
        let scanned = prefix.isEmpty && suffix.isEmpty ? text : prefix + text + suffix
        let tokenization: JavaScriptTokenization
        do {
            tokenization = try JavaScriptTokenizer.tokenize(scanned)
        } catch {
            isComplete = false
            return
        }
        let shift = prefix.count
        let own = tokenization.tokens
        var lastEnd = shift
        for (index, token) in own.enumerated() where token.start >= shift && token.end <= shift + text.count {
            // Generated text is JSON-escaped, so no token spans lines; if one did, give up on this piece.
            if token.canSpanLines, Self.containsLineTerminator(scanned, token.range) { isComplete = false }
            if token.kind == .identifier {
                let afterDot =
                    index > 0 && own[index - 1].kind == .punctuator
                    && (Self.isText(own[index - 1], ".", in: scanned) || Self.isText(own[index - 1], "?.", in: scanned))
                let beforeColon = index + 1 < own.count && Self.isText(own[index + 1], ":", in: scanned)
                if !afterDot, !beforeColon { generatedNames.append(tokens.count) }
            }
            let newlineBefore = pendingNewline || Self.containsLineTerminator(scanned, lastEnd..<token.start)
            tokens.append(
                JavaScriptToken(
                    kind: token.kind, start: start + token.start - shift, end: start + token.end - shift, line: token.line,
                    column: token.column, newlineBefore: newlineBefore))
            sourceTokens.append(-1)
            origins.append(-1)
            pendingNewline = false
            lastEnd = token.end
        }
        if Self.containsLineTerminator(scanned, lastEnd..<(shift + text.count)) { pendingNewline = true }
    }

    /// The brackets to put before `text` (openers of its unmatched closers) and after it (closers of its
    /// unclosed openers) so that it tokenizes on its own. Skips double-quoted strings (generated text has no
    /// other strings, comments, regular expressions or templates).
    static func missingBrackets(_ text: [UInt8]) -> (prefix: [UInt8], suffix: [UInt8]) {
        var open: [UInt8] = []
        var prefix: [UInt8] = []
        var k = 0
        while k < text.count {
            switch text[k] {
            case 0x22:
                k += 1
                while k < text.count, text[k] != 0x22 {
                    if text[k] == 0x5C { k += 1 }
                    k += 1
                }
            case 0x28: open.append(0x29)
            case 0x5B: open.append(0x5D)
            case 0x7B: open.append(0x7D)
            case 0x29, 0x5D, 0x7D:
                if open.isEmpty {
                    prefix.insert(text[k] == 0x29 ? 0x28 : text[k] - 2, at: 0)
                } else {
                    open.removeLast()
                }
            default:
                break
            }
            k += 1
        }
        return (prefix, open.reversed())
    }

    private static func containsLineTerminator(_ text: [UInt8], _ range: Range<Int>) -> Bool {
        text.withUnsafeBufferPointer { containsLineTerminator($0, range) }
    }

    /// Whether `text[range]` holds a line terminator (LF, CR, U+2028, U+2029).
    static func containsLineTerminator(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound {
            if LineTerminator.length(text, at: k, end: range.upperBound) > 0 { return true }
            k += 1
        }
        return false
    }

    private static func isText(_ token: JavaScriptToken, _ word: StaticString, in text: [UInt8]) -> Bool {
        guard token.end - token.start == word.utf8CodeUnitCount else { return false }
        for k in 0..<word.utf8CodeUnitCount where text[token.start + k] != word.utf8Start[k] { return false }
        return true
    }
}
