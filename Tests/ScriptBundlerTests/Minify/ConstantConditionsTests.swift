import Testing

@testable import ScriptBundler

/// Exact output of `ConstantConditions` (through `MinifierPasses`, without renaming): a conditional or logical expression with a constant first operand is the operand it yields; names, member accesses and indexes kept as operands keep the expression.
@Suite struct ConstantConditionsTests {
    @Test(arguments: [
        ("x = true ? a() : b()", "x=a()"),
        ("x = 0 ? a() : b()", "x=b()"),
        ("x = false && a()", "x=false"),
        ("x = true && a()", "x=a()"),
        ("x = 0 || a()", "x=a()"),
        ("x = \"s\" || a()", "x=\"s\""),
        ("x = null ?? a()", "x=a()"),
        ("x = 0 ?? a()", "x=0"),
        ("x = !1 ? a() : {b: 1}", "x=({b:1})"),
        ("true ? {b: 1} : c", "({b:1})"),
        ("x = (true ? a() : b()) + 1", "x=(a())+1"),
        // Kept: a name, member or index as the result, a non-constant test.
        ("(true && o.f)()", "(true&&o.f)()"),
        ("x = typeof (true ? y : z)", "x=typeof(true?y:z)"),
        ("delete (true ? o[k] : p)", "delete(true?o[k]:p)"),
        ("x = a ? b() : c()", "x=a?b():c()"),
        ("x = a && false", "x=a&&false"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
