import ScriptSyntax

/// A program's syntax tree from a parse the bundler has already made (with comments, so `/*#__PURE__*/` calls and
/// legal comments are on the tree), handed to `TreeMinifier` so the code is not tokenized and parsed again.
///
/// The tree must be the parse of exactly the code the minifier is given: its ranges are offsets into that code.
package struct ParsedProgram: Sendable {
    /// The parsed tree, scopes and symbols bound, not yet compressed.
    package var tree: SyntaxTree
    /// Whether the code has module syntax (`import`, `export`, `import.meta`): its names are then not renamed.
    var hasModuleSyntax: Bool

    /// Parses `code` from `tokenization` (comments included, as `TreeMinifier` reads them) once, for both the tree
    /// minifier and the passes that read `ScopeAnalysis` (the target check, the file's wrapper layout): the analysis
    /// built from the parse, and the tree kept. Throws the parser's error where the code does not parse.
    package static func parse(
        _ code: [UInt8], tokenization: JavaScriptTokenization
    ) throws(JavaScriptSyntaxError) -> (program: ParsedProgram, analysis: ScopeAnalysis, significant: [JavaScriptToken]) {
        let (tree, facts, tokens) = try SyntaxParser.parseWithFacts(code, tokenization: tokenization)
        let analysis = ScopeAnalysis(tree: tree, facts: facts, tokens: tokens, findingTopLevelDeclarations: false)
        return (ParsedProgram(tree: tree, hasModuleSyntax: facts.module.hasModuleSyntax), analysis, tokens)
    }
}
