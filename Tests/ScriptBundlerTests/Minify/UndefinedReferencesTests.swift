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
        // In ranges other passes move: the comparison inside the range is known, what stands outside is not.
        ("if (a.b !== undefined) f()", "a.b!==void 0&&f();"),
        ("if (undefined === a) f()", "void 0===a&&f();"),
        ("function f(a) { const r = a === undefined; return !r }", "function f(a){return!(a===void 0)}"),
        ("function f(a) { const r = undefined; return r === a }", "function f(a){return undefined===a}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
