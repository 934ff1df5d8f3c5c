/// Minifies an assembled bundle: drops comments and needless whitespace (keeping a line break wherever removing
/// it could change how the code parses), moves legal comments to a license file, and rewrites the source map so
/// that every token still maps to its original position (punctuation between tokens through the token before it,
/// see `Writer.mapsThroughPrevious`).
///
/// The output starts with a line holding no mapped code (the license pointer, or an empty line), so an app that
/// prefixes a wrapper on the bundle's first line shifts no mapped column.
enum Minifier {
    /// Minifies `code` as one piece; `map` is the intermediate map of `code` (see `SourceMapBuilder.intermediate()`).
    /// `rewrite` runs `MinifierPasses` (by default when renaming).
    static func minify(
        _ code: [UInt8], map: SourceMapBuilder?, licenseFileName: String, renameIdentifiers: Bool = true, rewrite: Bool? = nil
    ) -> MinifiedBundle {
        let piece = minifyPiece(code, map: map, renameIdentifiers: renameIdentifiers, rewrite: rewrite ?? renameIdentifiers)
        return MinifiedBundleComposer.compose([piece], mapping: map != nil, licenseFileName: licenseFileName)
    }

    /// Minifies a self-contained part of a bundle whose positions `map` (an intermediate map, or `nil` for
    /// none) maps back to the sources.
    static func minifyPiece(_ code: [UInt8], map: SourceMapBuilder?, renameIdentifiers: Bool = true, rewrite: Bool? = nil) -> MinifiedPiece
    {
        let segments = map?.decodedSegments
        let origins: Origins =
            segments.map { .lookup(MappingLookup(segments: $0)) }
            ?? map.map { .lookup(MappingLookup(mappings: $0.encodedMappings)) } ?? .none
        let tokenization: JavaScriptTokenization
        do {
            tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
        } catch {
            // Every input file tokenized on its own; the concatenation cannot fail. Stay safe anyway: keep the
            // code and its map as they are.
            return unminified(code, map: map, segments: segments)
        }
        return minify(
            code, tokenization: tokenization, origins: origins, mapping: map != nil,
            sources: map?.sourceList ?? [], renameIdentifiers: renameIdentifiers, rewrite: rewrite ?? renameIdentifiers)
    }

    /// What `minify(_:waitsForTemplate:)` did.
    enum PieceOutcome {
        case minified(MinifiedPiece)
        /// Another thread is writing a piece this one would be made from (`MinifierPassMemo.claimTemplate`).
        case templateInFlight
    }

    /// Minifies `piece` from its recorded tokens and its source's scope analysis.
    static func minify(_ piece: PreparedPiece) -> MinifiedPiece {
        switch minify(piece, waitsForTemplate: true) {
        case .minified(let minified): return minified
        // Not returned when waiting.
        case .templateInFlight: return minify(piece)
        }
    }

