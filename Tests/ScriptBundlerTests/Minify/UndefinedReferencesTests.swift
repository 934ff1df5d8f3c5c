import Testing
@testable import ScriptBundler

/// Exact output of `UndefinedReferences` (through `MinifierPasses`, without renaming): a compared global `undefined` is written `void 0`; a bound, assigned or uncompared one, or code with `with`/`eval`, keeps it.
@Suite struct UndefinedReferencesTests {
    @Test(arguments: [
        ("x = a === undefined ? 1 : 2", "x=a===void 0?1:2"),
        ("x = undefined != a", "x=void 0!=a"),
        ("function f(undefined) { return a === undefined; }", "function f(undefined){return a===undefined}"),
        ("x = undefined; f(undefined)", "x=undefined;f(undefined)"),
        ("x = a === undefined.b", "x=a===undefined.b"),
        ("x = a === undefined`t`", "x=a===undefined`t`"),
        ("x = a === undefined; eval(\"\")", "x=a===undefined;eval(\"\")"),
        ("with (o) x = a === undefined", "with(o)x=a===undefined"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
