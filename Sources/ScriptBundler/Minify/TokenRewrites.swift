/// Tokens the minifier may write shorter than their text, found by the parse of the code (indexes into the tokens
/// the writer writes, each list ascending):
/// - boolean literals in expression position become `!0`/`!1` (the writer keeps one that a following `.`, `?.`,
///   `[`, `(`, template or `**` binds tighter than `!` would);
/// - `const` keywords whose bindings are never written become `let`;
/// - the `}` ending a statement or class member needs no line break after it (`ScopeAnalysis.statementBraces`).
struct TokenRewrites {
    var booleans: [Int32] = []
    var constKeywords: [Int32] = []
    var statementBraces: [Int32] = []

    /// The rewrites of code parsed as a whole into `analysis`, written token for token. `const` declarations
    /// of the program's top level are kept (other pieces of a bundle share that scope and may write them).
    init(_ analysis: ScopeAnalysis) {
        booleans = analysis.booleanLiterals
        statementBraces = analysis.statementBraces
        constKeywords.reserveCapacity(analysis.unwrittenConsts.count)
        for declaration in analysis.unwrittenConsts where declaration.scope != 0 { constKeywords.append(declaration.keyword) }
    }

    init() {}

    /// The rewrites of a prepared piece: the analysis points at the source's tokens, the piece writes
    /// `pieceTokens.tokens` (source tokens keep their order; edits remove some and add generated ones). The
    /// source's top level is the wrapper function's body, so its `const` declarations are locals too.
    ///
    /// The linker's `const __wkpack_default = <expression>` (generated text, outside the analysis) is never
    /// written either: it becomes `let` too unless the top level is reached by a direct `eval`, as a parse of
    /// the whole piece would find. `generated` is the piece's generated text, at offset `sourceCount`.
    init(_ analysis: ScopeAnalysis, pieceTokens: PieceTokens, generated: [UInt8], sourceCount: Int) {
        booleans = Self.pieceIndexes(of: analysis.booleanLiterals, in: pieceTokens.sourceTokens)
        statementBraces = Self.pieceIndexes(of: analysis.statementBraces, in: pieceTokens.sourceTokens)
        if !analysis.unwrittenConsts.isEmpty {
            constKeywords = Self.pieceIndexes(of: analysis.unwrittenConsts.map(\.keyword), in: pieceTokens.sourceTokens)
        }
        guard analysis.scopes.first?.isUnsafe == false else { return }
        let tokens = pieceTokens.tokens
        for name in pieceTokens.generatedNames where name > 0 && name < tokens.count {
            let keyword = tokens[name - 1]
            guard name - 1 < pieceTokens.sourceTokens.count, pieceTokens.sourceTokens[name - 1] < 0, keyword.kind == .keyword,
                  Self.spells(keyword, "const", generated: generated, sourceCount: sourceCount),
                  Self.spells(tokens[name], "__wkpack_default", generated: generated, sourceCount: sourceCount) else { continue }
            let index = Int32(truncatingIfNeeded: name - 1)
            var position = constKeywords.count
            while position > 0, constKeywords[position - 1] > index { position -= 1 }
            constKeywords.insert(index, at: position)
        }
    }

    /// Whether a token of generated text spells `word`.
    private static func spells(_ token: JavaScriptToken, _ word: StaticString, generated: [UInt8], sourceCount: Int) -> Bool {
        let start = token.start - sourceCount
        guard start >= 0, token.end - token.start == word.utf8CodeUnitCount, token.end - sourceCount <= generated.count else { return false }
        for k in 0..<word.utf8CodeUnitCount where generated[start + k] != word.utf8Start[k] { return false }
        return true
    }

    /// The piece indexes (ascending) of the written source tokens among `sourceIndexes` (ascending).
    static func pieceIndexes(of sourceIndexes: [Int32], in sourceTokens: [Int32]) -> [Int32] {
        guard !sourceIndexes.isEmpty else { return [] }
        var result: [Int32] = []
        result.reserveCapacity(sourceIndexes.count)
        var cursor = 0
        var last: Int32 = -1
        for (index, source) in sourceTokens.enumerated() where source >= 0 {
            // Source tokens come in order; should one come back, search again from the start.
            if source < last { cursor = 0 }
            last = source
            while cursor < sourceIndexes.count, sourceIndexes[cursor] < source { cursor += 1 }
            if cursor < sourceIndexes.count, sourceIndexes[cursor] == source {
                result.append(Int32(truncatingIfNeeded: index))
            }
        }
        return result
    }
}
