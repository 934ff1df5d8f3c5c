/// Generated bundle text with its source map, tracking the generated line and UTF-16 column so every
/// copied original token gets an exact mapping.
struct GeneratedCode {
    private(set) var bytes: [UInt8] = []
    private(set) var map: SourceMapBuilder
    let isMapping: Bool
    private(set) var line = 0
    private(set) var column = 0
    private var lastWasCarriageReturn = false

    /// `intermediate`: the map is only read by the minifier (see `SourceMapBuilder.intermediate()`).
    init(isMapping: Bool, intermediate: Bool = false, capacity: Int) {
        self.isMapping = isMapping
        map = intermediate ? SourceMapBuilder.intermediate() : SourceMapBuilder()
        bytes.reserveCapacity(capacity)
        if isMapping { map.reserveCapacity(segments: capacity / 3) }
    }

    mutating func addSource(_ path: String, content: [UInt8]) -> Int {
        map.addSource(path, content: content)
    }

    /// Appends generated (unmapped) text.
    mutating func appendUnmapped(_ text: String) {
        if isMapping, !text.isEmpty { map.addUnmapped(generatedLine: line, generatedColumn: column) }
        append(text)
    }

    mutating func appendUnmapped(bytes text: [UInt8]) {
        if isMapping, !text.isEmpty { map.addUnmapped(generatedLine: line, generatedColumn: column) }
        append(text)
    }

