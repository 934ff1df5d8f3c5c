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
struct TreeHoistedPiece {
    /// The module (its file's bytes and significant tokens, which the edits index).
    let record: ModuleRecord
    /// The linker's edits of the module (`ModuleLinker.HoistedModule.edits`).
    let edits: [TokenEdit]
    /// The shared scope's name of each top-level declaration, by declaration (`ModuleLinker.HoistedModule.topLevelNames`).
    let topLevelNames: [Int: String]
    /// Whether the text route writes `;` after the module (`ModuleLinker.HoistedModule.needsTerminator`).
    let needsTerminator: Bool
    /// The module's path in the source map, `nil` for no mappings.
    let mapSource: String?

    /// Whether module `record` is one this route builds: a parsed ES module, not lowered, with a body, no hashbang.
    static func accepts(_ record: ModuleRecord) -> Bool {
        record.kind == .esModule && record.analysis != nil && record.lowering == nil && record.hasBody && record.bytes.first != 0x23
    }

    /// Whether the tree route does less work than the text route for module `record` with `edits`: it parses the
    /// whole file, code the edits remove included (the declarations tree shaking drops, import statements), where the
    /// text route parses only the code kept but first writes it with its intermediate map and later scans its names.
    /// Measured on the benchmark trees (BENCHMARKS.md, "Issue 41 step 4e"), writing and mapping a byte kept cost about a
    /// sixth of parsing a byte, so the tree route is taken when the code removed is at most an eighth of the code kept.
    /// A module whose parse the graph kept (`ModuleFileFacts.holdsParse`) takes the tree route whatever it drops: it
    /// parses nothing then, and the removed statements are cut from the program's list before compressing.
    static func dropsLittle(_ edits: [TokenEdit], in record: ModuleRecord) -> Bool {
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
    /// there is one (`false`: from a parse of its own, for tests).
    @inline(never)
    func minified(handover: Bool = true) -> MinifiedPiece? {
        guard var parsed = PieceParse.of(record, handover: handover) else { return nil }
        var tree = SyntaxTree(source: [])
        swap(&tree, &parsed.tree)
        guard
            let made = TreeHoistEdits.apply(
                edits, topLevelNames: topLevelNames, record: record, mapping: mapSource != nil, to: &tree)
        else { return nil }
        let uses = TreeCompressor.compress(&tree)
        let symbolNames = TreeRenamer.names(tree, hasModuleSyntax: false, uses: uses)
        let names = HoistedMappingNames(tree: tree, edits: made)
        let unmapped = made.unmapped
        var piece = TreeMinifier.printed(
            tree, symbolNames: symbolNames, uses: uses, recordsMappings: mapSource != nil, tokens: parsed.tokens
        ) { printed, pieceNames in
            TreeMinifier.mappings(
                printed, tree: tree, names: &pieceNames, namedBy: { names.index(of: $0) }, namedTexts: names.originals
            ) { mapping in
                // Nodes the compressor added after the edits are past the table.
                if Int(mapping.node) < unmapped.count, unmapped[Int(mapping.node)] { return nil }
                return MappingLookup.Original(source: 0, line: Int(mapping.originalLine), column: Int(mapping.originalColumn))
            }
        }
        if let mapSource { piece.sources = [SourceMapBuilder.Source(path: mapSource, content: record.sourceBytes)] }
        if !piece.code.isEmpty, piece.code.last != 0x3B, !piece.endsWithStatementBrace {
            piece.code.append(0x3B)
            piece.lastLineColumn += 1
        }
        // The comments inside the tokens an edit replaced are not in the text route's piece.
        piece.legalComments = parsed.legalComments(excluding: made.replaced)
        return piece
    }
}
