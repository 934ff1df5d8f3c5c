import ScriptSyntax

/// The features single tokens show, with no grammar and no bracket matching: `?.`, `??`, logical assignment, and
/// the literal text of numbers and regular expressions. The parser records every feature while it builds the
/// syntax tree (`ScopeAnalysis.syntaxFeatures`); this is what decides only where no tree is built: a plain script
/// the parser cannot follow (`SyntaxTargetCheck`), and a regular expression's text on its own (lowering).
struct SyntaxFeatureScan {
    package private(set) var uses = SyntaxFeatureUses()

    /// Scans `tokens` (comments may be included) of `source`.
    package init(_ source: [UInt8], tokens: [JavaScriptToken]) {
        source.withUnsafeBytes { bytes in
            for (k, token) in tokens.enumerated() {
                switch token.kind {
                case .punctuator:
                    switch TokenCode.of(bytes, token.start, token.end) {
                    case TokenCode.of("?."): uses.record(.optionalChain, at: k)
                    case TokenCode.of("??"): uses.record(.nullishCoalescing, at: k)
                    case TokenCode.of("??="), TokenCode.of("||="), TokenCode.of("&&="): uses.record(.logicalAssignment, at: k)
                    default: break
                    }
                case .number:
                    SyntaxParseFacts.Feature.inNumber(bytes, token.start, token.end) { uses.record($0.syntaxFeature, at: k) }
                case .regularExpression:
                    SyntaxParseFacts.Feature.inRegularExpression(bytes, token.start, token.end) { uses.record($0.syntaxFeature, at: k) }
                default: break
                }
            }
        }
    }
}