    /// `minify(_:)`; without `waitsForTemplate`, `.templateInFlight` when another thread is writing the piece this
    /// one would be made from (the caller minifies other pieces first, and this one later).
    static func minify(_ piece: PreparedPiece, waitsForTemplate: Bool) -> PieceOutcome {
        // A memo that keeps nothing (no other bundle of the build holds the file) is not asked.
        let passMemo = piece.passMemo.flatMap { $0.keepsResults ? $0 : nil }
        func plan() -> WrappedBodyRenamer.Plan {
            // Found once per source file: every bundle holding a hoisted module renames it anew.
            var blockFunctions: Set<Int>?
            if piece.isStrict, let analysis = piece.analysis, let memo = piece.passMemo {
                blockFunctions = memo.blockFunctions { WrappedBodyRenamer.hoistedBlockFunctions(analysis, source: piece.source) }
            }
            return WrappedBodyRenamer.Plan(
                piece.analysis, source: piece.source, pieceTokens: piece.tokens, generated: piece.generated, bindings: piece.bindings,
                isStrict: piece.isStrict, hoistedDeclarations: piece.hoistedNames.map { Set($0.keys) }, blockFunctions: blockFunctions)
        }
        // The same module hoisted into another bundle differs in its hoisted names only: its plan is kept.
        let found = passMemo.map { $0.plan(for: MinifierPassMemo.PlanKey(piece), plan) } ?? plan()
        let renames = WrappedBodyRenamer.renames(
            found, piece.analysis, pieceTokenCount: piece.tokens.tokens.count, hoistedNames: piece.hoistedNames)
        let written = found.written
        // A piece written before with other new names only (the same module hoisted into another bundle), or with
        // another module ID only (the same module wrapped in another bundle).
        let templateKey = passMemo.map { _ in MinifierPassMemo.TemplateKey(piece, written: written, renames: renames) }
        let newNames = renames.table.map(\.name)
        let moduleID = piece.moduleIDDigits
        if let passMemo, let templateKey {
            switch passMemo.claimTemplate(for: templateKey, waits: waitsForTemplate) {
            case .found(let template):
                if let substituted = template.substituting(newNames, moduleID: moduleID) {
                    if newNames != template.names { passMemo.noteRenamedTemplateUse() }
                    if let moduleID, moduleID != template.moduleID?.digits { passMemo.noteRenumberedTemplateUse() }
                    return .minified(substituted)
                }
            case .claimed:
                break
            case .inFlight:
                return .templateInFlight
            }
        }
        let rewrites = piece.analysis.map { TokenRewrites($0, topLevelConsts: true).placed(by: written) } ?? TokenRewrites()
        let origins: Origins = piece.mapping ? .recorded(origins: piece.tokens.origins, sourceTokens: piece.sourceTokens) : .none
        // A wrapped piece's top level is the wrapper function's body: its names are local, except those the
        // wrapper's generated text names (exports). A scope-hoisted piece shares its top level.
        var namedByGenerated = Set<String>()
        for k in piece.tokens.generatedNames where k < piece.tokens.tokens.count {
            let range = piece.tokens.tokens[k].range
            guard range.lowerBound >= piece.source.count, range.upperBound - piece.source.count <= piece.generated.count else { continue }
            namedByGenerated.insert(
                String(
                    decoding: piece.generated[(range.lowerBound - piece.source.count)..<(range.upperBound - piece.source.count)],
                    as: UTF8.self))
        }
        let bindings = piece.analysis.map {
            TokenBindings(
                $0, count: piece.tokens.tokens.count, written: written, generatedNames: piece.tokens.generatedNames,
                sharedTopLevel: piece.hoistedNames != nil, namedByGenerated: namedByGenerated)
        }
        var minified = write(
            piece.source, generated: piece.generated, tokens: piece.tokens.tokens, legalComments: piece.tokens.legalComments,
            renames: renames, rewrites: rewrites, origins: origins, mapping: piece.mapping, sources: piece.sources,
            bindings: bindings, passes: true, recordsNameSlots: templateKey != nil)
        if let passMemo, let templateKey {
            let slots = minified.nameSlots
            minified.nameSlots = []
            var template = RenamedPieceTemplate(piece: minified, slots: slots, names: newNames)
            if let slot = piece.moduleIDSlot, let moduleID {
                template.moduleID = RenamedPieceTemplate.moduleIDSlot(
                    in: minified, prefix: piece.generated[..<slot.lowerBound], digits: moduleID)
            }
            passMemo.store(template, for: templateKey)
        }
        return .minified(minified)
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
        let bindings = analysis.map { TokenBindings($0, count: significant.count, written: nil, generatedNames: [], sharedTopLevel: true) }
        let piece = write(
            code, tokens: significant, range: layout?.bodyTokens, legalComments: legalComments, renames: renames,
            rewrites: rewrites, origins: .body(body, lineOffset: 1), mapping: source != nil, sources: source.map { [$0] } ?? [],
            bindings: bindings, passes: true)
        guard let layout else { return .complete(piece) }
        return MinifiedFileBody(
            piece: piece, wrapping: layout.wrapping, canShareScope: layout.canShareScope,
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
        sources: [SourceMapBuilder.Source], renameIdentifiers: Bool, rewrite: Bool
    ) -> MinifiedPiece {
        let significant = tokenization.tokens.filter { !$0.isComment }
        var renames = IdentifierRenames()
        var rewrites = TokenRewrites()
        var bindings: TokenBindings?
        if renameIdentifiers || rewrite {
            let parsed = JavaScriptTokenization(tokens: significant, lineTerminatorCount: tokenization.lineTerminatorCount)
            if let analysis = try? JavaScriptParser.analyze(code, tokenization: parsed) {
                if renameIdentifiers {
                    renames = IdentifierRenamer.renames(analysis)
                    rewrites = TokenRewrites(analysis, topLevelConsts: false)
                }
                bindings = TokenBindings(analysis, count: significant.count, written: nil, generatedNames: [], sharedTopLevel: true)
            }
        }
        var legalComments: [Range<Int>] = []
        code.withUnsafeBufferPointer { bytes in
            for token in tokenization.tokens where token.kind == .lineComment || token.kind == .blockComment {
                if LegalComments.isLegal(bytes, token.range) { legalComments.append(token.range) }
            }
        }
        return write(
            code, tokens: significant, legalComments: legalComments, renames: renames, rewrites: rewrites,
            origins: origins, mapping: mapping, sources: sources, bindings: bindings, passes: rewrite)
    }

    /// Writes the significant `tokens` of `code` minified, with the legal comments at `legalComments`. Offsets
    /// from `code.count` on are in `generated` (see `PreparedPiece`).
    private static func write(
        _ code: [UInt8], generated: [UInt8] = [], tokens: [JavaScriptToken], range: Range<Int>? = nil,
        legalComments: [Range<Int>], renames: IdentifierRenames, rewrites: TokenRewrites, origins: Origins, mapping: Bool,
        sources: [SourceMapBuilder.Source], bindings: TokenBindings?, passes: Bool, recordsNameSlots: Bool = false
    ) -> MinifiedPiece {
        guard passes, !tokens.isEmpty else {
            return write(
                code, generated: generated, tokens: tokens, range: range, legalComments: legalComments, renames: renames,
                rewrites: rewrites, origins: origins, originStarts: [], mapping: mapping, sources: sources,
                recordsNameSlots: recordsNameSlots)
        }
        let edits = code.withUnsafeBufferPointer { bytes in
            generated.withUnsafeBufferPointer { generatedBytes in
                generatedBytes.isEmpty
                    ? MinifierPasses.edits(
                        ContiguousText(bytes: bytes), tokens: tokens, bindings: bindings, letConsts: rewrites.letKeywords,
                        renames: renames)
                    : MinifierPasses.edits(
                        SplitText(bytes: bytes, generated: generatedBytes), tokens: tokens, bindings: bindings,
                        letConsts: rewrites.letKeywords, renames: renames)
            }
        }
        guard !edits.isEmpty else {
            return write(
                code, generated: generated, tokens: tokens, range: range, legalComments: legalComments, renames: renames,
                rewrites: rewrites, origins: origins, originStarts: [], mapping: mapping, sources: sources,
                recordsNameSlots: recordsNameSlots)
        }
        // Written text goes after the generated text; every token keeps the original position it maps to.
        let edited = edits.apply(to: tokens, textBase: code.count + generated.count, range: range ?? tokens.indices)
        var movedOrigins = origins
        var originStarts: [Int32] = []
        switch origins {
        case .recorded(let recorded, let sourceTokens):
            var moved = [Int32](repeating: -1, count: edited.tokens.count)
            for index in edited.tokens.indices {
                let origin = Int(edited.origins[index])
                if origin < recorded.count { moved[index] = recorded[origin] }
            }
            movedOrigins = .recorded(origins: moved, sourceTokens: sourceTokens)
        case .body:
            originStarts = edited.origins.map { Int32(truncatingIfNeeded: tokens[Int($0)].start) }
        case .lookup, .none:
            break
        }
        return write(
            code, generated: generated + edited.text, tokens: edited.tokens, range: edited.range, legalComments: legalComments,
            renames: renames.moved(to: edited), rewrites: rewrites.moved(to: edited), origins: movedOrigins,
            originStarts: originStarts, writtenTextStart: code.count + generated.count, mapping: mapping, sources: sources,
            recordsNameSlots: recordsNameSlots)
    }

    private static func write(
        _ code: [UInt8], generated: [UInt8], tokens: [JavaScriptToken], range: Range<Int>?,
        legalComments: [Range<Int>], renames: IdentifierRenames, rewrites: TokenRewrites, origins: Origins, originStarts: [Int32],
        writtenTextStart: Int = Int.max, mapping: Bool, sources: [SourceMapBuilder.Source], recordsNameSlots: Bool = false
    ) -> MinifiedPiece {
        return code.withUnsafeBufferPointer { bytes in
            generated.withUnsafeBufferPointer { generated in
                // Specialized for text in one buffer (most pieces) and for a prepared piece's two.
                if generated.isEmpty {
                    return write(
                        ContiguousText(bytes: bytes), tokens: tokens, range: range ?? tokens.indices,
                        legalComments: legalComments, renames: renames, rewrites: rewrites, origins: origins,
                        originStarts: originStarts, writtenTextStart: writtenTextStart, mapping: mapping, sources: sources,
                        recordsNameSlots: recordsNameSlots)
                }
                return write(
                    SplitText(bytes: bytes, generated: generated), tokens: tokens,
                    range: range ?? tokens.indices, legalComments: legalComments, renames: renames, rewrites: rewrites,
                    origins: origins, originStarts: originStarts, writtenTextStart: writtenTextStart, mapping: mapping,
                    sources: sources, recordsNameSlots: recordsNameSlots)
            }
        }
    }

    private static func write<Text: TokenText>(
        _ text: Text, tokens: [JavaScriptToken], range: Range<Int>, legalComments: [Range<Int>],
        renames: IdentifierRenames, rewrites: TokenRewrites, origins: Origins, originStarts: [Int32], writtenTextStart: Int,
        mapping: Bool, sources: [SourceMapBuilder.Source], recordsNameSlots: Bool
    ) -> MinifiedPiece {
        var writer = Writer(text: text, origins: origins, mapping: mapping)
        switch origins {
        case .body, .recorded: writer.translation = mapping ? sources.first?.origins : nil
        case .lookup, .none: break
        }
        writer.originStarts = originStarts
        writer.writtenTextStart = writtenTextStart
        if recordsNameSlots { writer.nameSlots = [] }
        for range in legalComments { writer.piece.legalComments.append(Array(writer.text(range.lowerBound, range.upperBound))) }
        // Pieces are kept until their bundle is composed (and as templates for other bundles): their arrays are
        // made the size the writer needs at most, so they never grow (and double) while it writes.
        let bound = WrittenSizeBound(text, tokens: tokens, range: range, renames: renames, countsSegments: mapping)
        if mapping { writer.mappings.reserveCapacity(segments: bound.segments) }
        // The code is written straight into the array's storage; past `bound` (never, by the count above)
        // the writer would move to a buffer of its own.
        let written = [UInt8](unsafeUninitializedCapacity: bound.bytes) { buffer, initialized in
            writer.attach(buffer)
            writer.run(tokens, range: range, renames: renames, rewrites: rewrites)
            initialized = writer.detach()
        }
        var piece = writer.finish()
        if piece.code.isEmpty { piece.code = written }
        piece.sources = mapping ? sources : []
        piece.lineCount = writer.line
        piece.lastLineColumn = writer.column
        piece.nameSlots = writer.nameSlots ?? []
        piece.endsWithStatementBrace = !range.isEmpty && rewrites.marksStatementBrace(range.upperBound - 1)
        return piece
    }

    /// The code kept as it is, with its map's segments (the fallback when it does not tokenize).
    private static func unminified(_ code: [UInt8], map: SourceMapBuilder?, segments: SourceMapSegments?) -> MinifiedPiece {
        var piece = MinifiedPiece()
        piece.code = code
        if let map {
            piece.sources = map.sourceList
            let segments = segments ?? MappingLookup(mappings: map.encodedMappings).segments
            var encoder = PieceMappings.Encoder()
            for line in 0..<max(0, segments.lineStarts.count - 1) {
                for index in segments.lineStarts[line]..<segments.lineStarts[line + 1] {
                    encoder.append(
                        line: Int32(truncatingIfNeeded: line), column: segments.columns[index], source: segments.sources[index],
                        originalLine: segments.lines[index], originalColumn: segments.originalColumns[index], name: -1)
                }
            }
            piece.mappings = encoder.finish()
        }
        code.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            var i = 0
            while i < bytes.count {
                let length = LineTerminator.length(bytes, at: i, end: bytes.count)
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
}
