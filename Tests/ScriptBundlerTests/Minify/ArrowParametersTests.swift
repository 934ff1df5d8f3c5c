import Testing

@testable import ScriptBundler

/// Exact output of `ArrowParameters` (through `MinifierPasses`, without renaming): a lone simple parameter loses its parentheses; defaults, rest, patterns, several parameters and a line break before `)` keep them.
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
        // A line break before `)` (found by FuzzScriptBundler: `w\n=>` does not parse): the parentheses stay.
        ("f((w\n) => w)", "f((w)=>w)"),
        ("f(async (\n  w\n) => w)", "f(async(w)=>w)"),
        ("f((\n  w) => w)", "f(w=>w)"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