    private mutating func append(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { append($0) }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func append(byte: UInt8) {
        bytes.append(byte)
        withUnsafePointer(to: byte) { advance(over: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
        advance(over: text)
    }

    private mutating func advance(over text: UnsafeBufferPointer<UInt8>) {
        var k = 0
        let end = text.count
        // Eight bytes at a time while they are ASCII without line terminators: one column each.
        if end >= 8, let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            while end - k >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0,
                    !Self.hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A),
                    !Self.hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                else { break }
                column += 8
                lastWasCarriageReturn = false
                k += 8
            }
        }
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
                if LineTerminator.isSeparator(text, at: k, end: end) {
                    newLine()
                    k += 3
                    continue
                }
                if b & 0xC0 != 0x80 { column += b >= 0xF0 ? 2 : 1 }
            }
            k += 1
        }
    }

    /// Whether one of the eight bytes of `word` (all below 0x80) is zero.
    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    private mutating func newLine() {
        line += 1
        column = 0
    }

    /// Makes sure the output ends with a line terminator.
    mutating func endLine() {
        if LineTerminator.isAtEnd(of: bytes) { return }
        append(byte: 0x0A)
    }

    /// Copies `source` with `edits` applied (sorted by start, insertions first), mapping every original token.
    /// `origins`: `source` is a lowered file's printed code, whose positions map back to the file through it.
    mutating func appendSource(
        _ source: [UInt8], tokens: [JavaScriptToken], edits: [TokenEdit], sourceIndex: Int, origins: SourceOrigins? = nil
    ) {
        source.withUnsafeBufferPointer { src in
            tokens.withUnsafeBufferPointer { tokens in
                appendSource(src, tokens: tokens, edits: edits, sourceIndex: sourceIndex, origins: origins)
            }
        }
    }

    /// Maps the current position to `originalLine`/`originalColumn` of source `sourceIndex`, or, through
    /// `origins`, to where that position of a lowered file's printed code comes from (no segment where it has no
    /// origin of its own: the code stays in the segment before it).
    @inline(__always)
    private mutating func addMapping(sourceIndex: Int, originalLine: Int, originalColumn: Int, origins: SourceOrigins?) {
        guard let origins else {
            return map.addMapping(
                generatedLine: line, generatedColumn: column, source: sourceIndex, originalLine: originalLine,
                originalColumn: originalColumn)
        }
        guard let original = origins.original(line: originalLine, column: originalColumn) else { return }
        map.addMapping(
            generatedLine: line, generatedColumn: column, source: sourceIndex, originalLine: original.line,
            originalColumn: original.column)
    }

    private mutating func appendSource(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, edits: [TokenEdit], sourceIndex: Int,
        origins: SourceOrigins?
    ) {
        var pos = 0
        if source.count >= 2, source[0] == 0x23, source[1] == 0x21 {
            append("//")
            pos = 2
        }
        // Source bytes are copied in runs between edits; `advance` keeps line and column per token.
        var copied = pos
        var editIndex = 0
        var t = 0
        while t <= tokens.count {
            let tokenStart = t < tokens.count ? tokens[t].start : source.count
            if editIndex < edits.count, edits[editIndex].start == t {
                let edit = edits[editIndex]
                editIndex += 1
                track(source, from: pos, to: tokenStart)
                pos = tokenStart
                flush(source, from: &copied, to: pos)
                if isMapping, !edit.text.isEmpty {
                    if let mapped = edit.mappedToken, mapped < tokens.count {
                        addMapping(
                            sourceIndex: sourceIndex, originalLine: tokens[mapped].line - 1, originalColumn: tokens[mapped].column,
                            origins: origins)
                    } else {
                        map.addUnmapped(generatedLine: line, generatedColumn: column)
                    }
                }
                append(edit.text)
                if edit.end > edit.start, edit.end <= tokens.count {
                    let skipEnd = tokens[edit.end - 1].end
                    appendLineTerminators(source, from: pos, to: skipEnd)
                    pos = skipEnd
                    copied = skipEnd
                    t = edit.end
                }
                continue
            }
            guard t < tokens.count else { break }
            let token = tokens[t]
            track(source, from: pos, to: token.start)
            if isMapping {
                addMapping(sourceIndex: sourceIndex, originalLine: token.line - 1, originalColumn: token.column, origins: origins)
            }
            let startLine = line
            track(source, from: token.start, to: token.end)
            if isMapping, token.canSpanLines, line > startLine {
                for extra in 1...(line - startLine) {
                    if let origins {
                        guard let original = origins.original(line: token.line - 1 + extra, column: 0) else { continue }
                        map.addMapping(
                            generatedLine: startLine + extra, generatedColumn: 0, source: sourceIndex, originalLine: original.line,
                            originalColumn: original.column)
                    } else {
                        map.addMapping(
                            generatedLine: startLine + extra, generatedColumn: 0, source: sourceIndex,
                            originalLine: token.line - 1 + extra, originalColumn: 0)
                    }
                }
            }
            pos = token.end
            t += 1
        }
        track(source, from: pos, to: source.count)
        flush(source, from: &copied, to: source.count)
    }

    /// Advances the generated position over `source[start..<end]`, which `flush` copies later.
    @inline(__always)
    private mutating func track(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard start < end else { return }
        guard end - start < 16 else { return advance(over: UnsafeBufferPointer(rebasing: source[start..<end])) }
        // Short runs (most tokens and the space between them): plain ASCII inline, anything else in `advance`.
        var k = start
        while k < end {
            let b = source[k]
            if b >= 0x80 || b == 0x0A || b == 0x0D { break }
            k += 1
        }
        if k > start {
            column += k - start
            lastWasCarriageReturn = false
        }
        if k < end { advance(over: UnsafeBufferPointer(rebasing: source[k..<end])) }
    }

    /// Copies the source bytes from `copied` to `end` (already tracked) into the output.
    private mutating func flush(_ source: UnsafeBufferPointer<UInt8>, from copied: inout Int, to end: Int) {
        if copied < end { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<end])) }
        copied = end
    }

    /// Appends only the line terminators found in `source[start..<end]`.
    private mutating func appendLineTerminators(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        var k = start
        while k < end {
            let b = source[k]
            if b == 0x0A || b == 0x0D {
                append(byte: b)
            } else if LineTerminator.isSeparator(source, at: k, end: end) {
                append(byte: 0x0A)
                k += 2
            }
            k += 1
        }
    }
}
