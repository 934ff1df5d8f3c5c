/// Minifies an assembled bundle: drops comments and needless whitespace (keeping a line break wherever removing
/// it could change how the code parses), moves legal comments to a license file, and rewrites the source map so
/// that every token still maps to its original position.
///
/// The output starts with a line holding no mapped code (the license pointer, or an empty line), so an app that
/// prefixes a wrapper on the bundle's first line shifts no mapped column.
enum Minifier {
    /// Minifies `code` as one piece; `map` is the intermediate map of `code` (see `SourceMapBuilder.intermediate()`).
    static func minify(
        _ code: [UInt8], map: SourceMapBuilder?, licenseFileName: String, renameIdentifiers: Bool = true
    ) -> MinifiedBundle {
        let piece = minifyPiece(code, map: map, renameIdentifiers: renameIdentifiers)
        return MinifiedBundleComposer.compose([piece], mapping: map != nil, licenseFileName: licenseFileName)
    }

    /// Minifies a self-contained part of a bundle whose positions `map` (an intermediate map, or `nil` for
    /// none) maps back to the sources.
    static func minifyPiece(_ code: [UInt8], map: SourceMapBuilder?, renameIdentifiers: Bool = true) -> MinifiedPiece {
        let segments = map?.decodedSegments
        let origins: Origins = segments.map { .lookup(MappingLookup(segments: $0)) }
            ?? map.map { .lookup(MappingLookup(mappings: $0.encodedMappings)) } ?? .none
        let tokenization: JavaScriptTokenization
        do {
            tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        } catch {
            // Every input file tokenized on its own; the concatenation cannot fail. Stay safe anyway: keep the
            // code and its map as they are.
            return unminified(code, map: map, segments: segments)
        }
        return minify(code, tokenization: tokenization, origins: origins, mapping: map != nil,
                      sources: map?.sourceList ?? [], renameIdentifiers: renameIdentifiers)
    }

    /// Minifies `piece` from its recorded tokens and its source's scope analysis.
    static func minify(_ piece: PreparedPiece) -> MinifiedPiece {
        var written: [Int32] = []
        let renames = WrappedBodyRenamer.renames(
            piece.analysis, source: piece.source, pieceTokens: piece.tokens, generated: piece.generated, bindings: piece.bindings,
            isStrict: piece.isStrict, written: &written)
        let rewrites = piece.analysis.map { TokenRewrites($0, topLevelConsts: true).placed(by: written) } ?? TokenRewrites()
        let origins: Origins = piece.mapping ? .recorded(origins: piece.tokens.origins, sourceTokens: piece.sourceTokens) : .none
        return write(piece.source, generated: piece.generated, tokens: piece.tokens.tokens, legalComments: piece.tokens.legalComments,
                     renames: renames, rewrites: rewrites, origins: origins, mapping: piece.mapping, sources: piece.sources)
    }

    /// Minifies one file wrapped as `code` (prologue, the file at `body`, epilogue; see `BundleAssembler`), already
    /// tokenized with its comments: tokens inside `body` map to `source` one line up (the prologue's line). Writes
    /// the body only, so the composer can wrap it as `MinifiedFileBody` describes; the whole wrapped file when
    /// its layout or its analysis is not the expected one.
    /// `significant` are the tokens of `tokenization` without comments, `analysis` their parse (`nil` when the
    /// parser could not follow the code).
    static func minifyFileBody(
        _ code: [UInt8], tokenization: JavaScriptTokenization, significant: [JavaScriptToken], analysis: ScopeAnalysis?,
        body: Range<Int>, source: SourceMapBuilder.Source?
    ) -> MinifiedFileBody {
        let renames = analysis.map { IdentifierRenamer.renames($0) } ?? IdentifierRenames()
        // The program's top level holds only the wrapper call: the file's own declarations are the wrapper's.
        let rewrites = analysis.map { TokenRewrites($0, topLevelConsts: false) } ?? TokenRewrites()
        var legalComments: [Range<Int>] = []
        code.withUnsafeBufferPointer { bytes in
            for token in tokenization.tokens where token.kind == .lineComment || token.kind == .blockComment {
                if LegalComments.isLegal(bytes, token.range) { legalComments.append(token.range) }
            }
        }
        let layout = analysis.flatMap { FileWrapperLayout(code: code, tokens: significant, analysis: $0) }
        let piece = write(code, tokens: significant, range: layout?.bodyTokens, legalComments: legalComments, renames: renames,
                          rewrites: rewrites, origins: .body(body, lineOffset: 1), mapping: source != nil, sources: source.map { [$0] } ?? [])
        guard let layout else { return .complete(piece) }
        return MinifiedFileBody(piece: piece, wrapping: layout.wrapping, canShareScope: layout.canShareScope,
                                allowsArrowFunction: layout.allowsArrowFunction)
    }

