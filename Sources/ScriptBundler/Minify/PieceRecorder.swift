/// Records a production piece made of generated text (a module wrapper, entry calls, the linker's edits) around at
/// most one parsed source, without writing the piece's text: the minifier reads copied tokens from the source
/// itself and generated tokens from `generated`. The tokens and legal comments are those that writing the piece
/// (`GeneratedCode`: the source with its edits applied, a hashbang turned into `//`) and scanning it would give.
///
/// Offsets below `generatedBase` (the source's byte count) are source offsets; offset `generatedBase + k` is byte
/// `k` of `generated`.
struct PieceRecorder {
    /// Where generated text starts in the piece's offsets: the byte count of the piece's source.
    let generatedBase: Int
    /// The generated text, back to back.
    private(set) var generated: [UInt8] = []
    private(set) var pieceTokens = PieceTokens()

    init(sourceByteCount: Int) {
        generatedBase = sourceByteCount
    }

    /// Appends generated text.
    mutating func appendUnmapped(_ text: String) {
        appendUnmapped(bytes: Array(text.utf8))
    }

    /// Appends generated text.
    mutating func appendUnmapped(bytes text: [UInt8]) {
        guard !text.isEmpty else { return }
        let start = generatedBase + generated.count
        generated.append(contentsOf: text)
        pieceTokens.appendGenerated(text, start: start)
    }

    /// Makes sure the piece continues on a new line (`GeneratedCode.endLine()`): the piece then has a line
    /// terminator after its last token either way.
    mutating func endLine() {
        pieceTokens.pendingNewline = true
    }

    /// Records `source` (of `generatedBase` bytes) with `edits` applied (sorted by start, insertions first), as
    /// `GeneratedCode.appendSource` writes it.
    mutating func appendSource(_ source: [UInt8], tokens: [JavaScriptToken], edits: [TokenEdit]) {
        source.withUnsafeBufferPointer { src in
            tokens.withUnsafeBufferPointer { tokens in
                appendSource(src, tokens: tokens, edits: edits)
            }
        }
    }

    private mutating func appendSource(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, edits: [TokenEdit]
    ) {
        let count = tokens.count
        // The piece's arrays are kept as long as the minifier's results for it: sized once, for every source token
        // and at most a token per byte of the edits' text, plus room for a wrapper's footer.
        var editBytes = 0
        for edit in edits { editBytes += edit.text.utf8.count }
        pieceTokens.reserveCapacity(pieceTokens.tokens.count + count + editBytes + 64)
        // Legal comments are looked for between tokens only in a source that might hold one.
        let scansGaps = LegalComments.mayOccur(in: source)
        // The piece holds the source up to `pos` (less the tokens edits replaced).
        var pos = 0
        var editIndex = 0
        var t = 0
        while t <= count {
            if editIndex < edits.count, edits[editIndex].start == t {
                let edit = edits[editIndex]
                editIndex += 1
                let tokenStart = t < count ? tokens[t].start : source.count
                if gapHasLineTerminator(source, tokens: tokens, before: t, from: pos) { pieceTokens.pendingNewline = true }
                if scansGaps { scanGap(source, pos..<tokenStart) }
                pos = tokenStart
                let firstTokenIndex = pieceTokens.tokens.count
                let textStart = generatedBase + generated.count
                appendUnmapped(edit.text)
                if let mapped = edit.mappedToken, mapped < count {
                    pieceTokens.mapGeneratedToken(startingAt: textStart, from: firstTokenIndex, to: mapped)
                }
                if edit.end > edit.start, edit.end <= count {
                    // The replaced tokens leave their line terminators only.
                    let skipEnd = tokens[edit.end - 1].end
                    if PieceTokens.containsLineTerminator(source, pos..<skipEnd) { pieceTokens.pendingNewline = true }
                    pos = skipEnd
                    t = edit.end
                }
                continue
            }
            guard t < count else { break }
            // The tokens up to the next edit (all of them when the next edit can no longer apply) are copied as they are.
            var runEnd = count
            if editIndex < edits.count, edits[editIndex].start > t { runEnd = min(count, edits[editIndex].start) }
            if gapHasLineTerminator(source, tokens: tokens, before: t, from: pos) { pieceTokens.pendingNewline = true }
            if scansGaps {
                scanGap(source, pos..<tokens[t].start)
                for k in (t + 1)..<max(t + 1, runEnd) { scanGap(source, tokens[k - 1].end..<tokens[k].start) }
            }
            pieceTokens.appendSource(tokens, t..<runEnd)
            pos = tokens[runEnd - 1].end
            t = runEnd
        }
        if PieceTokens.containsLineTerminator(source, pos..<source.count) { pieceTokens.pendingNewline = true }
        if scansGaps { scanGap(source, pos..<source.count) }
    }

    /// Whether the source text from `pos` (the end of token `t - 1`, the start of the source, or the start of token
    /// `t`) to token `t` (or the end of the source) holds a line terminator.
    private func gapHasLineTerminator(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, before t: Int, from pos: Int
    ) -> Bool {
        guard t < tokens.count else { return PieceTokens.containsLineTerminator(source, pos..<source.count) }
        return pos < tokens[t].start && tokens[t].newlineBefore
    }

    /// Records the legal comments of the source text `range` between tokens; a hashbang there reads as `//`.
    private mutating func scanGap(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard range.count >= 3 else { return }
        guard range.lowerBound == 0, source[0] == 0x23, source[1] == 0x21 else {
            return pieceTokens.scanGap(source, range)
        }
        var text = Array(source[range])
        text[0] = 0x2F
        text[1] = 0x2F
        let known = pieceTokens.legalComments.count
        text.withUnsafeBufferPointer { pieceTokens.scanGap($0, 0..<text.count) }
        // The hashbang's comment does not read as it does in the source: keep its text as generated text.
        if known < pieceTokens.legalComments.count, pieceTokens.legalComments[known].lowerBound == 0 {
            let comment = pieceTokens.legalComments[known]
            let start = generatedBase + generated.count
            generated.append(contentsOf: text[comment])
            pieceTokens.legalComments[known] = start..<(start + comment.count)
        }
    }
}
