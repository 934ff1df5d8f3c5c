import Testing

@testable import ScriptBundler

/// Exact output of `EmptyStatements` (through `MinifierPasses`, without renaming): an empty statement in a list
/// goes; one that is a body stays.
@Suite struct EmptyStatementsTests {
    @Test(arguments: [
        ("if (a) { g(); h() };\nk()", "if(a){g();h()}\nk()"),
        ("function f() {};\n(g)()", "function f(){}\ng()"),
        ("class A {};;x = 1", "class A{}x=1"),
        ("function f() { g();; h(); }", "function f(){g();h()}"),
        // Bodies.
        ("for (;;);", "for(;;);"),
        ("while (a());\ng()", "while(a());g()"),
        ("a: ;", "a:;"),
        ("if (a); else g()", "if(a);else g()"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
