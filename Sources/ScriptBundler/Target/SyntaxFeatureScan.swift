/// The features single tokens show, with no grammar and no bracket matching: `?.`, `??`, logical assignment, and
/// the literal text of numbers and regular expressions. The parser records every feature while it builds the
/// syntax tree (`ScopeAnalysis.syntaxFeatures`); this is what decides only where no tree is built: a plain script
/// the parser cannot follow (`SyntaxTargetCheck`), and a regular expression's text on its own (lowering).
struct SyntaxFeatureScan {
    private(set) var uses = SyntaxFeatureUses()

    /// Scans `tokens` (comments may be included) of `source`.
    init(_ source: [UInt8], tokens: [JavaScriptToken]) {
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

extension SyntaxParseFacts.Feature {
    /// The same feature as the target's folder names it.
    var syntaxFeature: SyntaxFeature {
        // The two enumerations list the same features in the same order (tested).
        SyntaxFeature(rawValue: Int(rawValue)) ?? .objectRestSpread
    }
}

extension SyntaxFeatureUses {
    /// The first use of each feature the parser recorded (`SyntaxParseFacts.featureTokens`), in token order.
    init(firstTokens: [Int32]) {
        self.init()
        let firstUses = firstTokens.enumerated().filter { $0.element != .max }.sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        for (raw, token) in firstUses {
            if let feature = SyntaxFeature(rawValue: raw) { record(feature, at: Int(token)) }
        }
    }
}
