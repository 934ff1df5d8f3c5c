import ScriptSyntax

/// The oldest `ScriptTarget` whose syntax covers what one file uses: what `wkpack init` writes as
/// `scripts.target` for an existing tree, so the configuration it drafts builds that tree.
public struct RequiredTarget: Sendable, Equatable {
    /// The oldest target that has every feature the file uses.
    public let target: ScriptTarget
    /// The feature that needs `target`.
    public let feature: SyntaxFeature
    /// Where the file first uses `feature` (1-based line and column).
    public let line: Int
    /// 1-based column of that first use.
    public let column: Int

    /// The target a file needs beyond `ScriptTarget.minimum`, or `nil` when the minimum has all it uses.
    /// - Parameters:
    ///   - source: the file's bytes.
    ///   - tokens: its tokens (comments may be included).
    ///   - analysis: its parse (the parser records every feature).
    public static func of(_ source: [UInt8], tokens: [JavaScriptToken], analysis: ScopeAnalysis) -> RequiredTarget? {
        var best: RequiredTarget?
        func consider(_ uses: SyntaxFeatureUses, in tokens: [JavaScriptToken]) {
            for use in uses.uses where use.token < tokens.count && use.feature.availableSince > ScriptTarget.minimum {
                let token = tokens[use.token]
                let candidate = RequiredTarget(
                    target: use.feature.availableSince, feature: use.feature, line: token.line, column: token.column + 1)
                guard let current = best else { best = candidate; continue }
                // The newest target wins; between features of the same version, the earliest use.
                if (candidate.target, current.line, current.column) > (current.target, candidate.line, candidate.column) {
                    best = candidate
                }
            }
        }
        consider(analysis.syntaxFeatures, in: analysis.tokens)
        return best
    }
}