    /// Where the original position of a token comes from.
    enum Origins {
        case none
        /// An intermediate map of the code being minified.
        case lookup(MappingLookup)
        /// Tokens starting in this byte range map to source 0 at their own position, `lineOffset` lines up.
        case body(Range<Int>, lineOffset: Int)
        /// Per token: the token of source 0 (`sourceTokens`) whose position it maps to, or -1 (see `PieceTokens`).
        case recorded(origins: [Int32], sourceTokens: [JavaScriptToken])
    }

    private static func minify(
        _ code: [UInt8], tokenization: JavaScriptTokenization, origins: Origins, mapping: Bool,
        sources: [SourceMapBuilder.Source], renameIdentifiers: Bool
    ) -> MinifiedPiece {
        let significant = tokenization.tokens.filter { !$0.isComment }
        var renames = IdentifierRenames()
        var rewrites = TokenRewrites()
        if renameIdentifiers {
            let parsed = JavaScriptTokenization(tokens: significant, lineTerminatorCount: tokenization.lineTerminatorCount)
            if let analysis = try? JavaScriptParser.analyze(code, tokenization: parsed) {
                renames = IdentifierRenamer.renames(analysis)
                rewrites = TokenRewrites(analysis, topLevelConsts: false)
            }
        }
        var legalComments: [Range<Int>] = []
        code.withUnsafeBufferPointer { bytes in
            for token in tokenization.tokens where token.kind == .lineComment || token.kind == .blockComment {
                if LegalComments.isLegal(bytes, token.range) { legalComments.append(token.range) }
            }
        }
        return write(code, tokens: significant, legalComments: legalComments, renames: renames, rewrites: rewrites,
                     origins: origins, mapping: mapping, sources: sources)
    }

    /// Writes the significant `tokens` of `code` minified, with the legal comments at `legalComments`. Offsets
    /// from `code.count` on are in `generated` (see `PreparedPiece`).
    private static func write(
        _ code: [UInt8], generated: [UInt8] = [], tokens: [JavaScriptToken], range: Range<Int>? = nil,
        legalComments: [Range<Int>], renames: IdentifierRenames, rewrites: TokenRewrites, origins: Origins, mapping: Bool,
        sources: [SourceMapBuilder.Source]
    ) -> MinifiedPiece {
        // Each token writes at most one separator and its text; a renamed one at most its text, `:` and the name.
        var renameCosts: [Int] = []
        renameCosts.reserveCapacity(renames.table.count)
        for rename in renames.table { renameCosts.append(rename.name.count + 1) }
        var bound = code.count + generated.count + tokens.count + 16
        for index in renames.byToken where index >= 0 && Int(index) < renameCosts.count { bound += renameCosts[Int(index)] }
        return code.withUnsafeBufferPointer { bytes in generated.withUnsafeBufferPointer { generated in
            // Specialized for text in one buffer (most pieces) and for a prepared piece's two.
            if generated.isEmpty {
                return write(ContiguousText(bytes: bytes), bound: bound, tokens: tokens, range: range ?? tokens.indices,
                             legalComments: legalComments, renames: renames, rewrites: rewrites, origins: origins,
                             mapping: mapping, sources: sources)
            }
            return write(SplitText(bytes: bytes, generated: generated), bound: bound, tokens: tokens,
                         range: range ?? tokens.indices, legalComments: legalComments, renames: renames, rewrites: rewrites,
                         origins: origins, mapping: mapping, sources: sources)
        } }
    }

