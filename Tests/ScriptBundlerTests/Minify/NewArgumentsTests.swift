import Testing

@testable import ScriptBundler

/// Exact output of `NewArguments` (through `MinifierPasses`, without renaming): `new C()` loses its empty arguments unless what follows would bind to the callee.
@Suite struct NewArgumentsTests {
    @Test(arguments: [
        ("x = new Map();", "x=new Map;"),
        ("x = new a.B(); y = new C", "x=new a.B;y=new C"),
        ("x = [new C(), new D()]", "x=[new C,new D]"),
        ("x = new C().y", "x=new C().y"),
        ("x = new C()?.y", "x=new C()?.y"),
        ("x = new C()[0]", "x=new C()[0]"),
        ("x = new C()()", "x=new C()()"),
        ("x = new C()`t`", "x=new C()`t`"),
        ("x = new C(1)", "x=new C(1)"),
        ("x = new (f())()", "x=new(f())()"),
        // Inlined into a member access: the written `)` is followed by `.`.
        ("function f(C) { const r = new C(); return r.x; }", "function f(C){return new C().x}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
