import ScriptSyntax

/// Which Safari has each syntax feature: what the target's stage adds to the features the parser records.
extension SyntaxFeature {
    /// The first Safari that supports the feature.
    public var availableSince: ScriptTarget {
        switch self {
        case .objectRestSpread, .optionalCatchBinding, .regexpDotAllFlag, .regexpNamedCaptureGroups:
            ScriptTarget(major: 11, minor: 1)
        case .asyncGenerator, .forAwait, .regexpStickyAndUnicodeFlags:
            ScriptTarget(major: 12, minor: 0)
        case .numericSeparator:
            ScriptTarget(major: 13, minor: 0)
        case .optionalChain, .nullishCoalescing:
            ScriptTarget(major: 13, minor: 1)
        case .bigint, .logicalAssignment, .classField:
            ScriptTarget(major: 14, minor: 0)
        case .classStaticField, .classPrivateField:
            ScriptTarget(major: 14, minor: 1)
        case .classPrivateMethod, .classPrivateBrandCheck, .regexpMatchIndices:
            ScriptTarget(major: 15, minor: 0)
        case .classStaticBlocks, .regexpLookbehindAssertions:
            ScriptTarget(major: 16, minor: 4)
        case .regexpSetNotation:
            ScriptTarget(major: 17, minor: 0)
        }
    }
}

extension SyntaxFeatureUses {
    /// The earliest use (by token) of a feature `target` does not support, if any, apart from `ignored` features.
    public func firstUnsupported(by target: ScriptTarget, ignoring ignored: Set<SyntaxFeature> = []) -> Use? {
        uses.filter { !target.supports($0.feature) && !ignored.contains($0.feature) }.min { $0.token < $1.token }
    }
}
