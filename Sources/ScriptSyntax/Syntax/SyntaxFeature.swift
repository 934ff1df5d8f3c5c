/// Source syntax that not every supported Safari parses, with the version that introduced it (the facts of
/// esbuild's compatibility table, `internal/compat/js_table.go`; numeric separators and the `v` flag, which
/// esbuild always lowers or has no Safari data for, from MDN's compatibility data). The parser records where a
/// file uses each (`SyntaxFeatureUses`); the target's stage knows which Safari has it (`availableSince`).
///
/// Only syntax newer than `ScriptTarget.minimum` is listed: what Safari 11 already has (classes, arrow functions,
/// `let`/`const`, destructuring, `**`, async functions, generators) needs no check. A hashbang (Safari 13.1) is
/// not listed because wkpack writes it as a `//` comment; top-level `await` and `import.meta` are refused for
/// every target (a bundle cannot keep them), and `import()`/`export * as` are bundled away.
public enum SyntaxFeature: Int, Sendable, CaseIterable, Comparable {
    /// Object rest and spread, `{...o}` (safari11.1).
    case objectRestSpread
    /// `catch {` without a binding (safari11.1).
    case optionalCatchBinding
    /// The regular-expression flag `s` (safari11.1).
    case regexpDotAllFlag
    /// Named capture groups, `(?<name>...)` (safari11.1).
    case regexpNamedCaptureGroups
    /// Async generators, `async function*` and `async *m() {}` (safari12).
    case asyncGenerator
    /// `for await` loops (safari12).
    case forAwait
    /// The regular-expression flags `y` and `u` (safari12).
    case regexpStickyAndUnicodeFlags
    /// Numeric separators, `1_000` (safari13).
    case numericSeparator
    /// Optional chaining, `?.` (safari13.1).
    case optionalChain
    /// Nullish coalescing, `??` (safari13.1).
    case nullishCoalescing
    /// BigInt literals, `1n` (safari14).
    case bigint
    /// Logical assignment, `??=`, `||=` and `&&=` (safari14).
    case logicalAssignment
    /// Public instance class fields (safari14).
    case classField
    /// Static class fields (safari14.1).
    case classStaticField
    /// Private fields, `#x` (safari14.1).
    case classPrivateField
    /// Private methods and accessors (safari15).
    case classPrivateMethod
    /// Private brand checks, `#x in obj` (safari15).
    case classPrivateBrandCheck
    /// The regular-expression flag `d` (safari15).
    case regexpMatchIndices
    /// Class `static {}` blocks (safari16.4).
    case classStaticBlocks
    /// Regular-expression lookbehind, `(?<=...)` and `(?<!...)` (safari16.4).
    case regexpLookbehindAssertions
    /// The regular-expression flag `v` (safari17).
    case regexpSetNotation

    /// Orders features by the Safari release that added them.
    public static func < (lhs: SyntaxFeature, rhs: SyntaxFeature) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How messages name the feature (the subject of "… is not available in the configured target …").
    public var displayName: String {
        switch self {
        case .objectRestSpread: "object rest/spread ('...' in an object)"
        case .optionalCatchBinding: "an optional catch binding ('catch {')"
        case .regexpDotAllFlag: "the regular expression flag 's'"
        case .regexpNamedCaptureGroups: "a regular expression named capture group"
        case .asyncGenerator: "an async generator"
        case .forAwait: "a for-await loop"
        case .regexpStickyAndUnicodeFlags: "the regular expression flag 'y' or 'u'"
        case .numericSeparator: "a numeric separator"
        case .optionalChain: "optional chaining ('?.')"
        case .nullishCoalescing: "nullish coalescing ('??')"
        case .bigint: "a BigInt literal"
        case .logicalAssignment: "logical assignment ('??=', '||=', '&&=')"
        case .classField: "a class field"
        case .classStaticField: "a static class field"
        case .classPrivateField: "a private class field"
        case .classPrivateMethod: "a private class method or accessor"
        case .classPrivateBrandCheck: "a private brand check ('#x in obj')"
        case .regexpMatchIndices: "the regular expression flag 'd'"
        case .classStaticBlocks: "a class static block"
        case .regexpLookbehindAssertions: "a regular expression lookbehind assertion"
        case .regexpSetNotation: "the regular expression flag 'v'"
        }
    }
}

extension SyntaxParseFacts.Feature {
    /// The same feature as the public enumeration names it.
    package var syntaxFeature: SyntaxFeature {
        // The two enumerations list the same features in the same order (tested).
        SyntaxFeature(rawValue: Int(rawValue)) ?? .objectRestSpread
    }
}
