/// The significant tokens of a generated bundle piece, recorded while `GeneratedCode` writes it, so the minifier
/// need not tokenize or parse the piece again: copied source tokens keep their kind and their index in the
/// source's own token list (where the first parse's scope analysis points), generated text (wrapper, edits) is
/// tokenized on its own. Positions are those of the piece: byte offsets, 1-based lines, UTF-16 columns.
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
    /// The 0-based line on which the last recorded token ended.
    var lastLine = -1

    /// Appends `token` starting at `line` (0-based), `column`, byte `start`, ending on line `endLine`.
    mutating func append(_ token: JavaScriptToken, start: Int, line: Int, column: Int, endLine: Int, source: Int32) {
        tokens.append(JavaScriptToken(
            kind: token.kind, start: start, end: start + (token.end - token.start), line: line + 1, column: column,
            newlineBefore: line > lastLine))
        sourceTokens.append(source)
        origins.append(source)
        lastLine = endLine
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
                while k < end, bytes[k] != 0x0A, bytes[k] != 0x0D,
                      !(bytes[k] == 0xE2 && k + 2 < end && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9)) {
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

    /// Tokenizes generated `text` (written at byte `start`, line `line`, column `column` of the piece) and
    /// appends its tokens; identifiers not after `.`/`?.` and not before `:` are noted as binding names.
    /// A wrapper's header and footer leave brackets open or close them: they are tokenized with the missing
    /// brackets added around them (and dropped again).
    mutating func appendGenerated(_ text: [UInt8], start: Int, line: Int, column: Int) {
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
        for (index, token) in own.enumerated() where token.start >= shift && token.end <= shift + text.count {
            let tokenLine = line + token.line - 1
            // Generated text is JSON-escaped, so no token spans lines; if one did, give up on this piece.
            if token.canSpanLines, Self.containsLineTerminator(scanned, token.range) { isComplete = false }
            if token.kind == .identifier {
                let afterDot = index > 0 && own[index - 1].kind == .punctuator
                    && (Self.isText(own[index - 1], ".", in: scanned) || Self.isText(own[index - 1], "?.", in: scanned))
                let beforeColon = index + 1 < own.count && Self.isText(own[index + 1], ":", in: scanned)
                if !afterDot, !beforeColon { generatedNames.append(tokens.count) }
            }
            append(token, start: start + token.start - shift, line: tokenLine,
                   column: token.line == 1 ? column + token.column - shift : token.column, endLine: tokenLine, source: -1)
        }
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
        for k in range {
            let b = text[k]
            if b == 0x0A || b == 0x0D { return true }
            if b == 0xE2, k + 2 < range.upperBound, text[k + 1] == 0x80, text[k + 2] == 0xA8 || text[k + 2] == 0xA9 { return true }
        }
        return false
    }

    private static func isText(_ token: JavaScriptToken, _ word: StaticString, in text: [UInt8]) -> Bool {
        guard token.end - token.start == word.utf8CodeUnitCount else { return false }
        for k in 0..<word.utf8CodeUnitCount where text[token.start + k] != word.utf8Start[k] { return false }
        return true
    }
}
