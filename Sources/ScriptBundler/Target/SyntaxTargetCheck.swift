/// The one place where a file's syntax is checked against the configured `ScriptTarget`: the token scan's
/// features plus the parser's (parsing the file here only when it was not parsed and may hold class-member or
/// async-generator syntax the target lacks), and an error at the earliest use of a feature the target lacks.
enum SyntaxTargetCheck {
    /// The newest version any `SyntaxFeature` needs: targets from it on accept every feature.
    static let newestFeatureVersion = SyntaxFeature.allCases.map(\.availableSince).max() ?? ScriptTarget.minimum
    /// The newest version a feature recorded only by the parser needs.
    static let newestParserFeatureVersion =
        [
            SyntaxFeature.classStaticBlocks, .classPrivateMethod, .classPrivateField,
            .classStaticField, .classField, .asyncGenerator,
        ].map(\.availableSince).max() ?? ScriptTarget.minimum

    /// Throws an `unsupportedSyntax` error at the first use of syntax `target` lacks in `source`.
    /// - Parameters:
    ///   - tokens: the tokens of `source` (comments may be included).
    ///   - analysis: the parse of `source` if there is one (its tokens are `analysis.tokens`).
    ///   - path: the file's path in the error.
    ///   - lineOffset: lines that precede the file's first line in `source` (a wrapper's prologue).
    static func check(
        _ source: [UInt8], tokens: [JavaScriptToken], analysis: ScopeAnalysis?, target: ScriptTarget, path: @autoclosure () -> String,
        lineOffset: Int = 0
    ) throws(BundlerError) {
        guard target < newestFeatureVersion else { return }
        let scan = SyntaxFeatureScan(source, tokens: tokens, lackedBy: target)
        var found: (use: SyntaxFeatureUses.Use, token: JavaScriptToken)?
        func consider(_ uses: SyntaxFeatureUses, in tokens: [JavaScriptToken]) {
            guard let use = uses.firstUnsupported(by: target), use.token < tokens.count else { return }
            let token = tokens[use.token]
            if let current = found, (current.token.line, current.token.column) <= (token.line, token.column) { return }
            found = (use, token)
        }
        consider(scan.uses, in: tokens)
        if let analysis {
            consider(analysis.syntaxFeatures, in: analysis.tokens)
        } else if scan.needsParser, target < newestParserFeatureVersion {
            // A plain script is not required to parse: when the parser cannot follow it, its tokens decide alone.
            let significant = tokens.filter { !$0.isComment }
            if let parsed = try? JavaScriptParser.analyze(
                source, tokenization: JavaScriptTokenization(tokens: significant, lineTerminatorCount: 0))
            {
                consider(parsed.syntaxFeatures, in: parsed.tokens)
            }
        }
        guard let (use, token) = found else { return }
        throw BundlerError(
            .unsupportedSyntax, at: SourceLocation(path: path(), line: max(1, token.line - lineOffset), column: token.column + 1),
            "\(use.feature.displayName) is not available in the configured target \(target) (needs \(use.feature.availableSince))")
    }
}
