/// Parses JavaScript (ES2023, script or module, "auto" like webpack) and returns its scope analysis: declarations
/// per scope with hoisting, every identifier reference resolved to its declaration or marked free, scopes reached
/// by `eval`/`with` marked unsafe, and the module syntax, all by token index.
///
/// The analysis is the token-indexed view of the syntax tree `SyntaxParser` builds (with its scopes, symbols and
/// references bound in the same pass), for the passes that still read tokens. Parsing runs on its own thread with
/// a large stack; nesting deeper than `SyntaxParser.maximumDepth` levels is rejected with an error rather than
/// risking the stack. Input it cannot follow fails with a located `JavaScriptSyntaxError`; it never traps.
public enum JavaScriptParser {
    /// Parses `source` (already tokenized into `tokenization`; comments, if any, are skipped).
    public static func analyze(
        _ source: [UInt8], tokenization: JavaScriptTokenization
    ) throws(JavaScriptSyntaxError) -> ScopeAnalysis {
        try analyze(source, tokenization: tokenization, findingTopLevelDeclarations: false)
    }

    /// Parses `source` as `analyze(_:tokenization:)` does; with `findingTopLevelDeclarations`, also finds the
    /// top-level declarations tree shaking may drop (`ScopeAnalysis.topLevelDeclarations`), which only a build that
    /// tree-shakes reads (production), so the others skip that walk.
    package static func analyze(
        _ source: [UInt8], tokenization: JavaScriptTokenization, findingTopLevelDeclarations: Bool
    ) throws(JavaScriptSyntaxError) -> ScopeAnalysis {
        let (tree, facts, tokens) = try SyntaxParser.parseWithFacts(source, tokenization: tokenization)
        return ScopeAnalysis(tree: tree, facts: facts, tokens: tokens, findingTopLevelDeclarations: findingTopLevelDeclarations)
    }

    /// Tokenizes and parses `source`.
    public static func analyze(_ source: [UInt8]) throws(JavaScriptSyntaxError) -> ScopeAnalysis {
        let tokenization = try JavaScriptTokenizer.tokenize(source)
        return try analyze(source, tokenization: tokenization)
    }

    /// Tokenizes and parses a string (convenience for tests).
    public static func analyze(_ source: String) throws(JavaScriptSyntaxError) -> ScopeAnalysis {
        try analyze(Array(source.utf8))
    }
}
