/// A file rewritten for the build's target: where the target lacks syntax the file uses, the file is parsed to its
/// tree, lowered (`SyntaxLowering`), printed readable with mappings (`SyntaxPrinter.printWithMappings`), and the
/// bundler takes the printed code as the file's code from then on (module files, plain scripts, script loaders, in
/// both modes). The map still points at the file: `sourcesContent` holds `original`, and every place that writes a
/// copied token's original position looks it up in `origins` first.
///
/// A file that uses nothing the target lacks is not lowered and costs nothing more than the target check did:
/// the features its parse recorded tell.
struct LoweredSource: Sendable {
    /// The printed code of the lowered tree.
    let code: [UInt8]
    /// Its tokens (without comments).
    let tokenization: JavaScriptTokenization
    /// The file's own text.
    let original: [UInt8]
    /// Where positions in `code` come from in `original`.
    let origins: SourceOrigins

    /// `source` lowered for `target` when the target lacks syntax it uses; `nil` when it lacks none.
    /// - Parameters:
    ///   - source: the file's text.
    ///   - tokens: its tokens (comments may be included), read only when `features` is `nil`.
    ///   - features: the features a parse of the file (or of its wrapped text) recorded; `nil` when it was not
    ///     parsed: it is parsed here.
    ///   - path: the file's path in errors.
    ///   - check: the target check of the file, ignoring the features given: run ignoring the lowered features
    ///     when the file uses a feature the target lacks that the pass does not lower (the error stays the check's,
    ///     at the same place), and ignoring none for a file that does not parse as a tree (a plain script need not
    ///     parse), which cannot be lowered.
    /// - Throws: `unsupportedSyntax` at the file's first use (its own line and column) of syntax the target lacks
    ///   and the lowering does not rewrite.
    static func lower(
        _ source: [UInt8], tokens: [JavaScriptToken], features: SyntaxFeatureUses?, target: ScriptTarget, path: @autoclosure () -> String,
        check: (_ ignoring: Set<SyntaxFeature>) throws(BundlerError) -> Void
    ) throws(BundlerError) -> LoweredSource? {
        guard target < SyntaxTargetCheck.newestFeatureVersion else { return nil }
        var uses = features
        if uses == nil,
            let parsed = try? SyntaxParser.parseWithFacts(
                source, tokenization: JavaScriptTokenization(tokens: tokens, lineTerminatorCount: 0))
        {
            uses = SyntaxFeatureUses(firstTokens: parsed.facts.featureTokens)
        }
        guard let uses else {
            try check([])
            return nil
        }
        guard uses.firstUnsupported(by: target) != nil else { return nil }
        // What the pass does not lower is the check's error, where the check puts it.
        if uses.firstUnsupported(by: target, ignoring: SyntaxLowering.lowerableFeatures) != nil {
            try check(SyntaxLowering.lowerableFeatures)
        }
        // Parsed again with its comments: the printed code keeps the legal ones and the `@__PURE__` annotations.
        guard let tree = try? SyntaxParser.parse(source, keepComments: true) else {
            try check([])
            return nil
        }
        let lowered = try SyntaxLowering.lower(tree, target: target, path: path())
        let printed = SyntaxPrinter.printWithMappings(lowered, style: .readable)
        let code = Array(printed.code.utf8)
        let tokenization: JavaScriptTokenization
        do {
            tokenization = try JavaScriptTokenizer.tokenize(code)
        } catch {
            throw BundlerError(
                .unsupportedSyntax, at: SourceLocation(path: path()),
                "the code lowered for \(target) does not tokenize (\(error.line):\(error.column): \(error.message)); please report it")
        }
        return LoweredSource(
            code: code, tokenization: tokenization, original: source,
            origins: origins(of: printed.mappings, code: code, tokens: tokenization.tokens))
    }

    /// The table of `mappings`, plus the start of each line inside a multi-line token of `code` (a template or a
    /// string with line continuations, copied from the source as it is): line `k` of the token comes from line `k`
    /// after the token's own origin, at column 0.
    static func origins(of mappings: [SyntaxPrintedMapping], code: [UInt8], tokens: [JavaScriptToken]) -> SourceOrigins {
        var entries = mappings.map {
            SourceOrigins.Entry(
                line: $0.generatedLine, column: $0.generatedColumn, originalLine: $0.originalLine, originalColumn: $0.originalColumn)
        }
        let table = SourceOrigins(entries)
        var extra: [SourceOrigins.Entry] = []
        for token in tokens where token.canSpanLines {
            var lines = 0
            var i = token.start
            while i < token.end {
                let length = LineTerminator.length(code, at: i, end: token.end)
                if length > 0 {
                    lines += 1
                    i += length
                } else {
                    i += 1
                }
            }
            guard lines > 0, let start = table.original(line: token.line - 1, column: token.column) else { continue }
            for k in 1...lines {
                extra.append(SourceOrigins.Entry(line: token.line - 1 + k, column: 0, originalLine: start.line + k, originalColumn: 0))
            }
        }
        guard !extra.isEmpty else { return table }
        // The token's own lines go first, so an entry the printer made at one of those positions wins.
        entries = extra + entries
        return SourceOrigins(entries)
    }
}
