import Testing
@testable import ScriptBundler

/// Line breaks the writer keeps or drops after the `)` of a statement head: the body that follows cannot continue
/// the head, so the source's line break there goes; after any other `)` it stays where it ends a statement.
@Suite struct MinifierWriterTests {
    @Test(arguments: [
        ("function f(a) { if (!a)\n  return 1; g() }", "function f(a){if(!a)return 1;g()}"),
        ("function f(a) { for (;;)\n  if (a) continue; }", "function f(a){for(;;)if(a)continue}"),
        ("while (a)\n  b()", "while(a)b()"),
        ("for (const x of y)\n  g(x)", "for(const x of y)g(x)"),
        ("if (a) b(); else if (c)\n  d.e(); else { let x = f(); x(); x() }", "if(a)b();else if(c)d.e();else{let x=f();x();x()}"),
        ("function f(a) { if (a)\n  return\n  g(); return 1 }", "function f(a){if(a)return\ng();return 1}"),
    ])
    func dropsAfterStatementHeads(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    @Test(arguments: [
        ("x = o.if(a)\nb()", "x=o.if(a)\nb()"),
        ("x = f(a)\nb()", "x=f(a)\nb()"),
        ("x = o?.while(a)\nb()", "x=o?.while(a)\nb()"),
    ])
    func keepsAfterOtherParentheses(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
