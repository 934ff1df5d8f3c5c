import Testing

@testable import ScriptBundler

/// Exact output of `TypeofComparisons` (through `MinifierPasses`, without renaming): comparisons of two strings use `==`, and `typeof x === "undefined"` becomes `typeof x>"u"`.
@Suite struct TypeofComparisonsTests {
    @Test(arguments: [
        ("x = typeof a === \"string\"", "x=typeof a==\"string\""),
        ("x = typeof a !== \"function\"", "x=typeof a!=\"function\""),
        ("x = typeof a === \"undefined\"", "x=typeof a>\"u\""),
        ("x = typeof a !== \"undefined\" && a", "x=typeof a<\"u\"&&a"),
        ("x = \"object\" === typeof a", "x=\"object\"==typeof a"),
        ("x = typeof a === typeof b", "x=typeof a==typeof b"),
        ("x = \"undefined\" === typeof a", "x=\"undefined\"==typeof a"),
        ("x = typeof a === \"undefined\" === b", "x=typeof a>\"u\"===b"),
        // Not both strings.
        ("x = a === \"string\"", "x=a===\"string\""),
        ("x = typeof a === b", "x=typeof a===b"),
        ("x = typeof a === \"u\" + b", "x=typeof a===\"u\"+b"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
