import ScriptSyntax

/// The one place where a file's syntax is checked against the configured `ScriptTarget`: the features the
/// parser recorded while it built the file's syntax tree (parsing it here only when it was not parsed), and an
/// error at the earliest use of a feature the target lacks. A plain script the parser cannot follow (it need not
/// parse) is checked by the features its single tokens show (`SyntaxFeatureScan`).
package enum SyntaxTargetCheck {
    /// The newest version any `SyntaxFeature` needs: targets from it on accept every feature.
    package static let newestFeatureVersion = SyntaxFeature.allCases.map(\.availableSince).max() ?? ScriptTarget.minimum

    /// Throws an `unsupportedSyntax` error at the first use of syntax `target` lacks in `source`.
    /// - Parameters:
    ///   - tokens: the tokens of `source` (comments may be included).
    ///   - analysis: the parse of `source` if there is one (its tokens are `analysis.tokens`).
    ///   - path: the file's path in the error.
    ///   - lineOffset: lines that precede the file's first line in `source` (a wrapper's prologue).
    ///   - ignored: features not checked (those the build lowers).
    package static func check(
        _ source: [UInt8], tokens: [JavaScriptToken], analysis: ScopeAnalysis?, target: ScriptTarget, path: @autoclosure () -> String,
        lineOffset: Int = 0, ignoring ignored: Set<SyntaxFeature> = []
    ) throws(BundlerError) {
        guard target < newestFeatureVersion else { return }
        let uses: SyntaxFeatureUses
        let usesTokens: [JavaScriptToken]
        if let analysis {
            (uses, usesTokens) = (analysis.syntaxFeatures, analysis.tokens)
        } else if let parsed = try? SyntaxParser.parseWithFacts(
            source, tokenization: JavaScriptTokenization(tokens: tokens, lineTerminatorCount: 0))
        {
            (uses, usesTokens) = (SyntaxFeatureUses(firstTokens: parsed.facts.featureTokens), parsed.tokens)
        } else {
            (uses, usesTokens) = (SyntaxFeatureScan(source, tokens: tokens).uses, tokens)
        }
        guard let use = uses.firstUnsupported(by: target, ignoring: ignored), use.token < usesTokens.count else { return }
        let token = usesTokens[use.token]
        throw BundlerError(
            .unsupportedSyntax, at: SourceLocation(path: path(), line: max(1, token.line - lineOffset), column: token.column + 1),
            "\(use.feature.displayName) is not available in the configured target \(target) (needs \(use.feature.availableSince))")
    }
}
