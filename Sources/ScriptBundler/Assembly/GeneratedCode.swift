import ScriptModules
import ScriptSyntax
import WKPackSupport

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
    /// `byTracking`: follow the generated position through every byte (the reference the default is tested against).
    mutating func appendSource(
        _ source: [UInt8], tokens: [JavaScriptToken], edits: [TokenEdit], sourceIndex: Int, origins: SourceOrigins? = nil,
        byTracking: Bool = false
    ) {
        source.withUnsafeBufferPointer { src in
            tokens.withUnsafeBufferPointer { tokens in
                if byTracking {
                    appendSourceByTracking(src, tokens: tokens, edits: edits, sourceIndex: sourceIndex, origins: origins)
                } else {
                    appendSource(src, tokens: tokens, edits: edits, sourceIndex: sourceIndex, origins: origins)
                }
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
        let hasHashbang = source.count >= 2 && source[0] == 0x23 && source[1] == 0x21
        guard let first = tokens.first, first.start >= (hasHashbang ? 2 : 0) else {
            return appendSourceByTracking(source, tokens: tokens, edits: edits, sourceIndex: sourceIndex, origins: origins)
        }
        // `line`, `column` and `lastWasCarriageReturn` are those of source offset `pos`. The text after it is copied
        // as it is, so a token there is where `shift` puts its original position: no byte between is looked at.
        var pos = 0
        if hasHashbang {
            append("//")
            pos = 2
        }
        var shift = shiftFrom(source, pos, originalLine: 0, originalColumn: pos)
        var copied = pos
        var editIndex = 0
        var t = 0
        let count = tokens.count
        while t <= count {
            if editIndex < edits.count, edits[editIndex].start == t {
                let edit = edits[editIndex]
                editIndex += 1
                if t < count {
                    let token = tokens[t]
                    if token.start > pos {
                        (line, column) = shift.position(line: token.line - 1, column: token.column)
                        lastWasCarriageReturn = source[token.start - 1] == 0x0D
                        pos = token.start
                    }
                } else {
                    trackToEnd(source, tokens: tokens, shift: shift, from: &pos)
                }
                flush(source, from: &copied, to: pos)
                if isMapping, !edit.text.isEmpty {
                    if let mapped = edit.mappedToken, mapped < count {
                        addMapping(
                            sourceIndex: sourceIndex, originalLine: tokens[mapped].line - 1, originalColumn: tokens[mapped].column,
                            origins: origins)
                    } else {
                        map.addUnmapped(generatedLine: line, generatedColumn: column)
                    }
                }
                append(edit.text)
                if edit.end > edit.start, edit.end <= count {
                    let last = tokens[edit.end - 1]
                    appendLineTerminators(source, from: pos, to: last.end)
                    pos = last.end
                    copied = last.end
                    t = edit.end
                    let end = Self.endPosition(of: last, in: source)
                    shift = shiftFrom(source, pos, originalLine: end.line, originalColumn: end.column)
                } else if t < count {
                    shift = shiftFrom(source, pos, originalLine: tokens[t].line - 1, originalColumn: tokens[t].column)
                }
                continue
            }
            guard t < count else { break }
            // The tokens up to the next edit that can still apply (all of them when none can).
            var runEnd = count
            if editIndex < edits.count, edits[editIndex].start > t { runEnd = min(count, edits[editIndex].start) }
            if isMapping {
                addMappings(source, tokens: tokens, t..<runEnd, shift: shift, sourceIndex: sourceIndex, origins: origins)
            }
            t = runEnd
        }
        trackToEnd(source, tokens: tokens, shift: shift, from: &pos)
        flush(source, from: &copied, to: source.count)
    }

    /// How original positions (0-based line, UTF-16 column) of the text copied from source offset `pos` on map to
    /// generated ones: lines move by `lines`; columns by `columns` on original line `line` only, since every later
    /// line starts after a copied line terminator, at column 0 on both sides.
    private struct Shift {
        var line: Int
        var lines: Int
        var columns: Int

        @inline(__always)
        func position(line original: Int, column: Int) -> (line: Int, column: Int) {
            (original &+ lines, original == line ? column &+ columns : column)
        }
    }

    /// The shift of the text copied from source offset `pos` (at original position `originalLine`/`originalColumn`),
    /// from the generated position there.
    private func shiftFrom(_ source: UnsafeBufferPointer<UInt8>, _ pos: Int, originalLine: Int, originalColumn: Int) -> Shift {
        // After a generated CR, a copied LF ends no line of its own (the two read as CR LF): the original's next line
        // starts on the generated line already begun.
        if lastWasCarriageReturn, pos < source.count, source[pos] == 0x0A {
            return Shift(line: originalLine + 1, lines: line - (originalLine + 1), columns: 0)
        }
        return Shift(line: originalLine, lines: line - originalLine, columns: column - originalColumn)
    }

    /// The original position (0-based line, UTF-16 column) just after `token`.
    private static func endPosition(of token: JavaScriptToken, in source: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = token.line - 1
        var column = token.column
        var k = token.start
        let end = token.end
        while k < end {
            let b = source[k]
            if b < 0x80, b != 0x0A, b != 0x0D {
                column += 1
                k += 1
                continue
            }
            let length = LineTerminator.length(source, at: k, end: end)
            if length > 0 {
                line += 1
                column = 0
                k += length
                continue
            }
            if b & 0xC0 != 0x80 { column += b >= 0xF0 ? 2 : 1 }
            k += 1
        }
        return (line, column)
    }

    /// Brings the generated position from source offset `pos` to the end of the source: from the last token's start
    /// (placed by `shift`) when it comes after `pos`, byte by byte over the rest.
    private mutating func trackToEnd(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, shift: Shift, from pos: inout Int
    ) {
        if let last = tokens.last, last.start > pos {
            (line, column) = shift.position(line: last.line - 1, column: last.column)
            lastWasCarriageReturn = source[last.start - 1] == 0x0D
            pos = last.start
        }
        track(source, from: pos, to: source.count)
        pos = source.count
    }

    /// The segments of `tokens[range]`, copied as they are: one at each token's start, and one at column 0 of each
    /// further line a multi-line token takes.
    private mutating func addMappings(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, _ range: Range<Int>, shift: Shift,
        sourceIndex: Int, origins: SourceOrigins?
    ) {
        if origins == nil, map.encodesMappings {
            return encodeMappings(source, tokens: tokens, range, shift: shift, sourceIndex: sourceIndex)
        }
        for t in range {
            let token = tokens[t]
            let originalLine = token.line - 1
            let generated = shift.position(line: originalLine, column: token.column)
            if let origins {
                if let original = origins.original(line: originalLine, column: token.column) {
                    map.addMapping(
                        generatedLine: generated.line, generatedColumn: generated.column, source: sourceIndex,
                        originalLine: original.line, originalColumn: original.column)
                }
            } else {
                map.addMapping(
                    generatedLine: generated.line, generatedColumn: generated.column, source: sourceIndex, originalLine: originalLine,
                    originalColumn: token.column)
            }
            // A token followed on its own line by the next one spans no line.
            guard token.canSpanLines, t + 1 >= tokens.count || tokens[t + 1].line != token.line else { continue }
            let lines = Self.endPosition(of: token, in: source).line - originalLine
            guard lines > 0 else { continue }
            for extra in 1...lines {
                if let origins {
                    guard let original = origins.original(line: originalLine + extra, column: 0) else { continue }
                    map.addMapping(
                        generatedLine: generated.line + extra, generatedColumn: 0, source: sourceIndex, originalLine: original.line,
                        originalColumn: original.column)
                } else {
                    map.addMapping(
                        generatedLine: generated.line + extra, generatedColumn: 0, source: sourceIndex,
                        originalLine: originalLine + extra, originalColumn: 0)
                }
            }
        }
    }

    /// `addMappings` without origins, encoded as they are added (`SourceMapBuilder.encodeMappings`).
    private mutating func encodeMappings(
        _ source: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<JavaScriptToken>, _ range: Range<Int>, shift: Shift,
        sourceIndex: Int
    ) {
        var next = range.lowerBound
        var room = 1 << 16
        while next < range.upperBound {
            let t = next
            map.encodeMappings(room: room) { shared in
                // The encoder and the token index in locals while encoding: as the closure's inout parameter and
                // captured variable they were loaded and stored in memory for every value of every segment.
                var encoder = shared
                var t = t
                defer {
                    shared = encoder
                    next = t
                }
                while t < range.upperBound {
                    let token = tokens[t]
                    // Wrapping arithmetic: lines and columns of a source are far from overflowing.
                    let originalLine = token.line &- 1
                    let generated = shift.position(line: originalLine, column: token.column)
                    // A token followed on its own line by the next one spans no line.
                    var lines = 0
                    if token.canSpanLines, t &+ 1 >= tokens.count || tokens[t &+ 1].line != token.line {
                        lines = Self.endPosition(of: token, in: source).line &- originalLine
                    }
                    guard encoder.hasRoom(segments: 1 &+ lines, upToLine: generated.line &+ lines) else {
                        room = max(room, (generated.line + lines) + (1 + lines) * SourceMapBuilder.MappingEncoder.maximumSegmentBytes)
                        return
                    }
                    encoder.add(
                        generatedLine: generated.line, generatedColumn: generated.column, source: sourceIndex, originalLine: originalLine,
                        originalColumn: token.column)
                    if lines > 0 {
                        for extra in 1...lines {
                            encoder.add(
                                generatedLine: generated.line + extra, generatedColumn: 0, source: sourceIndex,
                                originalLine: originalLine + extra, originalColumn: 0)
                        }
                    }
                    t &+= 1
                }
            }
        }
    }

    /// `appendSource` by following the generated position through every copied byte: the reference the shifted
    /// positions are tested against, and the way for tokens that start before the text copied (a hashbang token).
    private mutating func appendSourceByTracking(
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
