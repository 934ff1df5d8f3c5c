/// The minifier's byte writer: copies tokens into one growing buffer with the separators they need, and emits a
/// source-map segment for every mapped token (see `Minifier`) except the punctuation that maps through the token
/// before it (`mapsThroughPrevious`).
extension Minifier {
    /// The text that token offsets point into.
    protocol TokenText {
        func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8>
        func byte(at offset: Int) -> UInt8
    }

    /// Text in one buffer.
    struct ContiguousText: TokenText {
        let bytes: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[start..<end])
        }

        @inline(__always)
        func byte(at offset: Int) -> UInt8 { bytes[offset] }
    }

    /// A prepared piece's text: its source, then its generated text from offset `bytes.count` on.
    struct SplitText: TokenText {
        let bytes: UnsafeBufferPointer<UInt8>
        let generated: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            if start < bytes.count { return UnsafeBufferPointer(rebasing: bytes[start..<end]) }
            return UnsafeBufferPointer(rebasing: generated[(start - bytes.count)..<(end - bytes.count)])
        }

        @inline(__always)
        func byte(at offset: Int) -> UInt8 {
            offset < bytes.count ? bytes[offset] : generated[offset - bytes.count]
        }
    }

    /// Emits the tokens and their mappings, from line 0 of the piece. Code goes into one growing buffer the
    /// writer owns until `finish()` hands it over as `piece.code` (use one writer once, never copy it).
    /// The type has no constraint on `Text` (its methods are in an extension where `Text: TokenText`), so making
    /// its metadata at run time looks up no protocol conformance (a scan of every conformance record).
    struct Writer<Text> {
        /// The text the tokens' offsets point into.
        let source: Text
        let mapping: Bool
        var piece = MinifiedPiece()
        /// The code written so far: `output[0..<written]`, in a buffer given by `attach` or, once that is full,
        /// one of the writer's own (`ownsOutput`).
        private var output: UnsafeMutablePointer<UInt8>?
        private var outputCapacity = 0
        private var written = 0
        private var ownsOutput = false
        /// Where the renames' new names start in `run`'s buffer of them, back to back (name `i` is at
        /// `renameNameStarts[i]..<renameNameStarts[i + 1]`), so writing one copies bytes without retaining anything.
        private var renameNameStarts: [Int32] = [0]
        private var renameIsShorthand: [Bool] = []
        var line = 0
        var column = 0
        var cursor = MappingLookup.Cursor()
        /// Starts `true`, so a piece that opens with unmapped code marks it (the composer drops the mark when
        /// the code before the piece was unmapped too).
        var lastWasMapped = true

        /// The origins' parts, kept apart so reading them per token copies no arrays.
        private let lookup: MappingLookup?
        private let body: Range<Int>?
        private let bodyLineOffset: Int
        private let recordedOrigins: [Int32]
        private let sourceTokens: [JavaScriptToken]
        private let isRecorded: Bool
        /// For a lowered source (`SourceMapBuilder.Source.origins`): where positions in its printed code come from.
        var translation: SourceOrigins?
        /// The token being written (index into the tokens `run` writes) and its 0-based line.
        private var current = 0
        private var currentLine = 0
        /// Per rename (index into the renames' table): its index in `piece.names`, -1 until first written.
        private var nameIndexByRename: [Int32] = []
        /// Per token, when the passes edited the stream: the offset of the original token it maps to (written text
        /// lies outside the body that `Origins.body` maps).
        var originStarts: [Int32] = []
        /// Where the text the passes wrote starts (tokens from here on are no original's text): a line break in
        /// it has no original line to map to.
        var writtenTextStart = Int.max
        /// Where each new name was written, when recording them for a `RenamedPieceTemplate` (`nil`: not recording).
        var nameSlots: [RenamedPieceTemplate.NameSlot]?
        /// The piece's mappings, encoded as they are added (`finish()` puts them in `piece.mappings`).
        var mappings = PieceMappings.Encoder()
    }
}

