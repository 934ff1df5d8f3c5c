import Testing

@testable import ScriptBundler

/// Exact output of `ArrowParameters` (through `MinifierPasses`, without renaming): a lone simple parameter loses its parentheses; defaults, rest, patterns and several parameters keep them.
@Suite struct ArrowParametersTests {
    @Test(arguments: [
        ("f((w) => w.ok)", "f(w=>w.ok)"),
        ("f(async (w) => w)", "f(async w=>w)"),
        ("x = (w) => (v) => w + v", "x=w=>v=>w+v"),
        ("f((w = 1) => w)", "f((w=1)=>w)"),
        ("f((...w) => w)", "f((...w)=>w)"),
        ("f(({w}) => w)", "f(({w})=>w)"),
        ("f((a, b) => a)", "f((a,b)=>a)"),
        ("f((w))", "f(w)"),
        ("f((let) => 1)", "f((let)=>1)"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
