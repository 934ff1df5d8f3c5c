import Foundation
import ScriptModules
import ScriptSyntax

/// A scope-hoisted ES module minified from the module's syntax tree (issue 41, step 4e), with the tree minifier's
/// switch on: the module graph's parse of the file is handed over (`PieceParse`, step 4f; where none was kept the file
/// is parsed with its comments in the piece's task), the linker's edits and the
/// shared scope's top-level names are made on the tree (`TreeHoistEdits`), and it is compressed, renamed and printed
/// with its mappings straight to the file. No text of the piece is written, no intermediate map made or read.
///
/// The result is what the text route (`ModuleBundleAssembler.minifiedFromText(_:)`: the module's text with the edits
/// and its top-level names written in, then `TreeMinifier.minifyPiece`) makes of the same module: the module's top
/// level is the piece's program scope in both, whose names the renamer never changes, and the names of the other
/// modules' top levels it reads are free names, which no local takes. A module whose edits the tree cannot express
/// returns `nil` from `minified()` and takes the text route.
package struct TreeHoistedPiece {
    /// The module (its file's bytes and significant tokens, which the edits index).
    package let record: ModuleRecord
    /// The linker's edits of the module (`ModuleLinker.HoistedModule.edits`).
    package let edits: [TokenEdit]
    /// The shared scope's name of each top-level declaration, by declaration (`ModuleLinker.HoistedModule.topLevelNames`).
    package let topLevelNames: [Int: String]
    /// Whether the text route writes `;` after the module (`ModuleLinker.HoistedModule.needsTerminator`).
    package let needsTerminator: Bool
    /// The module's path in the source map, `nil` for no mappings.
    package let mapSource: String?

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(record: ModuleRecord, edits: [TokenEdit], topLevelNames: [Int: String], needsTerminator: Bool, mapSource: String?) {
        self.record = record
        self.edits = edits
        self.topLevelNames = topLevelNames
        self.needsTerminator = needsTerminator
        self.mapSource = mapSource
    }

    /// Whether module `record` is one this route builds: a parsed ES module, not lowered, with a body, no hashbang.
    package static func accepts(_ record: ModuleRecord) -> Bool {
        record.kind == .esModule && record.analysis != nil && record.lowering == nil && record.hasBody && record.bytes.first != 0x23
    }

    /// Whether the tree route does less work than the text route for module `record` with `edits`: it parses the
    /// whole file, code the edits remove included (the declarations tree shaking drops, import statements), where the
    /// text route parses only the code kept but first writes it with its intermediate map and later scans its names.
    /// Measured on the benchmark trees (BENCHMARKS.md, "Issue 41 step 4e"), writing and mapping a byte kept cost about a
    /// sixth of parsing a byte, so the tree route is taken when the code removed is at most an eighth of the code kept.
    /// A module whose parse the graph kept (`ModuleFileFacts.holdsParse`) takes the tree route whatever it drops: it
    /// parses nothing then, and the removed statements are cut from the program's list before compressing.
    package static func dropsLittle(_ edits: [TokenEdit], in record: ModuleRecord) -> Bool {
        let tokens = record.tokens
        var removed = 0
        // Statements removed (an `export` or `export default` keyword removed is one or two tokens, parsed either way).
        for edit in edits where edit.end > edit.start + 2 && edit.end <= tokens.count && (edit.text.isEmpty || edit.text == ";") {
            removed += tokens[edit.end - 1].end - tokens[edit.start].start
        }
        return removed * 8 <= record.bytes.count - removed
    }

    /// The minified module; `nil` where the file does not parse as the module's analysis did, or an edit is not one
    /// the tree expresses (the caller minifies the piece's text instead). `handover`: from the graph's kept parse where
    /// there is one (`false`: from a parse of its own, for tests). Where another bundle of the build holds the module
    /// (its file's `PieceTemplateMemo` keeps results), the piece is made from a template of another bundle's piece of
    /// an equal key when one fits (`TreePieceTemplate`), else made and kept as one.
    @inline(never)
    package func minified(handover: Bool = true) -> MinifiedPiece? {
        guard let memo = record.passMemo as? PieceTemplateMemo, memo.keepsResults,
            let keyed = TreePieceTemplate.Key.of(
                edits: edits, topLevelNames: topLevelNames, needsTerminator: needsTerminator, mapSource: mapSource)
        else { return made(handover: handover, slots: nil)?.piece }
        let found = memo.claimTreeTemplates(for: keyed.key)
        if !found.isEmpty {
            for template in found where template.fits(keyed.spellings) {
                guard let piece = template.piece(spelling: keyed.spellings) else { continue }
                memo.noteTreeTemplateUse()
                return piece
            }
            // Slots spelled as other sensitive words: made here, and kept beside the others.
            let made = made(handover: handover, slots: (keyed.spellings, keyed.structuralWords), memo: memo)
            memo.storeTreeTemplate(made?.template, for: keyed.key, claimed: false)
            return made?.piece
        }
        let made = made(handover: handover, slots: (keyed.spellings, keyed.structuralWords), memo: memo)
        memo.storeTreeTemplate(made?.template, for: keyed.key, claimed: true)
        return made?.piece
    }

    /// The minified module (`minified(handover:)`), and with `slots` (the slots' spellings and the structural words of
    /// the piece's key, `TreePieceTemplate.Key.of`), its template; `memo`: the file's, which holds the set of its
    /// parsed names the templates share. (Not inlined, nor `TreePieceTemplate.piece`, so a
    /// profile's call counts tell pieces made from templates apart.)
    @inline(never)
    private func made(
        handover: Bool, slots: (spellings: [String], structuralWords: [String])?, memo: PieceTemplateMemo? = nil
    ) -> (piece: MinifiedPiece, template: TreePieceTemplate?)? {
        guard var parsed = PieceParse.of(record, handover: handover) else { return nil }
        var tree = SyntaxTree(source: [])
        swap(&tree, &parsed.tree)
        guard
            let made = TreeHoistEdits.apply(
                edits, topLevelNames: topLevelNames, record: record, mapping: mapSource != nil, to: &tree)
        else { return nil }
        let uses = TreeCompressor.compress(&tree)
        let plan = TreeRenamer.plan(tree, uses: uses)
        let renamed = plan.map { plan in plan.namesExaminingOwnSpellings() }
        let symbolNames = renamed?.names ?? []
        let names = HoistedMappingNames(tree: tree, edits: made)
        let unmapped = made.unmapped
        // Per name ID, its slot (a name built for a slot's spelling).
        var slotOfName: [Int32] = []
        if let slots {
            slotOfName = [Int32](repeating: -1, count: tree.names.count)
            for (slot, spelling) in slots.spellings.enumerated() {
                if let id = made.builtNames[spelling], Int(id) < slotOfName.count { slotOfName[Int(id)] = Int32(truncatingIfNeeded: slot) }
            }
        }
        var ends: [(bytes: Int32, line: Int32)] = []
        let printedPiece = TreeMinifier.printed(
            tree, symbolNames: symbolNames, uses: uses, recordsMappings: mapSource != nil, tokens: parsed.tokens,
            slotOfName: slotOfName
        ) { printed, pieceNames, printedSlots in
            TreeMinifier.mappings(
                printed, tree: tree, names: &pieceNames, hoistedNames: names,
                endsAfter: printedSlots.map(\.mappingCount), ends: &ends
            ) { mapping in
                // Nodes the compressor added after the edits are past the table.
                if Int(mapping.node) < unmapped.count, unmapped[Int(mapping.node)] { return nil }
                return MappingLookup.Original(source: 0, line: Int(mapping.originalLine), column: Int(mapping.originalColumn))
            }
        }
        var piece = printedPiece.piece
        let printedSlots = printedPiece.nameSlots
        if let mapSource { piece.sources = [SourceMapBuilder.Source(path: mapSource, content: record.sourceBytes)] }
        if !piece.code.isEmpty, piece.code.last != 0x3B, !piece.endsWithStatementBrace {
            piece.code.append(0x3B)
            piece.lastLineColumn += 1
        }
        // The comments inside the tokens an edit replaced are not in the text route's piece.
        piece.legalComments = parsed.legalComments(excluding: made.replaced)
        guard let slots else { return (piece, nil) }
        let template = Self.template(
            of: piece, tree: tree, slots: slots, printedSlots: printedSlots, ends: ends, plan: plan, slotOfName: slotOfName,
            symbolNames: symbolNames, memo: memo)
        if var template, let plan {
            template.examinedNames = renamed?.examined ?? 0
            template.slotUses = TreePieceTemplate.slotUses(
                plan: plan, slotOfName: slotOfName, slotCount: slots.spellings.count)
            return (piece, template)
        }
        return (piece, template)
    }

    /// The template of `piece` (see `TreePieceTemplate`), `nil` where its names' places cannot be told (the slots'
    /// mapping ends are missing, or the code has line terminators other than `\n`, which the places' lines count).
    private static func template(
        of piece: MinifiedPiece, tree: SyntaxTree, slots: (spellings: [String], structuralWords: [String]),
        printedSlots: [SyntaxPrinter.NameSlot], ends: [(bytes: Int32, line: Int32)], plan: TreeRenamer.Plan?, slotOfName: [Int32],
        symbolNames: [[UInt8]?], memo: PieceTemplateMemo?
    ) -> TreePieceTemplate? {
        let mapping = !piece.sources.isEmpty
        guard !mapping || ends.count == printedSlots.count else { return nil }
        let code = piece.code
        guard !Self.hasOtherLineTerminator(code), let slotLines = Self.lines(of: printedSlots, in: code) else { return nil }
        var names: [[UInt8]] = slots.spellings.map { Array($0.utf8) }
        var renamedIndex = [Int32](repeating: -1, count: symbolNames.count)
        var renamedSymbols: [Int32] = []
        var nameSlots: [RenamedPieceTemplate.NameSlot] = []
        nameSlots.reserveCapacity(printedSlots.count)
        for (index, printed) in printedSlots.enumerated() {
            let rename: Int32
            if printed.slot >= 0 {
                rename = printed.slot
            } else {
                let symbol = Int(printed.symbol)
                guard symbol >= 0, symbol < symbolNames.count, let name = symbolNames[symbol] else { return nil }
                if renamedIndex[symbol] < 0 {
                    renamedIndex[symbol] = Int32(truncatingIfNeeded: names.count)
                    renamedSymbols.append(printed.symbol)
                    names.append(name)
                }
                rename = renamedIndex[symbol]
            }
            let end = mapping ? ends[index] : (bytes: 0, line: 0)
            nameSlots.append(
                RenamedPieceTemplate.NameSlot(
                    offset: printed.offset, rename: rename, line: slotLines[index], mappingEnd: end.bytes,
                    mappingLine: end.line))
        }
        // Besides `TreePieceTemplate.specialWords`: the key's structural words and, with mappings, the source words
        // under built names, one after another in `wordBytes` (a set of them is made only if a use tests a word).
        var wordBytes: [UInt8] = []
        var wordEnds: [Int32] = []
        if mapping {
            // The names of the file's parse: tested only when a template is used with other spellings (step 4r).
            // The source words under built names (a built name is named in its mapping where it differs from them).
            for node in tree.nodes where node.flags.contains(.synthetic) {
                switch node.kind {
                case .identifier, .identifierName, .bindingIdentifier:
                    let start = Int(node.start), end = Int(node.end)
                    guard start < end, end <= tree.source.count else { continue }
                    let word = tree.source[start..<end]
                    if word.allSatisfy(SyntaxPrinter.isWordByte) {
                        wordBytes.append(contentsOf: word)
                        wordEnds.append(Int32(truncatingIfNeeded: wordBytes.count))
                    }
                default:
                    continue
                }
            }
        }
        let sensitive = TemplateWords(words: slots.structuralWords, bytes: wordBytes, ends: wordEnds)
        return TreePieceTemplate(
            template: RenamedPieceTemplate(piece: piece, slots: nameSlots, names: names), spellings: slots.spellings,
            sensitiveWords: sensitive, plan: plan, slotOfName: slotOfName, symbolNames: symbolNames, renamedSymbols: renamedSymbols,
            parsedNames: mapping
                ? memo?.parsedNames(tree.names, count: tree.parsedNameCount)
                    ?? ParsedNameSet(names: tree.names, count: tree.parsedNameCount) : nil)
    }

    /// Whether `code` holds `\r`, U+2028 or U+2029 (line terminators other than `\n`, which the printer counts as
    /// lines). Found by `memchr` (step 4u: the loops over every byte, with the line count of `lines(of:in:)`, were about
    /// a tenth of making a template).
    private static func hasOtherLineTerminator(_ code: [UInt8]) -> Bool {
        code.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            if memchr(base, 0x0D, bytes.count) != nil { return true }
            let end = base + bytes.count
            var start = base
            while start < end, let hit = memchr(start, 0xE2, end - start) {
                let found = UnsafeRawPointer(hit)
                if end - found > 2, found.load(fromByteOffset: 1, as: UInt8.self) == 0x80 {
                    let third = found.load(fromByteOffset: 2, as: UInt8.self)
                    if third == 0xA8 || third == 0xA9 { return true }
                }
                start = found + 1
            }
            return false
        }
    }

    /// The line (`\n` counted, by `memchr`) of each of `slots`' offsets in `code`; `nil` where the offsets are not in
    /// order or past the code.
    private static func lines(of slots: [SyntaxPrinter.NameSlot], in code: [UInt8]) -> [Int32]? {
        var lines = [Int32](repeating: 0, count: slots.count)
        let counted = code.withUnsafeBytes { bytes in
            var line: Int32 = 0
            var scanned = 0
            for (index, slot) in slots.enumerated() {
                let offset = Int(slot.offset)
                guard offset >= scanned, offset <= bytes.count else { return false }
                if offset > scanned, let base = bytes.baseAddress {
                    var start = base + scanned
                    let stop = base + offset
                    while start < stop, let hit = memchr(start, 0x0A, stop - start) {
                        line += 1
                        start = UnsafeRawPointer(hit) + 1
                    }
                }
                scanned = offset
                lines[index] = line
            }
            return true
        }
        return counted ? lines : nil
    }
}
