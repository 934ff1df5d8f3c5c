/// The minifier on the syntax tree (issue 41, step 4a): parse once with `SyntaxParser` (scopes and symbols
/// bound), compress the tree (`TreeCompressor`), rename symbols and private names (`TreeRenamer`), and print the tree minified with its mappings (`SyntaxPrinter`), so
/// that a piece comes out of one parse and one print instead of today's token passes over re-parsed text.
///
/// It can stand where `Minifier.minifyPiece(_:map:)` stands: the same input (code and an optional intermediate
/// map) and the same `MinifiedPiece` (code, mappings through the intermediate map with the renamed identifiers'
/// original names, legal comments as today's minifier collects them). Not wired into builds yet: see
/// docs/syntax-tree.md, "Step 4a", for where its bytes and cost stand against today's minifier.
enum TreeMinifier {
    /// Minifies `code` as one piece; `map` is the intermediate map of `code` (see `SourceMapBuilder.intermediate()`),
    /// `nil` for none. Code the tree parser refuses is minified by today's minifier instead.
    static func minifyPiece(_ code: [UInt8], map: SourceMapBuilder?) -> MinifiedPiece {
        let tokenization: JavaScriptTokenization
        let parsed: (tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken])
        do {
            tokenization = try JavaScriptTokenizer.tokenize(code, includeComments: true)
            parsed = try SyntaxParser.parseWithFacts(code, tokenization: tokenization)
        } catch {
            return Minifier.minifyPiece(code, map: map)
        }
        var tree = parsed.tree
        TreeCompressor.compress(&tree)
        let symbolNames = TreeRenamer.names(tree, hasModuleSyntax: parsed.facts.module.hasModuleSyntax)
        let printed = SyntaxPrinter.printMinified(
            tree, symbolNames: symbolNames, privateNames: TreeRenamer.privateNames(tree), recordsMappings: map != nil,
            literalText: literalText)
        var piece = MinifiedPiece()
        piece.code = printed.code
        code.withUnsafeBufferPointer { bytes in
            for token in tokenization.tokens where token.kind == .lineComment || token.kind == .blockComment {
                if LegalComments.isLegal(bytes, token.range) { piece.legalComments.append(Array(bytes[token.range])) }
            }
        }
        if let map {
            piece.sources = map.sourceList
            piece.mappings = mappings(printed.mappings, through: map, names: &piece.names)
        }
        countLines(&piece)
        piece.endsWithStatementBrace = endsWithStatementBrace(tree)
        return piece
    }

    /// A number literal in its shortest decimal form (`NumberLiterals`), a string literal with the quote needing
    /// the fewest escapes (`StringQuotes`; a template literal only where the printer passes `.templateLiteral`); `nil`
    /// where the source's text is as short.
    static func literalText(_ kind: SyntaxKind, _ raw: ArraySlice<UInt8>) -> [UInt8]? {
        if kind == .numberLiteral {
            guard let shortest = NumberLiterals<Minifier.ContiguousText>.shortest(raw), shortest.count < raw.count else { return nil }
            return shortest
        }
        // `.templateLiteral`: a string literal where the printer lets a template literal stand instead.
        let allowsTemplate = kind == .templateLiteral
        guard kind == .stringLiteral || allowsTemplate, raw.count >= 2, let quote = raw.first else { return nil }
        return raw.withUnsafeBufferPointer { text -> [UInt8]? in
            let body = UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)])
            guard let content = StringLiteralBody.scan(body), content.cost(quote) > 0 || (allowsTemplate && content.newlines > 0)
            else { return nil }
            let best = content.bestQuote(preferring: quote, allowsTemplate: allowsTemplate)
            guard best != quote else { return nil }
            return Array(StringLiteralBody.encode(body, quote: best).utf8)
        }
    }

    /// The printed mappings (positions in the minified input) carried through the intermediate map `map` to the
    /// sources: a mapping whose input position has no segment of its own ends the mapped code before it, as
    /// today's writer marks unmapped code. Names are appended to `names` once each.
    private static func mappings(
        _ printed: [SyntaxPrintedMapping], through map: SourceMapBuilder, names: inout [String]
    ) -> PieceMappings {
        let lookup = map.decodedSegments.map { MappingLookup(segments: $0) } ?? MappingLookup(mappings: map.encodedMappings)
        var cursor = MappingLookup.Cursor()
        var encoder = PieceMappings.Encoder()
        encoder.reserveCapacity(segments: printed.count)
        var nameIndexes: [String: Int32] = [:]
        var lastWasMapped = false
        for mapping in printed {
            let line = Int32(truncatingIfNeeded: mapping.generatedLine)
            let column = Int32(truncatingIfNeeded: mapping.generatedColumn)
            guard let original = lookup.original(line: mapping.originalLine, column: mapping.originalColumn, cursor: &cursor) else {
                if lastWasMapped {
                    encoder.append(line: line, column: column, source: -1, originalLine: 0, originalColumn: 0, name: -1)
                    lastWasMapped = false
                }
                continue
            }
            var name: Int32 = -1
            if let original = mapping.name {
                if let known = nameIndexes[original] {
                    name = known
                } else {
                    name = Int32(truncatingIfNeeded: names.count)
                    nameIndexes[original] = name
                    names.append(original)
                }
            }
            encoder.append(
                line: line, column: column, source: Int32(truncatingIfNeeded: original.source),
                originalLine: Int32(truncatingIfNeeded: original.line), originalColumn: Int32(truncatingIfNeeded: original.column),
                name: name)
            lastWasMapped = true
        }
        return encoder.finish()
    }

    /// Sets the piece's line count and the UTF-16 length of its last line.
    private static func countLines(_ piece: inout MinifiedPiece) {
        var lines = 0
        var lastLineColumn = 0
        piece.code.withUnsafeBufferPointer { bytes in
            var i = 0
            var lineStart = 0
            while i < bytes.count {
                let length = LineTerminator.length(bytes, at: i, end: bytes.count)
                if length == 0 {
                    i += 1
                } else {
                    i += length
                    lineStart = i
                    lines += 1
                }
            }
            lastLineColumn = SyntaxPrintedMapping.utf16Units(of: piece.code, from: lineStart, to: bytes.count)
        }
        piece.lineCount = lines
        piece.lastLineColumn = lastLineColumn
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