    private static func write<Text: TokenText>(
        _ text: Text, bound: Int, tokens: [JavaScriptToken], range: Range<Int>, legalComments: [Range<Int>],
        renames: IdentifierRenames, rewrites: TokenRewrites, origins: Origins, mapping: Bool, sources: [SourceMapBuilder.Source]
    ) -> MinifiedPiece {
        var writer = Writer(text: text, origins: origins, mapping: mapping)
        for range in legalComments { writer.piece.legalComments.append(Array(writer.text(range.lowerBound, range.upperBound))) }
        if mapping { writer.piece.segments.reserveCapacity(tokens.count + 16) }
        // The code is written straight into the array's storage; past `bound` (never, by the count above)
        // the writer would move to a buffer of its own.
        let written = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            writer.attach(buffer)
            writer.run(tokens, range: range, renames: renames, rewrites: rewrites)
            initialized = writer.detach()
        }
        var piece = writer.finish()
        if piece.code.isEmpty { piece.code = written }
        piece.sources = mapping ? sources : []
        piece.lineCount = writer.line
        piece.lastLineColumn = writer.column
        return piece
    }

    /// The code kept as it is, with its map's segments (the fallback when it does not tokenize).
    private static func unminified(_ code: [UInt8], map: SourceMapBuilder?, segments: SourceMapSegments?) -> MinifiedPiece {
        var piece = MinifiedPiece()
        piece.code = code
        if let map {
            piece.sources = map.sourceList
            let segments = segments ?? MappingLookup(mappings: map.encodedMappings).segments
            for line in 0..<max(0, segments.lineStarts.count - 1) {
                for index in segments.lineStarts[line]..<segments.lineStarts[line + 1] {
                    piece.segments.append(MinifiedPiece.Segment(
                        line: Int32(truncatingIfNeeded: line), column: segments.columns[index], source: segments.sources[index],
                        originalLine: segments.lines[index], originalColumn: segments.originalColumns[index], name: -1))
                }
            }
        }
        code.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            var i = 0
            while i < bytes.count {
                let length = Writer<ContiguousText>.lineTerminatorLength(bytes, at: i, end: bytes.count)
                if length == 0 {
                    i += 1
                } else {
                    i += length
                    lineStart = i
                    piece.lineCount += 1
                }
            }
            piece.lastLineColumn = Writer<ContiguousText>.utf16Length(bytes, lineStart, bytes.count)
        }
        return piece
    }

    /// A shorter text the writer puts in place of a token.
    fileprivate enum Replacement {
        case none
        /// `!0` for `true`.
        case negatedZero
        /// `!1` for `false`.
        case negatedOne
        /// `let` for `const`.
        case letKeyword

        var isNegation: Bool { self == .negatedZero || self == .negatedOne }

        /// The first byte written, when it differs in kind from the token's own (for the separator before).
        var first: UInt8? { isNegation ? 0x21 : nil }

        /// The last byte written.
        var last: UInt8 {
            switch self {
            case .negatedZero: 0x30
            case .negatedOne: 0x31
            case .letKeyword: 0x74
            case .none: 0
            }
        }
    }

    /// The text that token offsets point into.
    fileprivate protocol TokenText {
        func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8>
        func byte(at offset: Int) -> UInt8
    }

    /// Text in one buffer.
    fileprivate struct ContiguousText: TokenText {
        let bytes: UnsafeBufferPointer<UInt8>

        @inline(__always)
        func text(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[start..<end])
        }

        @inline(__always)
        func byte(at offset: Int) -> UInt8 { bytes[offset] }
    }

    /// A prepared piece's text: its source, then its generated text from offset `bytes.count` on.
    fileprivate struct SplitText: TokenText {
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
    fileprivate struct Writer<Text> {
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
        /// The token being written (index into the tokens `run` writes) and its 0-based line.
        private var current = 0
        private var currentLine = 0
        /// Per rename (index into the renames' table): its index in `piece.names`, -1 until first written.
        private var nameIndexByRename: [Int32] = []
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
            return MappingLookup.Original(source: 0, line: source.line - 1 + extra, column: extra == 0 ? source.column : 0)
        }
        guard let body, body.contains(offset), line >= bodyLineOffset else { return nil }
        return MappingLookup.Original(source: 0, line: line - bodyLineOffset, column: column)
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
                piece.segments.append(MinifiedPiece.Segment(
                    line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column), source: -1,
                    originalLine: 0, originalColumn: 0, name: -1))
                lastWasMapped = false
            }
            return
        }
        piece.segments.append(MinifiedPiece.Segment(
            line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column),
            source: Int32(truncatingIfNeeded: original.source), originalLine: Int32(truncatingIfNeeded: original.line),
            originalColumn: Int32(truncatingIfNeeded: original.column), name: nameIndex))
        lastWasMapped = true
    }

    @inline(__always)
    static func lineTerminatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int {
        let b = bytes[i]
        if b == 0x0A { return 1 }
        if b == 0x0D { return i + 1 < end && bytes[i + 1] == 0x0A ? 2 : 1 }
        if b == 0xE2, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return 3 }
        return 0
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
        for rename in renames.table {
            total += rename.name.count
            renameNameStarts.append(Int32(truncatingIfNeeded: total))
            renameIsShorthand.append(rename.isShorthand)
        }
        // The names are short: copied byte by byte into one buffer of the right size, without a call each.
        let names = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        var k = 0
        for rename in renames.table {
            rename.name.withUnsafeBufferPointer { name in
                for byte in name where k < total {
                    names[k] = byte
                    k += 1
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
            if token.kind == .punctuator, token.end - token.start == 1 {
                switch byte(at: token.start) {
                case 0x28: parens.append(previous.map { reader.isStatementHead($0, before: index - 1, in: tokens) } ?? false)
                case 0x29: closedStatementHead = parens.popLast() ?? false
                case 0x3B:
                    if let previous, index + 1 < tokens.count, reader.isPunctuator(tokens[index + 1], 0x7D),
                       reader.canDropSemicolon(after: previous, closedStatementHead: closedStatementHead) {
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
                    if writeMarked(token, at: index, mark: mark, in: tokens, after: previous, previousLast: &previousLast,
                                   previousEndsStatement: previousEndsStatement, byToken: byToken, renames: renames, names: renameNames) {
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
                let renamedFirst: UInt8? = isRenamed && !renameIsShorthand[renameIndex]
                    ? renameNames[Int(renameNameStarts[renameIndex])] : nil
                writeSeparator(reader.separator(previous, previousLast: previousLast, token, renamedFirst: renamedFirst))
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
            endsStatement = reader.isPunctuator(token, 0x7D)
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
        if mapping, let original = original(line: token.line - 1, column: token.column, offset: token.start) {
            addSegment(original, nameIndex: nameIndex(renames.table[renameIndex].originalName, rename: renameIndex))
        }
        let start = Int(renameNameStarts[renameIndex])
        let count = Int(renameNameStarts[renameIndex + 1]) - start
        // New names are ASCII.
        appendBytes(renameNames + start, count: count)
        column += count
    }

    mutating func emit(_ token: JavaScriptToken) {
        if mapping { addSegment(original(line: token.line - 1, column: token.column, offset: token.start)) }
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
            let b = text[i]
            var length = 0
            if b == 0x0A {
                length = 1
            } else if b == 0x0D {
                length = i + 1 < count && text[i + 1] == 0x0A ? 2 : 1
            } else if b == 0xE2, i + 2 < count, text[i + 1] == 0x80, text[i + 2] == 0xA8 || text[i + 2] == 0xA9 {
                length = 3
            }
            if length == 0 {
                i += 1
                continue
            }
            i += length
            lineStart = i
            line += 1
            sourceLine += 1
            if mapping, let continued = original(line: sourceLine, column: 0, offset: token.start) {
                let saved = column
                column = 0
                addSegment(continued)
                column = saved
            }
        }
        let tail = Self.utf16Length(text, lineStart, count)
        column = lineStart == 0 ? column + tail : tail
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

/// How the minifier reads tokens of its text: the checks it makes between two tokens. They are methods of the
/// text (a pointer or two), so the writer calls them without copying itself.
extension Minifier.TokenText {
    @inline(__always)
    func text(_ token: JavaScriptToken) -> UnsafeBufferPointer<UInt8> {
        text(token.start, token.end)
    }

    func isPunctuator(_ token: JavaScriptToken, _ value: UInt8) -> Bool {
        token.kind == .punctuator && token.end - token.start == 1 && byte(at: token.start) == value
    }

    func isKeyword(_ token: JavaScriptToken, _ word: StaticString) -> Bool {
        guard token.kind == .keyword, token.end - token.start == word.utf8CodeUnitCount else { return false }
        let text = text(token)
        for k in 0..<word.utf8CodeUnitCount where text[k] != word.utf8Start[k] { return false }
        return true
    }

    /// Whether the `(` after `token` (at `index`) opens the head of `if`, `while`, `for` (`for await`) or `with`.
    func isStatementHead(_ token: JavaScriptToken, before index: Int, in tokens: [JavaScriptToken]) -> Bool {
        if isKeyword(token, "if") || isKeyword(token, "while") || isKeyword(token, "for") || isKeyword(token, "with") { return true }
        return isKeyword(token, "await") && index > 0 && isKeyword(tokens[index - 1], "for")
    }

    /// Whether a boolean literal followed by `next` can be written `!0`/`!1`: not when `next` would bind tighter
    /// to the literal than `!` does (`true.toString()`, `true[k]`, `true(x)`, a tagged template, `true ** 2`).
    func canNegate(before next: JavaScriptToken?) -> Bool {
        guard let next else { return true }
        switch next.kind {
        case .template, .templateHead:
            return false
        case .punctuator:
            let count = next.end - next.start
            let first = byte(at: next.start)
            if count == 1 { return first != 0x2E && first != 0x5B && first != 0x28 }
            if count == 2 { return !(first == 0x3F && byte(at: next.start + 1) == 0x2E) && !(first == 0x2A && byte(at: next.start + 1) == 0x2A) }
            if count == 3 { return !(first == 0x2A && byte(at: next.start + 1) == 0x2A) }
            return true
        default:
            return true
        }
    }

    /// `!0` for `true`, `!1` for `false` (`.none` for any other token).
    func booleanReplacement(_ token: JavaScriptToken) -> Minifier.Replacement {
        if isKeyword(token, "true") { return .negatedZero }
        if isKeyword(token, "false") { return .negatedOne }
        return .none
    }

    /// Whether a `,` between `previous` and `next` is a trailing comma that can go: it is followed by `}`, `]`
    /// or `)`, and is not an array elision (`[a,,]` has length 2, `[,]` length 1: a `,` after `,` or `[` and
    /// before `]` counts a hole).
    func isTrailingComma(before next: JavaScriptToken, after previous: JavaScriptToken?) -> Bool {
        guard next.kind == .punctuator, next.end - next.start == 1 else { return false }
        switch byte(at: next.start) {
        case 0x7D, 0x29: return true
        case 0x5D:
            guard let previous else { return false }
            return !(isPunctuator(previous, 0x2C) || isPunctuator(previous, 0x5B))
        default: return false
        }
    }

    /// A `;` right before `}` can go unless it is an empty statement: the body of `if (...)`, `while (...)`,
    /// `for (...)`, `with (...)`, `else` or a label.
    func canDropSemicolon(after previous: JavaScriptToken, closedStatementHead: Bool) -> Bool {
        if isPunctuator(previous, 0x29) { return !closedStatementHead }
        return !isKeyword(previous, "else") && !isPunctuator(previous, 0x3A)
    }

    /// `keepsLineBreak: false` after a `}` that ends a statement: what follows cannot continue it.
    func separator(
        _ previous: JavaScriptToken, previousLast: UInt8, _ token: JavaScriptToken, renamedFirst: UInt8?, keepsLineBreak: Bool = true
    ) -> TokenSeparator {
        let previousText = text(previous)
        let tokenText = text(token)
        if keepsLineBreak, token.newlineBefore, needsLineBreak(previous, previousText, token, tokenText) { return .newline }
        return TokenSeparator.spacing(
            previous: previous.kind, last: previousLast, previousText: previousText,
            next: token.kind, first: renamedFirst ?? tokenText[0], nextText: tokenText)
    }

    /// Whether the line break the source had between the two tokens must stay.
    func needsLineBreak(_ previous: JavaScriptToken, _ previousText: UnsafeBufferPointer<UInt8>,
                        _ token: JavaScriptToken, _ tokenText: UnsafeBufferPointer<UInt8>) -> Bool {
        switch previous.kind {
        case .punctuator where TokenSeparator.continuesAfter(previousText): return false
        case .templateHead, .templateMiddle: return false
        case .keyword where TokenSeparator.keywordContinues(previousText): return false
        default: break
        }
        switch token.kind {
        case .templateMiddle, .templateTail: return false
        case .punctuator where TokenSeparator.closes(tokenText): return false
        case .punctuator where TokenSeparator.isBinaryOperator(tokenText),
             .keyword where tokenText.count >= 2 && tokenText[0] == 0x69 && tokenText[1] == 0x6E: // in, instanceof
            if previous.kind == .punctuator { return !(previousText.count == 1 && previousText[0] != 0x7D) }
            if previous.kind == .keyword || previous.kind == .identifier {
                return TokenSeparator.isRestricted(previousText)
            }
            return false
        default:
            return true
        }
    }
}
