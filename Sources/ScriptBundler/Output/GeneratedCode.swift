/// Generated bundle text with its source map, tracking the generated line and UTF-16 column so every
/// copied original token gets an exact mapping.
struct GeneratedCode {
    private(set) var bytes: [UInt8] = []
    private(set) var map: SourceMapBuilder
    let isMapping: Bool
    private(set) var line = 0
    private(set) var column = 0
    private var lastWasCarriageReturn = false
    /// Whether the significant tokens are recorded as the code is written (`pieceTokens`).
    let isRecordingTokens: Bool
    /// The tokens written so far, when `isRecordingTokens`.
    private(set) var pieceTokens = PieceTokens()

    /// `intermediate`: the map is only read by the minifier (see `SourceMapBuilder.intermediate()`).
    /// `recordingTokens`: keep the tokens of everything written (see `PieceTokens`).
    init(isMapping: Bool, intermediate: Bool = false, capacity: Int, recordingTokens: Bool = false) {
        self.isMapping = isMapping
        isRecordingTokens = recordingTokens
        map = intermediate ? SourceMapBuilder.intermediate() : SourceMapBuilder()
        bytes.reserveCapacity(capacity)
        if isMapping { map.reserveCapacity(segments: capacity / 3) }
    }

    mutating func addSource(_ path: String, content: [UInt8]) -> Int {
        map.addSource(path, content: content)
    }

    /// Appends generated (unmapped) text.
    mutating func appendUnmapped(_ text: String) {
        appendUnmapped(bytes: Array(text.utf8))
    }

    mutating func appendUnmapped(bytes text: [UInt8]) {
        if isMapping, !text.isEmpty { map.addUnmapped(generatedLine: line, generatedColumn: column) }
        appendGenerated(text)
    }

    /// Appends generated text, recording its tokens.
    private mutating func appendGenerated(_ text: [UInt8]) {
        if isRecordingTokens { pieceTokens.appendGenerated(text, start: bytes.count, line: line, column: column) }
        append(text)
    }

    private mutating func append(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { append($0) }
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
        advance(over: text)
    }

    private mutating func advance(over text: UnsafeBufferPointer<UInt8>) {
        var k = 0
        let end = text.count
        while k < end {
            let b = text[k]
            if b == 0x0A {
                if !lastWasCarriageReturn { newLine() }
                lastWasCarriageReturn = false
            } else if b == 0x0D {
                newLine()
                lastWasCarriageReturn = true
            } else {
                lastWasCarriageReturn = false
                if b == 0xE2, k + 2 < end, text[k + 1] == 0x80, text[k + 2] == 0xA8 || text[k + 2] == 0xA9 {
                    newLine()
                    k += 3
                    continue
                }
                if b & 0xC0 != 0x80 { column += b >= 0xF0 ? 2 : 1 }
            }
            k += 1
        }
    }

    private mutating func newLine() {
        line += 1
        column = 0
    }

    /// Makes sure the output ends with a line terminator.
    mutating func endLine() {
        if let last = bytes.last, last == 0x0A || last == 0x0D || (bytes.count >= 3 && (last == 0xA8 || last == 0xA9) && bytes[bytes.count - 3] == 0xE2) {
            return
        }
        append([0x0A])
    }

    /// Copies `source` with `edits` applied (sorted by start, insertions first), mapping every original token.
    mutating func appendSource(_ source: [UInt8], tokens: [JavaScriptToken], edits: [TokenEdit], sourceIndex: Int) {
        source.withUnsafeBufferPointer { src in
            tokens.withUnsafeBufferPointer { tokens in
                appendSource(src, tokens: tokens, edits: edits, sourceIndex: sourceIndex)
            }
        }
    }

    private mutating func appendSource(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, edits: [TokenEdit], sourceIndex: Int
    ) {
        var pos = 0
        // Start of the text between the last recorded token and the next one (comments and white space).
        var gapStart = bytes.count
        if source.count >= 2, source[0] == 0x23, source[1] == 0x21 {
            append(Array("//".utf8))
            pos = 2
        }
        var editIndex = 0
        var t = 0
        while t <= tokens.count {
            let tokenStart = t < tokens.count ? tokens[t].start : source.count
            if editIndex < edits.count, edits[editIndex].start == t {
                let edit = edits[editIndex]
                editIndex += 1
                copy(source, from: pos, to: tokenStart)
                pos = tokenStart
                if isRecordingTokens { scanGap(from: gapStart) }
                if isMapping, !edit.text.isEmpty {
                    if let mapped = edit.mappedToken, mapped < tokens.count {
                        map.addMapping(generatedLine: line, generatedColumn: column, source: sourceIndex,
                                       originalLine: tokens[mapped].line - 1, originalColumn: tokens[mapped].column)
                    } else {
                        map.addUnmapped(generatedLine: line, generatedColumn: column)
                    }
                }
                let firstTokenIndex = pieceTokens.tokens.count
                let textStart = bytes.count
                appendGenerated(Array(edit.text.utf8))
                if isRecordingTokens, let mapped = edit.mappedToken, mapped < tokens.count {
                    pieceTokens.mapGeneratedToken(startingAt: textStart, from: firstTokenIndex, to: mapped)
                }
                if edit.end > edit.start, edit.end <= tokens.count {
                    let skipEnd = tokens[edit.end - 1].end
                    appendLineTerminators(source, from: pos, to: skipEnd)
                    pos = skipEnd
                    t = edit.end
                }
                gapStart = bytes.count
                continue
            }
            guard t < tokens.count else { break }
            let token = tokens[t]
            copy(source, from: pos, to: token.start)
            if isMapping {
                map.addMapping(generatedLine: line, generatedColumn: column, source: sourceIndex,
                               originalLine: token.line - 1, originalColumn: token.column)
            }
            let startLine = line
            let startColumn = column
            let start = bytes.count
            if isRecordingTokens { scanGap(from: gapStart) }
            copy(source, from: token.start, to: token.end)
            if isRecordingTokens {
                pieceTokens.append(token, start: start, line: startLine, column: startColumn, endLine: line, source: Int32(truncatingIfNeeded: t))
                gapStart = bytes.count
            }
            if isMapping, token.canSpanLines, line > startLine {
                for extra in 1...(line - startLine) {
                    map.addMapping(generatedLine: startLine + extra, generatedColumn: 0, source: sourceIndex,
                                   originalLine: token.line - 1 + extra, originalColumn: 0)
                }
            }
            pos = token.end
            t += 1
        }
        copy(source, from: pos, to: source.count)
        if isRecordingTokens { scanGap(from: gapStart) }
    }

    /// Records the legal comments written since byte `start` (text between tokens).
    private mutating func scanGap(from start: Int) {
        guard start < bytes.count else { return }
        let end = bytes.count
        bytes.withUnsafeBufferPointer { written in pieceTokens.scanGap(written, start..<end) }
    }

    private mutating func copy(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard start < end else { return }
        append(UnsafeBufferPointer(rebasing: source[start..<end]))
    }

    /// Appends only the line terminators found in `source[start..<end]`.
    private mutating func appendLineTerminators(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        var k = start
        while k < end {
            let b = source[k]
            if b == 0x0A || b == 0x0D {
                append([b])
            } else if b == 0xE2, k + 2 < end, source[k + 1] == 0x80, source[k + 2] == 0xA8 || source[k + 2] == 0xA9 {
                append([0x0A])
                k += 2
            }
            k += 1
        }
    }
}
