/// What a `JavaScriptScanner` writes besides the tokens, fixed by its type so that each kind of tokenization is
/// compiled apart and pays nothing for the other's work.
protocol ScannerOutput {
    /// Whether the scanner writes the tree parser's tables (each token's `TokenCode` and matching bracket) and
    /// keeps comments apart from the significant tokens (`JavaScriptTokenizer.tokenizeForParsing`), rather than
    /// the bracket pairs with comments among the tokens (`JavaScriptTokenizer.tokenize`).
    static var writesParserTables: Bool { get }
}

/// The tokens alone, comments among them, and the matched bracket pairs: `JavaScriptTokenizer.tokenize`.
enum PlainScannerOutput: ScannerOutput {
    static var writesParserTables: Bool { false }
}

/// The tokens with the tree parser's tables, comments apart: `JavaScriptTokenizer.tokenizeForParsing`.
enum ParserScannerOutput: ScannerOutput {
    static var writesParserTables: Bool { true }
}
