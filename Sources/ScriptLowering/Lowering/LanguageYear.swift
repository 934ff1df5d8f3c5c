import ScriptSyntax

/// The ECMAScript edition each target's engine parses, from the engines' release notes (WebKit's and esbuild's
/// compatibility table, `internal/compat/js_table.go`): the newest year all of whose syntax, and all earlier
/// years', the Safari of that version parses, regular expression syntax aside (regular expression features are
/// refused, never lowered, so they are checked apart). Tests give it to an independent parser (Debian's acorn,
/// `ecmaVersion`) to check what lowering writes for the target.
///
/// | year | its last syntax to arrive in Safari |
/// |---|---|
/// | 2017 | async functions (10.1); every target has it |
/// | 2018 | async iteration, `for await` (12); object rest/spread came in 11.1 |
/// | 2019 | optional catch binding (11.1): with 2018, complete in 12 |
/// | 2020 | BigInt (14); optional chaining and `??` came in 13.1 |
/// | 2021 | logical assignment (14); numeric separators came in 13 |
/// | 2022 | class static blocks (16.4); fields 14/14.1, private methods and `#x in` 15 |
/// | 2023 | hashbang (13.1): with 2022, complete in 16.4 |
extension ScriptTarget {
    /// The newest ECMAScript year whose syntax (regular expressions aside) this target's engine parses in full.
    public var ecmaScriptYear: Int {
        if self >= ScriptTarget(major: 16, minor: 4) { return 2023 }
        if self >= ScriptTarget(major: 14, minor: 0) { return 2021 }
        if self >= ScriptTarget(major: 12, minor: 0) { return 2019 }
        return 2017
    }
}

extension SyntaxFeature {
    /// The ECMAScript year that added the feature (from the editions of the specification).
    public var ecmaScriptYear: Int {
        switch self {
        case .objectRestSpread, .regexpDotAllFlag, .regexpNamedCaptureGroups, .asyncGenerator, .forAwait,
            .regexpLookbehindAssertions:
            2018
        case .optionalCatchBinding: 2019
        case .optionalChain, .nullishCoalescing, .bigint: 2020
        case .numericSeparator, .logicalAssignment: 2021
        case .classField, .classStaticField, .classPrivateField, .classPrivateMethod, .classPrivateBrandCheck,
            .regexpMatchIndices, .classStaticBlocks:
            2022
        case .regexpSetNotation: 2024
        case .regexpStickyAndUnicodeFlags: 2015
        }
    }
}