extension Minifier.Writer where Text: Minifier.TokenText {

    init(text: Text, origins: Minifier.Origins, mapping: Bool) {
        source = text
        self.mapping = mapping
        switch origins {
        case .none:
            (lookup, body, bodyLineOffset, recordedOrigins, sourceTokens, isRecorded) = (nil, nil, 0, [], [], false)
        case .lookup(let lookup):
            (self.lookup, body, bodyLineOffset, recordedOrigins, sourceTokens, isRecorded) = (lookup, nil, 0, [], [], false)
        case .body(let range, let lineOffset):
            (lookup, body, bodyLineOffset, recordedOrigins, sourceTokens, isRecorded) = (nil, range, lineOffset, [], [], false)
        case .recorded(let origins, let tokens):
            (lookup, body, bodyLineOffset, recordedOrigins, sourceTokens, isRecorded) = (nil, nil, 0, origins, tokens, true)
        }
    }

    /// Writes into `buffer` (uninitialized) from now on.
    mutating func attach(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        output = buffer.baseAddress
        outputCapacity = buffer.baseAddress == nil ? 0 : buffer.count
        written = 0
        ownsOutput = false
    }

    /// The number of bytes written into the attached buffer (0 when the writer moved to its own).
    mutating func detach() -> Int {
        if ownsOutput { return 0 }
        let count = written
        (output, outputCapacity, written) = (nil, 0, 0)
        return count
    }

    /// The piece, with its code when the writer moved to a buffer of its own (empty otherwise); releases it.
    mutating func finish() -> MinifiedPiece {
        piece.mappings = mappings.finish()
        if ownsOutput, let output {
            piece.code = Array(UnsafeBufferPointer(start: output, count: written))
            output.deallocate()
        }
        (output, outputCapacity, written, ownsOutput) = (nil, 0, 0, false)
        return piece
    }

