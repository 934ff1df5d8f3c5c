/// Parses JavaScript (ES2023, script or module, "auto" like webpack) from its tokens and builds the scope
/// tree: declarations per scope with hoisting, every identifier reference resolved to its declaration or
/// marked free, scopes reached by `eval`/`with` marked unsafe, and the module syntax.
///
/// Parsing runs on its own thread with a large stack; nesting deeper than `ParserState.maximumDepth`
/// levels is rejected with an error rather than risking the stack.
///
/// The parser checks structure only as far as the analysis needs (it is not a validator), but it always
/// terminates and never traps: input it cannot follow fails with an `unexpectedToken` error.
public enum JavaScriptParser {
    /// Parses `source` (already tokenized without comments into `tokenization`).
    public static func analyze(
        _ source: [UInt8], tokenization: JavaScriptTokenization
    ) throws(JavaScriptSyntaxError) -> ScopeAnalysis {
        let tokens = tokenization.tokens
        let bracketPairs = tokenization.bracketPairs
        let outcome = LargeStack.run { () -> Result<ScopeAnalysis, JavaScriptSyntaxError> in
            source.withUnsafeBytes { bytes in
                var parser = ParserState(source: source, bytes: bytes, tokens: tokens, bracketPairs: bracketPairs)
                do throws(JavaScriptSyntaxError) {
                    try parser.parseProgram()
                    return .success(parser.finish())
                } catch {
                    return .failure(error)
                }
            }
        }
        guard let outcome else {
            throw JavaScriptSyntaxError(kind: .unexpectedToken, line: 1, column: 1, offset: 0, message: "the parser did not finish")
        }
        return try outcome.get()
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
