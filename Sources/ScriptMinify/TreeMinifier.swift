import ScriptSyntax

/// The minifier (issue 41, steps 4a to 5b): parse once with `SyntaxParser` (scopes and symbols bound), compress the
/// tree (`TreeCompressor`), rename symbols and private names (`TreeRenamer`), and print the tree minified with its
/// mappings (`SyntaxPrinter`), so that a piece comes out of one parse and one print. Production builds minify every
/// piece and every script file with it (the token minifier it replaced is gone since step 5b: docs/syntax-tree.md).
/// Results: code, mappings with the renamed identifiers' original names, and the legal comments.
package enum TreeMinifier {
    /// Minifies `piece` (`minifyPiece(_:map:originalNames:)`).
    package static func minify(_ piece: TreePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        switch piece.kind {
        case .wrappedModule: try minifyWrappedModule(piece)
        case .hoistedModule: try minifyHoistedModule(piece)
        case .inlineEntry: try minifyInlineEntry(piece)
        case .other: try minifyOther(piece)
        }
    }

    // One function per kind of piece, so a profile (callgrind's inclusive counts) tells the kinds' costs apart.
    @inline(never) private static func minifyWrappedModule(_ piece: TreePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        try minifyPiece(piece.code, map: piece.map, originalNames: piece.originalNames)
    }

    @inline(never) private static func minifyHoistedModule(_ piece: TreePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        try minifyPiece(piece.code, map: piece.map, originalNames: piece.originalNames)
    }

    @inline(never) private static func minifyInlineEntry(_ piece: TreePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        try minifyPiece(piece.code, map: piece.map, originalNames: piece.originalNames)
    }

    @inline(never) private static func minifyOther(_ piece: TreePiece) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        try minifyPiece(piece.code, map: piece.map, originalNames: piece.originalNames)
    }

    /// Minifies `code` as one piece; `map` is the intermediate map of `code` (see `SourceMapBuilder.intermediate()`),
    /// `nil` for none. Every piece is text wkpack generated from files that parsed, so code the tree parser refuses
    /// is wkpack's bug: its error is thrown, for the assembler to report as an internal error. `originalNames`: the
    /// original names of names that edits wrote into `code` (a scope-hoisted module's top-level names), which the
    /// map names where such a name is printed. The piece ends its last statement (`;`, or a statement's `}`), so
    /// the composer can join the next piece after it.
    package static func minifyPiece(
        _ code: [UInt8], map: SourceMapBuilder?, originalNames: [String: String] = [:]
    ) throws(JavaScriptSyntaxError) -> MinifiedPiece {
        let tokenization = try JavaScriptTokenizer.tokenizeForParsing(code, includeComments: true)
        var parsed = try SyntaxParser.parseWithFacts(code, tokenization: tokenization)
        var tree = parsed.tree
        // The only reference to the tree's arrays, so the compressor rewrites them in place (not a copy of them).
        parsed.tree = SyntaxTree(source: [])
        let uses = TreeCompressor.compress(&tree)
        let symbolNames = TreeRenamer.names(tree, hasModuleSyntax: parsed.facts.module.hasModuleSyntax, uses: uses)
        var piece = printed(tree, symbolNames: symbolNames, uses: uses, recordsMappings: map != nil, tokens: parsed.tokens) {
            printed, names in
            guard let map else { return PieceMappings() }
            let lookup = map.decodedSegments.map { MappingLookup(segments: $0) } ?? MappingLookup(mappings: map.encodedMappings)
            var cursor = MappingLookup.Cursor()
            let renamed = originalNames.isEmpty ? nil : OriginalNames(originalNames, tree: tree)
            return mappings(printed, tree: tree, names: &names, originalNames: renamed) { mapping in
                lookup.original(line: Int(mapping.originalLine), column: Int(mapping.originalColumn), cursor: &cursor)
            }
        }
        if let map { piece.sources = map.sourceList }
        if !piece.code.isEmpty, piece.code.last != 0x3B, !piece.endsWithStatementBrace {
            piece.code.append(0x3B)
            piece.lastLineColumn += 1
        }
        piece.legalComments = legalComments(code, tokenization.comments ?? [])
        return piece
    }

    /// Minifies one file wrapped as `code` (`BundleAssembler`'s layout: prologue, the file at `body`, epilogue): the
    /// body alone (without a leading `"use strict"`, which the wrapping then
    /// writes), mapped to `source` one line up, with how the composer may wrap it (`FileWrapperLayout`, read from
    /// the file's `analysis`); the whole wrapped file when the layout is not the expected one. `parsed`: the tree
    /// of `code` from the parse the bundler made for `analysis` (`ParsedProgram.parse`), so `code` is not parsed
    /// again; `nil` to parse it here. The bundler has parsed the file (a file that does not parse is a located error
    /// there), so code the tree parser refuses here is wkpack's bug: its error is thrown, for an internal error.
    package static func minifyFileBody(
        _ code: [UInt8], tokenization: JavaScriptTokenization, significant: [JavaScriptToken], analysis: ScopeAnalysis?,
        body: Range<Int>, source: SourceMapBuilder.Source?, parsed: consuming ParsedProgram? = nil
    ) throws(JavaScriptSyntaxError) -> MinifiedFileBody {
        var program: ParsedProgram
        // Taken out of `parsed` (which is left `nil`): kept there too, the tree's arrays had a second owner until the
        // function returned, and the compressor's first change copied every node of the file.
        if let given = parsed.take() {
            program = given
        } else {
            let (tree, facts, _) = try SyntaxParser.parseWithFacts(code, tokenization: tokenization)
            program = ParsedProgram(tree: tree, hasModuleSyntax: facts.module.hasModuleSyntax)
        }
        var tree = program.tree
        // The only reference to the tree's arrays, so the compressor rewrites them in place.
        program.tree = SyntaxTree(source: [])
        let uses = TreeCompressor.compress(&tree)
        let symbolNames = TreeRenamer.names(tree, hasModuleSyntax: program.hasModuleSyntax, uses: uses)
        // The file's statements become the printed program; the wrapper is the composer's to write.
        let layout = analysis.flatMap { FileWrapperLayout(code: code, tokens: significant, analysis: $0) }
        var wrapped = true
        if let layout, let statements = wrapperBody(tree, dropsDirective: layout.wrapping == .strict) {
            tree.root = tree.appendNode(.program, at: tree[tree.root].range, a: tree.appendList(statements))
            wrapped = false
        }
        let translation = source?.origins
        var piece = printed(tree, symbolNames: symbolNames, uses: uses, recordsMappings: source != nil, tokens: significant) {
            printed, names in
            mappings(printed, tree: tree, names: &names) { mapping in
                guard body.contains(Int(tree[mapping.node].start)), mapping.originalLine >= 1 else { return nil }
                let line = Int(mapping.originalLine) - 1
                let column = Int(mapping.originalColumn)
                guard let translation else { return MappingLookup.Original(source: 0, line: line, column: column) }
                guard let position = translation.original(line: line, column: column) else { return .continuing }
                return MappingLookup.Original(source: 0, line: position.line, column: position.column)
            }
        }
        if let source { piece.sources = [source] }
        // Most files hold no legal comment: their bytes are scanned for one's marks, sixteen at a time, before their
        // tokens are looked through (step 5f: about four bytes a token, the scan costs half the loop over the tokens).
        if code.withUnsafeBufferPointer({ LegalComments.mayOccur(in: $0) }) {
            piece.legalComments = legalComments(code, tokenization.tokens)
        }
        guard let layout, !wrapped else {
            // The whole wrapped file, joined to the next one as it is: it ends its statement.
            if !piece.code.isEmpty, piece.code.last != 0x3B {
                piece.code.append(0x3B)
                piece.lastLineColumn += 1
            }
            return .complete(piece)
        }
        return MinifiedFileBody(
            piece: piece, wrapping: layout.wrapping, canShareScope: layout.canShareScope,
            allowsArrowFunction: layout.allowsArrowFunction)
    }

    /// The statements of the wrapper function's body of a wrapped file's tree (`(function(){…}).call(this);`),
    /// without the leading `"use strict"` directive when `dropsDirective` (`nil` when the tree or the directive is
    /// not where the layout says).
    private static func wrapperBody(_ tree: SyntaxTree, dropsDirective: Bool) -> ArraySlice<Int32>? {
        guard tree.root >= 0 else { return nil }
        let program = tree.list(tree[tree.root].a)
        guard program.count == 1, let statement = program.first, tree[statement].kind == .expressionStatement else { return nil }
        let call = tree[tree[statement].a]
        guard call.kind == .callExpression, call.a >= 0, tree[call.a].kind == .memberExpression else { return nil }
        let function = tree[call.a].a
        guard function >= 0, tree[function].kind == .functionExpression, tree[function].c >= 0 else { return nil }
        let statements = tree.list(tree[tree[function].c].a)
        guard dropsDirective else { return statements }
        guard let first = statements.first, tree[first].kind == .expressionStatement, tree[first].a >= 0,
            tree[tree[first].a].kind == .stringLiteral
        else { return nil }
        let text = tree.bytes(tree[first].a)
        guard text.elementsEqual("\"use strict\"".utf8) || text.elementsEqual("'use strict'".utf8) else { return nil }
        return statements.dropFirst()
    }

    /// `tree` renamed (`symbolNames`, and its private names) and printed minified into a piece without the
    /// printer's closing line break; `map` turns the printed mappings into the piece's (adding the names it uses).
    /// `uses`: the compressor's walk of `tree` as it is (`nil`: none); `tokens`: tokens of the tree's source in source
    /// order (their lines and columns are the mappings' original positions).
    static func printed(
        _ tree: SyntaxTree, symbolNames: [[UInt8]?], uses: TreeUses?, recordsMappings: Bool, tokens: [JavaScriptToken],
        map: (_ printed: SyntaxPrinterMappings, _ names: inout [String]) -> PieceMappings
    ) -> MinifiedPiece {
        // The piece returned as it is made (step 5m: taken out of the pair the other `printed` returns, it was copied,
        // each of its arrays retained, and the pair destroyed).
        var nameSlots: [SyntaxPrinter.NameSlot] = []
        return printedPiece(
            tree, symbolNames: symbolNames, uses: uses, recordsMappings: recordsMappings, tokens: tokens, slotOfName: [],
            nameSlots: &nameSlots
        ) { printed, names, _ in map(printed, &names) }
    }

    /// `printed(_:symbolNames:uses:recordsMappings:tokens:map:)`, with where it wrote the renamed symbols' names and
    /// the names of `slotOfName` (`SyntaxPrinter.printMinified`'s slots, also given to `map`).
    static func printed(
        _ tree: SyntaxTree, symbolNames: [[UInt8]?], uses: TreeUses?, recordsMappings: Bool, tokens: [JavaScriptToken],
        slotOfName: [Int32],
        map: (_ printed: SyntaxPrinterMappings, _ names: inout [String], _ slots: [SyntaxPrinter.NameSlot]) -> PieceMappings
    ) -> (piece: MinifiedPiece, nameSlots: [SyntaxPrinter.NameSlot]) {
        var nameSlots: [SyntaxPrinter.NameSlot] = []
        let piece = printedPiece(
            tree, symbolNames: symbolNames, uses: uses, recordsMappings: recordsMappings, tokens: tokens, slotOfName: slotOfName,
            nameSlots: &nameSlots, map: map)
        return (piece, nameSlots)
    }

    /// The piece of `printed(_:symbolNames:uses:recordsMappings:tokens:slotOfName:map:)`, its slots in `nameSlots`.
    private static func printedPiece(
        _ tree: SyntaxTree, symbolNames: [[UInt8]?], uses: TreeUses?, recordsMappings: Bool, tokens: [JavaScriptToken],
        slotOfName: [Int32], nameSlots: inout [SyntaxPrinter.NameSlot],
        map: (_ printed: SyntaxPrinterMappings, _ names: inout [String], _ slots: [SyntaxPrinter.NameSlot]) -> PieceMappings
    ) -> MinifiedPiece {
        let printed = SyntaxPrinter.printMinified(
            tree, symbolNames: symbolNames, privateNames: TreeRenamer.privateNames(tree, uses: uses), recordsMappings: recordsMappings,
            tokens: tokens, minifiesLiterals: true, slotOfName: slotOfName, nameSlots: &nameSlots)
        var code = printed.code
        // Pieces are joined by the composer, which writes the line breaks between them (the printer counted the lines
        // without it).
        if code.last == 0x0A { code.removeLast() }
        var names: [String] = []
        let mappings = recordsMappings ? map(printed.mappings, &names, nameSlots) : PieceMappings()
        // Made from its parts where it is returned (step 5m: a piece filled in field by field was copied when
        // returned, each of its arrays retained, and the local destroyed).
        return MinifiedPiece(
            code: code, mappings: mappings, names: names, lineCount: printed.lineCount, lastLineColumn: printed.lastLineColumn,
            endsWithStatementBrace: endsWithStatementBrace(tree))
    }

    /// The original names of names edits wrote into a piece's code (the tree's source), by the written name's bytes,
    /// and by name ID for the tree's names that are one.
    struct OriginalNames {
        package let tree: SyntaxTree
        package let names: [ArraySlice<UInt8>: String]
        package let longest: Int
        /// The first bytes and the lengths (bit `min(length, 63)`) of the written names: a word that no written name
        /// starts or is as long as is none of them, and is not hashed.
        let firstBytes: (UInt64, UInt64, UInt64, UInt64)
        let lengths: UInt64
        /// Per name ID of the tree, once a mapping asked for it: 0 not yet, -1 no written name is spelled so, else 1 +
        /// the index in `found` of the original name of the written name spelled so.
        var byNameID: [Int32]
        package var found: [String] = []

        package init(_ originalNames: [String: String], tree: SyntaxTree) {
            self.tree = tree
            // One pass: the table reserved, the longest and the filters taken as names are added.
            var names: [ArraySlice<UInt8>: String] = [:]
            names.reserveCapacity(originalNames.count)
            var longest = 0
            var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var lengths: UInt64 = 0
            for (written, original) in originalNames {
                let bytes = ArraySlice(written.utf8)
                names[bytes] = original
                longest = max(longest, bytes.count)
                guard let first = bytes.first else { continue }
                let bit = UInt64(1) << (first & 63)
                switch first >> 6 {
                case 0: firstBytes.0 |= bit
                case 1: firstBytes.1 |= bit
                case 2: firstBytes.2 |= bit
                default: firstBytes.3 |= bit
                }
                lengths |= UInt64(1) << min(bytes.count, 63)
            }
            self.names = names
            self.longest = longest
            self.firstBytes = firstBytes
            self.lengths = lengths
            byNameID = [Int32](repeating: 0, count: tree.names.count)
        }

        /// The original name of the name written at the start of the node `mapping` maps, if it is one of them.
        package mutating func name(of mapping: SyntaxNodeMapping) -> String? {
            let node = tree[mapping.node]
            switch node.kind {
            case .identifier, .identifierName, .bindingIdentifier:
                // A parsed name is its source text, the whole word there, unless written with escapes (then longer): looked
                // up by its bytes once per name ID.
                let id = Int(node.a)
                if !node.flags.contains(.synthetic), Int(node.end - node.start) == tree.names[id].utf8.count {
                    if byNameID[id] == 0 {
                        if let original = written(ArraySlice(tree.names[id].utf8)) {
                            found.append(original)
                            byNameID[id] = Int32(truncatingIfNeeded: found.count)
                        } else {
                            byNameID[id] = -1
                        }
                    }
                    return byNameID[id] > 0 ? found[Int(byNameID[id]) - 1] : nil
                }
            default:
                break
            }
            return name(at: Int(node.start))
        }

        /// The original name of the name written at byte `offset` of the tree's source, if it is one of them.
        private func name(at offset: Int) -> String? {
            let code = tree.source
            guard longest > 0, offset < code.count else { return nil }
            var end = offset
            while end < code.count, end - offset <= longest, SyntaxPrinter.isWordByte(code[end]) { end += 1 }
            guard end > offset, end - offset <= longest else { return nil }
            return written(code[offset..<end])
        }

        /// The original name of the written name spelled `word`, if there is one; hashed only when a written name
        /// starts with its first byte and is as long.
        private func written(_ word: ArraySlice<UInt8>) -> String? {
            guard let first = word.first else { return nil }
            let starts: UInt64
            switch first >> 6 {
            case 0: starts = firstBytes.0
            case 1: starts = firstBytes.1
            case 2: starts = firstBytes.2
            default: starts = firstBytes.3
            }
            guard starts & (UInt64(1) << (first & 63)) != 0 else { return nil }
            guard lengths & (UInt64(1) << min(word.count, 63)) != 0 else { return nil }
            return names[word]
        }
    }

    /// The legal comments among `tokens` (with comments) of `code`, in order.
    static func legalComments(_ code: [UInt8], _ tokens: [JavaScriptToken]) -> [[UInt8]] {
        var comments: [[UInt8]] = []
        code.withUnsafeBufferPointer { bytes in
            for token in tokens where token.kind == .lineComment || token.kind == .blockComment {
                if LegalComments.isLegal(bytes, token.range) { comments.append(Array(bytes[token.range])) }
            }
        }
        return comments
    }

    /// A number literal in its shortest decimal form, a string literal with the quote needing the fewest escapes
    /// (`SyntaxLiteralText.shortest`, what the printer writes for them); `nil` where the source's text is as short.
    static func literalText(_ kind: SyntaxKind, _ raw: ArraySlice<UInt8>) -> [UInt8]? {
        raw.withUnsafeBufferPointer { SyntaxLiteralText.shortest(kind, $0) }
    }

    /// The printed mappings carried to the sources by `original` (a printed mapping's original position, `nil` for
    /// none, `.continuing` for code of a lowered source without an origin of its own): a mapping without an original
    /// position ends the mapped code before it, as today's writer marks unmapped code; a continuing one writes no
    /// segment. Names are appended to `names` once each. `namedBy`: the name of a mapping the renamer did not rename
    /// (in place of the printer's and `originalNames`'), as an index into `namedTexts` (-1 for none), for a
    /// scope-hoisted module minified from its tree; each of those texts is looked up among the piece's names once.
    /// `hoistedNames`: the same for a scope-hoisted module, asked directly (its `originals` are the texts).
    static func mappings(
        _ printed: SyntaxPrinterMappings, tree: SyntaxTree, names: inout [String], originalNames: OriginalNames? = nil,
        namedBy: ((SyntaxNodeMapping) -> Int32)? = nil, hoistedNames: HoistedMappingNames? = nil, namedTexts: [String] = [],
        original: (SyntaxNodeMapping) -> MappingLookup.Original?
    ) -> PieceMappings {
        var ends: [(bytes: Int32, line: Int32)] = []
        return mappings(
            printed, tree: tree, names: &names, originalNames: originalNames, namedBy: namedBy, hoistedNames: hoistedNames,
            namedTexts: namedTexts, endsAfter: [], ends: &ends, original: original)
    }

    /// The names of a piece's mappings while `mappings` encodes them: each name's index in the piece's `names`, found
    /// once per name ID (and per index of `namedTexts`) through tables read by pointer in the loop; the slow paths
    /// (a name's first look-up, a name given by its text) are calls of their own, so that the loop keeps its values
    /// in registers.
    private struct MappingNames {
        package let tree: SyntaxTree
        package var names: [String]
        var nameIndexes: [String: Int32] = [:]
        /// Whether `nameIndexes` holds every name of `names` (from the first name given by its text on).
        var hashesNames = false
        let namedTexts: [String]
        /// Looked up in place: it remembers the name IDs asked for. Kept here, not in the loop, whose test of it is
        /// `namesByText`.
        package var originalNames: OriginalNames?

        package init(tree: SyntaxTree, names: [String], namedTexts: [String], originalNames: OriginalNames?) {
            self.tree = tree
            self.names = names
            self.namedTexts = namedTexts
            self.originalNames = originalNames
        }

        package mutating func index(of original: String) -> Int32 {
            if !hashesNames {
                hashesNames = true
                nameIndexes.reserveCapacity(names.count + 16)
                for (index, name) in names.enumerated() { nameIndexes[name] = Int32(truncatingIfNeeded: index) }
            }
            if let known = nameIndexes[original] { return known }
            let index = Int32(truncatingIfNeeded: names.count)
            nameIndexes[original] = index
            names.append(original)
            return index
        }

        /// The index of tree name `id`. While every name so far is a parsed ASCII name, a parsed ASCII name is new
        /// without looking: the parse interned each spelling once, and ASCII names are equal only when their bytes
        /// are. Otherwise (a name given by its text, a built or non-ASCII name) names are found by their text.
        @inline(never)
        package mutating func index(ofNameID id: Int) -> Int32 {
            // ASCII exactly when it has as many UTF-16 units as bytes (any other scalar has more bytes than units);
            // read from the string's ASCII flag, where a test of each byte was a call costing about 330
            // instructions a name (57,763 names on the large tree). The name is read in place and copied once, into
            // `names` (step 5m: a local copy of it was retained and released besides).
            if !hashesNames, id < tree.parsedNameCount, Self.isASCII(tree.names[id]) {
                names.append(tree.names[id])
                return Int32(truncatingIfNeeded: names.count - 1)
            }
            return index(of: tree.names[id])
        }

        /// Whether `name` is ASCII (as many UTF-16 units as bytes).
        @inline(__always)
        private static func isASCII(_ name: borrowing String) -> Bool {
            name.utf16.count == name.utf8.count
        }

        @inline(never)
        package mutating func index(ofNamed named: Int) -> Int32 { index(of: namedTexts[named]) }

        /// The name of `mapping` given by its text (a built name's source text, or an edited name's original).
        @inline(never)
        package mutating func index(ofTextOf mapping: SyntaxNodeMapping) -> Int32 {
            if mapping.name != SyntaxNodeMapping.none, let text = mapping.nameText(in: tree) { return index(of: text) }
            if originalNames != nil, let text = originalNames?.name(of: mapping) { return index(of: text) }
            return -1
        }
    }

    /// Appends to `ends` the encoded length and last line once `encoded` printed mappings are encoded, for each mark
    /// from `cursor` on that is at most `encoded`; the next mark after them (`Int32.max` for none).
    @inline(never)
    private static func noteEnds(
        _ marks: [Int32], cursor: inout Int, encoded: Int32, byteCount: Int, line: Int32, ends: inout [(bytes: Int32, line: Int32)]
    ) -> Int32 {
        while cursor < marks.count, marks[cursor] <= encoded {
            ends.append((Int32(truncatingIfNeeded: byteCount), line))
            cursor += 1
        }
        return cursor < marks.count ? marks[cursor] : Int32.max
    }

    /// `mappings(_:tree:names:originalNames:namedBy:hoistedNames:namedTexts:original:)`, giving in `ends`, for each
    /// count of `marks` (ascending), the encoded length and the last segment's line (0 for none) once that many
    /// printed mappings are encoded (a template's `RenamedPieceTemplate.NameSlot.mappingEnd` and `mappingLine`).
    static func mappings(
        _ printed: SyntaxPrinterMappings, tree: SyntaxTree, names: inout [String], originalNames: OriginalNames? = nil,
        namedBy: ((SyntaxNodeMapping) -> Int32)? = nil, hoistedNames: HoistedMappingNames? = nil, namedTexts: [String] = [],
        endsAfter marks: [Int32], ends: inout [(bytes: Int32, line: Int32)],
        original: (SyntaxNodeMapping) -> MappingLookup.Original?
    ) -> PieceMappings {
        var markCursor = 0
        var encodedCount: Int32 = 0
        // The next mark to note the ends at (`Int32.max` for none): one comparison per mapping.
        var nextMark = marks.first ?? Int32.max
        var encoder = PieceMappings.Encoder()
        encoder.reserveCapacity(segments: printed.count)
        let texts = hoistedNames?.originals ?? namedTexts
        var table = MappingNames(tree: tree, names: names, namedTexts: texts, originalNames: originalNames)
        names = []
        // Per name ID of the tree, its index in `names` once it has one (-1 before); per index of the named texts, the
        // same. Read and written through pointers in the loop (no uniqueness or bounds checks).
        let nameIDCount = tree.names.count
        let indexOfNameID = UnsafeMutablePointer<Int32>.allocate(capacity: max(nameIDCount, 1))
        indexOfNameID.initialize(repeating: -1, count: nameIDCount)
        let textCount = texts.count
        let indexOfNamed = UnsafeMutablePointer<Int32>.allocate(capacity: max(textCount, 1))
        indexOfNamed.initialize(repeating: -1, count: textCount)
        defer {
            indexOfNameID.deallocate()
            indexOfNamed.deallocate()
        }
        // Unwrapped once: called as an optional in the loop, its context was retained and released per mapping.
        let namesByClosure = namedBy != nil
        let nameOf: (SyntaxNodeMapping) -> Int32 = namedBy ?? { _ in -1 }
        let namesByText = originalNames != nil
        // Code before the first mapped node maps to nothing, not to the end of the piece before it.
        var lastWasMapped = true
        printed.withUnsafeBufferPointer { printed in
            for mapping in printed {
                // The ends once the mappings before this one are encoded.
                if encodedCount >= nextMark {
                    nextMark = noteEnds(
                        marks, cursor: &markCursor, encoded: encodedCount, byteCount: encoder.byteCount,
                        line: encoder.count > 0 ? encoder.line : 0, ends: &ends)
                }
                encodedCount &+= 1
                let line = mapping.generatedLine
                let column = mapping.generatedColumn
                guard let original = original(mapping) else {
                    if lastWasMapped {
                        encoder.append(line: line, column: column, source: -1, originalLine: 0, originalColumn: 0, name: -1)
                        lastWasMapped = false
                    }
                    continue
                }
                guard original.source >= 0 else { continue }
                var name: Int32 = -1
                if mapping.name >= 0 {
                    let id = Int(mapping.name)
                    name = id < nameIDCount ? indexOfNameID[id] : -1
                    if name < 0 {
                        name = table.index(ofNameID: id)
                        if id < nameIDCount { indexOfNameID[id] = name }
                    }
                } else if hoistedNames != nil || namesByClosure {
                    let named = Int(hoistedNames?.index(of: mapping) ?? nameOf(mapping))
                    if named >= 0 {
                        name = named < textCount ? indexOfNamed[named] : -1
                        if name < 0 {
                            name = table.index(ofNamed: named)
                            if named < textCount { indexOfNamed[named] = name }
                        }
                    }
                } else if mapping.name != SyntaxNodeMapping.none || namesByText {
                    name = table.index(ofTextOf: mapping)
                }
                encoder.append(
                    line: line, column: column, source: Int32(truncatingIfNeeded: original.source),
                    originalLine: Int32(truncatingIfNeeded: original.line), originalColumn: Int32(truncatingIfNeeded: original.column),
                    name: name)
                lastWasMapped = true
            }
        }
        if !marks.isEmpty {
            _ = noteEnds(
                marks, cursor: &markCursor, encoded: encodedCount, byteCount: encoder.byteCount,
                line: encoder.count > 0 ? encoder.line : 0, ends: &ends)
        }
        names = table.names
        return encoder.finish()
    }

    /// Whether the program's last statement is printed ending with the `}` of a block, `if`, loop, function or
    /// class declaration, `switch` or `try` (code after it needs no `;`).
    private static func endsWithStatementBrace(_ tree: SyntaxTree) -> Bool {
        guard tree.root >= 0, var statement = tree.list(tree[tree.root].a).last else { return false }
        while true {
            let node = tree[statement]
            switch node.kind {
            case .blockStatement, .functionDeclaration, .classDeclaration, .switchStatement, .tryStatement: return true
            case .ifStatement: statement = node.c >= 0 ? node.c : node.b
            case .labeledStatement, .whileStatement, .withStatement: statement = node.b
            case .forStatement: statement = node.d
            case .forInStatement, .forOfStatement: statement = node.c
            default: return false
            }
        }
    }
}