    @inline(__always)
    private mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if written + count <= outputCapacity, let output { return output }
        return grow(written + count)
    }

    private mutating func grow(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
        let capacity = max(needed, outputCapacity * 2, 64)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        if let output {
            larger.update(from: output, count: written)
            if ownsOutput { output.deallocate() }
        }
        output = larger
        outputCapacity = capacity
        ownsOutput = true
        return larger
    }

    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        let output = reserve(1)
        output[written] = byte
        written += 1
    }

    /// Appends `count` bytes from `source`; returns whether they are all ASCII (then their UTF-16 length is
    /// `count`), or `false` when that was not checked (long texts).
    @inline(__always)
    @discardableResult
    private mutating func appendBytes(_ source: UnsafePointer<UInt8>, count: Int) -> Bool {
        let target = reserve(count) + written
        written += count
        guard count <= 64 else {
            target.update(from: source, count: count)
            return false
        }
        // Short texts (nearly every token) a word at a time, the last word overlapping the one before, so
        // no byte loop (which the compiler turns into a `memcpy` call); the high bits of the words tell ASCII.
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        var high: UInt64 = 0
        if count >= 8 {
            var k = 0
            while count - k > 8 {
                let word = from.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                to.storeBytes(of: word, toByteOffset: k, as: UInt64.self)
                high |= word
                k += 8
            }
            let word = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: word, toByteOffset: count - 8, as: UInt64.self)
            high |= word
        } else if count >= 4 {
            let first = from.loadUnaligned(as: UInt32.self), last = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: first, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
            high = UInt64(first | last)
        } else if count >= 2 {
            let first = from.loadUnaligned(as: UInt16.self), last = from.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
            to.storeBytes(of: first, as: UInt16.self)
            to.storeBytes(of: last, toByteOffset: count - 2, as: UInt16.self)
            high = UInt64(first | last)
        } else if count == 1 {
            target[0] = source[0]
            high = UInt64(source[0])
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The original position of the code at `line`/`column` (0-based) of the minified input, which starts
    /// at byte `offset`.
    @inline(__always)
    mutating func original(line: Int, column: Int, offset: Int) -> MappingLookup.Original? {
        if lookup != nil { return lookup?.original(line: line, column: column, cursor: &cursor) }
        if isRecorded {
            guard current < recordedOrigins.count else { return nil }
            let origin = Int(recordedOrigins[current])
            guard origin >= 0, origin < sourceTokens.count else { return nil }
            let source = sourceTokens[origin]
            // A continuation line of a multi-line token maps to the same line of the original, at column 0.
            let extra = line - currentLine
            let original = MappingLookup.Original(source: 0, line: source.line - 1 + extra, column: extra == 0 ? source.column : 0)
            return translation == nil ? original : translated(original)
        }
        let offset = current < originStarts.count ? Int(originStarts[current]) : offset
        guard let body, body.contains(offset), line >= bodyLineOffset else { return nil }
        let original = MappingLookup.Original(source: 0, line: line - bodyLineOffset, column: column)
        return translation == nil ? original : translated(original)
    }

    /// `original` in a lowered source's own text, or `MappingLookup.Original.continuing` where the printed code has no
    /// origin of its own.
    private func translated(_ original: MappingLookup.Original) -> MappingLookup.Original {
        guard let translation else { return original }
        guard let position = translation.original(line: original.line, column: original.column) else { return .continuing }
        return MappingLookup.Original(source: original.source, line: position.line, column: position.column)
    }

    /// The index in `piece.names` of `name`, the original name of rename `renameIndex`. A name several
    /// renames share is listed once per rename (the composer's map lists each name once).
    mutating func nameIndex(_ name: String, rename renameIndex: Int) -> Int32 {
        if renameIndex < nameIndexByRename.count, nameIndexByRename[renameIndex] >= 0 { return nameIndexByRename[renameIndex] }
        let index = Int32(truncatingIfNeeded: piece.names.count)
        piece.names.append(name)
        if renameIndex >= nameIndexByRename.count {
            nameIndexByRename.append(contentsOf: repeatElement(-1, count: renameIndex - nameIndexByRename.count + 1))
        }
        nameIndexByRename[renameIndex] = index
        return index
    }

    @inline(__always)
    mutating func addSegment(_ original: MappingLookup.Original?, nameIndex: Int32 = -1) {
        guard mapping else { return }
        guard let original else {
            if lastWasMapped {
                mappings.append(
                    line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column), source: -1,
                    originalLine: 0, originalColumn: 0, name: -1)
                lastWasMapped = false
            }
            return
        }
        // Code of a lowered source without an origin of its own stays in the segment before it.
        guard original.source >= 0 else { return }
        mappings.append(
            line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column),
            source: Int32(truncatingIfNeeded: original.source), originalLine: Int32(truncatingIfNeeded: original.line),
            originalColumn: Int32(truncatingIfNeeded: original.column), name: nameIndex)
        lastWasMapped = true
    }

    @inline(__always)
    func text(_ token: JavaScriptToken) -> UnsafeBufferPointer<UInt8> {
        text(token.start, token.end)
    }

    @inline(__always)
    func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        source.text(start, end)
    }

    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        source.byte(at: offset)
    }

    /// Writes `tokens[range]`; a token after the range still counts as the next one (a `;` before a `}` there
    /// is dropped).
    mutating func run(_ tokens: [JavaScriptToken], range: Range<Int>, renames: IdentifierRenames, rewrites: TokenRewrites) {
        renameNameStarts.reserveCapacity(renames.table.count + 1)
        renameIsShorthand.reserveCapacity(renames.table.count)
        var total = 0
        // The table is read in place (a rename copied out would retain its name and original name).
        renames.table.withUnsafeBufferPointer { table in
            for index in table.indices {
                total += table[index].name.count
                renameNameStarts.append(Int32(truncatingIfNeeded: total))
                renameIsShorthand.append(table[index].isShorthand)
            }
        }
        // The names are short: copied byte by byte into one buffer of the right size, without a call each.
        let names = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        var k = 0
        renames.table.withUnsafeBufferPointer { table in
            for index in table.indices {
                table[index].name.withUnsafeBufferPointer { name in
                    for byte in name where k < total {
                        names[k] = byte
                        k += 1
                    }
                }
            }
        }
        defer { names.deallocate() }
        renames.byToken.withUnsafeBufferPointer { byToken in
            rewrites.marks.withUnsafeBufferPointer { marks in
                run(tokens, range: range, byToken: byToken, renames: renames, names: names, marks: marks)
            }
        }
    }

    private mutating func run(
        _ tokens: [JavaScriptToken], range: Range<Int>, byToken: UnsafeBufferPointer<Int32>, renames: IdentifierRenames,
        names renameNames: UnsafePointer<UInt8>, marks: UnsafeBufferPointer<Int64>
    ) {
        var previous: JavaScriptToken?
        // The next mark of `TokenRewrites` that may come (marks ascend with the tokens; a sentinel ends them).
        var markIndex = 0
        var nextMarked = marks.isEmpty ? Int.max : Int(marks[0] >> 2)
        // After a `}` ending a statement or class member, `nextMarked` is 0 so that the next token takes the
        // marked path too (no line break before it), and the next mark waits in `pendingMarked`.
        var afterStatementBrace = false
        var pendingMarked = 0
        var previousLast: UInt8 = 0
        // Per open `(`: whether it follows `if`, `while`, `for` or `with` (its `)` may precede an empty statement).
        var parens: [Bool] = []
        var closedStatementHead = false
        // The checks between tokens read the text through this copy (a pointer or two), not through `self`.
        let reader = source
        for index in range {
            let token = tokens[index]
            // Right after the `)` closing a statement head the body starts: a line break there changes nothing.
            let afterStatementHead = closedStatementHead && previous.map { reader.isPunctuator($0, ")") } == true
            if token.kind == .punctuator, token.end - token.start == 1 {
                switch byte(at: token.start) {
                case 0x28: parens.append(previous.map { reader.isStatementHead($0, before: index - 1, in: tokens) } ?? false)
                case 0x29: closedStatementHead = parens.popLast() ?? false
                case 0x3B:
                    if let previous, index + 1 < tokens.count, reader.isPunctuator(tokens[index + 1], "}"),
                        reader.canDropSemicolon(after: previous, closedStatementHead: closedStatementHead)
                    {
                        continue
                    }
                case 0x2C:
                    if index + 1 < tokens.count, reader.isTrailingComma(before: tokens[index + 1], after: previous) { continue }
                default: break
                }
            }
            if index >= nextMarked {
                // A marked token, or the one after a statement's `}`: written on their own path, off the common one.
                let previousEndsStatement = afterStatementBrace
                if afterStatementBrace {
                    afterStatementBrace = false
                    nextMarked = pendingMarked
                }
                while index > nextMarked {
                    markIndex += 1
                    nextMarked = markIndex < marks.count ? Int(marks[markIndex] >> 2) : Int.max
                }
                let mark = index == nextMarked ? marks[markIndex] & 3 : -1
                if mark >= 0 || previousEndsStatement {
                    if writeMarked(
                        token, at: index, mark: mark, in: tokens, after: previous, previousLast: &previousLast,
                        previousEndsStatement: previousEndsStatement || afterStatementHead, byToken: byToken, renames: renames,
                        names: renameNames)
                    {
                        afterStatementBrace = true
                        pendingMarked = nextMarked
                        nextMarked = 0
                    }
                    previous = token
                    continue
                }
            }
            let renameIndex = index < byToken.count ? Int(byToken[index]) : -1
            let isRenamed = renameIndex >= 0 && renameIndex < renameIsShorthand.count
            if let previous {
                let renamedFirst: UInt8? =
                    isRenamed && !renameIsShorthand[renameIndex]
                    ? renameNames[Int(renameNameStarts[renameIndex])] : nil
                writeSeparator(
                    reader.separator(
                        previous, previousLast: previousLast, token, renamedFirst: renamedFirst,
                        keepsLineBreak: !afterStatementHead))
            }
            current = index
            currentLine = token.line - 1
            if isRenamed {
                emitRenamed(token, index: renameIndex, renames: renames, names: renameNames)
                previousLast = renameNames[Int(renameNameStarts[renameIndex + 1]) - 1]
            } else {
                emit(token)
                previousLast = byte(at: token.end - 1)
            }
            previous = token
        }
    }

    @inline(__always)
    private mutating func writeSeparator(_ separator: TokenSeparator) {
        switch separator {
        case .none: break
        case .space:
            appendByte(0x20)
            column += 1
        case .newline:
            appendByte(0x0A)
            line += 1
            column = 0
        }
    }

    /// Writes token `index`, which `TokenRewrites` marks with `mark` (-1: none), and the separator before it (no
    /// line break after a `}` ending a statement, `previousEndsStatement`): a boolean literal as `!0`/`!1` unless
    /// the next token binds tighter, a `const` as `let`, an unmarked token as the common path does. Returns
    /// whether the token is a `}` ending a statement.
    @inline(never)
    private mutating func writeMarked(
        _ token: JavaScriptToken, at index: Int, mark: Int64, in tokens: [JavaScriptToken], after previous: JavaScriptToken?,
        previousLast: inout UInt8, previousEndsStatement: Bool,
        byToken: UnsafeBufferPointer<Int32>, renames: IdentifierRenames, names renameNames: UnsafePointer<UInt8>
    ) -> Bool {
        let reader = source
        var replacement = Minifier.Replacement.none
        var endsStatement = false
        switch mark {
        case TokenRewrites.boolean:
            if reader.canNegate(before: index + 1 < tokens.count ? tokens[index + 1] : nil) {
                replacement = reader.booleanReplacement(token)
            }
        case TokenRewrites.letKeyword:
            if reader.isKeyword(token, "const") { replacement = .letKeyword }
        case TokenRewrites.statementBrace:
            endsStatement = reader.isPunctuator(token, "}")
        default:
            break
        }
        // Marked tokens are keywords and `}`; only an unmarked one (after a statement's `}`) may be renamed.
        let renameIndex = mark < 0 && index < byToken.count ? Int(byToken[index]) : -1
        let isRenamed = renameIndex >= 0 && renameIndex < renameIsShorthand.count
        let first = isRenamed ? (renameIsShorthand[renameIndex] ? nil : renameNames[Int(renameNameStarts[renameIndex])]) : replacement.first
        if let previous {
            var separator = reader.separator(
                previous, previousLast: previousLast, token, renamedFirst: first, keepsLineBreak: !previousEndsStatement)
            // `<` then `!` needs a space only where `--` follows (`<!--` opens a comment), never before `!0`.
            if separator == .space, previousLast == 0x3C, replacement.isNegation { separator = .none }
            writeSeparator(separator)
        }
        current = index
        currentLine = token.line - 1
        if isRenamed {
            emitRenamed(token, index: renameIndex, renames: renames, names: renameNames)
            previousLast = renameNames[Int(renameNameStarts[renameIndex + 1]) - 1]
        } else if replacement != .none {
            emitReplacement(token, replacement)
            previousLast = replacement.last
        } else {
            emit(token)
            previousLast = byte(at: token.end - 1)
        }
        return endsStatement
    }

    /// Writes `replacement` for `token`, mapped to the token's position (with no name).
    mutating func emitReplacement(_ token: JavaScriptToken, _ replacement: Minifier.Replacement) {
        if mapping { addSegment(original(line: token.line - 1, column: token.column, offset: token.start)) }
        switch replacement {
        case .none:
            return
        case .negatedZero, .negatedOne:
            appendByte(0x21)
            appendByte(replacement.last)
            column += 2
        case .letKeyword:
            appendByte(0x6C)
            appendByte(0x65)
            appendByte(0x74)
            column += 3
        }
    }

    /// Writes a renamed identifier (`key:name` for a shorthand), mapped with its original name.
    mutating func emitRenamed(
        _ token: JavaScriptToken, index renameIndex: Int, renames: IdentifierRenames, names renameNames: UnsafePointer<UInt8>
    ) {
        if renameIsShorthand[renameIndex] {
            emit(token)
            appendByte(0x3A)
            column += 1
        }
        if mapping, let original = original(line: token.line - 1, column: token.column, offset: token.start), original.source >= 0 {
            addSegment(original, nameIndex: nameIndex(renames.table[renameIndex].originalName, rename: renameIndex))
        }
        let start = Int(renameNameStarts[renameIndex])
        let count = Int(renameNameStarts[renameIndex + 1]) - start
        if nameSlots != nil {
            nameSlots?.append(
                RenamedPieceTemplate.NameSlot(
                    offset: Int32(truncatingIfNeeded: written), rename: Int32(truncatingIfNeeded: renameIndex),
                    line: Int32(truncatingIfNeeded: line), mappingEnd: Int32(truncatingIfNeeded: mappings.byteCount),
                    mappingLine: mappings.line))
        }
        // New names are ASCII.
        appendBytes(renameNames + start, count: count)
        column += count
    }

    mutating func emit(_ token: JavaScriptToken) {
        if mapping,
            !(lastWasMapped && token.kind == .punctuator && Self.mapsThroughPrevious(byte(at: token.start), token.end - token.start)
                && mappings.count > 0 && mappings.line == Int32(truncatingIfNeeded: line))
        {
            addSegment(original(line: token.line - 1, column: token.column, offset: token.start))
        }
        let text = text(token)
        let count = text.count
        var isASCII = true
        if let base = text.baseAddress { isASCII = appendBytes(base, count: count) }
        guard token.canSpanLines else {
            // Punctuators and keywords are ASCII.
            column += isASCII || token.kind == .punctuator || token.kind == .keyword ? count : Self.utf16Length(text, 0, count)
            return
        }
        // A multi-line token: count its lines and map each continuation line at column 0.
        var lineStart = 0
        var sourceLine = token.line - 1
        var i = 0
        while i < count {
            let length = LineTerminator.length(text, at: i, end: count)
            if length == 0 {
                i += 1
                continue
            }
            i += length
            lineStart = i
            line += 1
            sourceLine += 1
            if mapping, token.start < writtenTextStart, let continued = original(line: sourceLine, column: 0, offset: token.start) {
                let saved = column
                column = 0
                addSegment(continued)
                column = saved
            }
        }
        let tail = Self.utf16Length(text, lineStart, count)
        column = lineStart == 0 ? column + tail : tail
    }

    /// Whether a punctuator (its first byte and length) needs no segment of its own after a mapped token on the
    /// same generated line: `.` `,` `;` `:` `=` `(` `[` `{`, which a lookup then resolves to the token before them,
    /// as esbuild's and Bun's maps do. Closing brackets and operators keep theirs.
    @inline(__always)
    static func mapsThroughPrevious(_ first: UInt8, _ length: Int) -> Bool {
        guard length == 1 else { return false }
        switch first {
        case 0x2E, 0x2C, 0x3B, 0x28, 0x5B, 0x7B, 0x3A, 0x3D: return true
        default: return false
        }
    }

    @inline(__always)
    static func utf16Length(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var units = 0
        var i = start
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                units += 1
            } else if b & 0xC0 != 0x80 {
                units += b >= 0xF0 ? 2 : 1
            }
            i += 1
        }
        return units
    }
}
