/// Tokens the minifier may write shorter than their text, found by the parse of the code (indexes into the tokens
/// the writer writes, each list ascending):
/// - boolean literals in expression position become `!0`/`!1` (the writer keeps one that a following `.`, `?.`,
///   `[`, `(`, template or `**` binds tighter than `!` would);
/// - `const` keywords whose bindings are never written become `let`.
struct TokenRewrites {
    var booleans: [Int32] = []
    var constKeywords: [Int32] = []

    var isEmpty: Bool { booleans.isEmpty && constKeywords.isEmpty }

    /// The rewrites of code parsed as a whole into `analysis`, written token for token. `const` declarations
    /// of the program's top level are kept (other pieces of a bundle share that scope and may write them).
    init(_ analysis: ScopeAnalysis) {
        booleans = analysis.booleanLiterals
    }

    init() {}

    /// The rewrites of a prepared piece: the analysis points at the source's tokens, the piece writes
    /// `pieceTokens.tokens` (source tokens keep their order; edits remove some and add generated ones). The
    /// source's top level is the wrapper function's body, so its `const` declarations are locals too.
    init(_ analysis: ScopeAnalysis, pieceTokens: PieceTokens) {
        booleans = Self.pieceIndexes(of: analysis.booleanLiterals, in: pieceTokens.sourceTokens)
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
