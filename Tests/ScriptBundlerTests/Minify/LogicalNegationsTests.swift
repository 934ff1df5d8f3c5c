import Testing

@testable import ScriptBundler

/// `LogicalNegations` (and `ConditionalStatements`' use of it): a `!` whose value only decides whether the rest runs
/// is dropped, the operator flipped; only in statements whose value nothing reads.
@Suite struct LogicalNegationsTests {
    @Test(arguments: [
        ("!a && b();", "a||b();"),
        ("!a && x && b();", "a||x&&b();"),
        ("!a || b();", "a&&b();"),
        ("!!a && b();", "!a||b();"),
        ("!a.b && c();", "a.b||c();"),
        ("if (!a) b();", "a||b();"),
        ("if (!a && x && y) b();", "a||x&&y&&b();"),
        ("() => { if (!a && x) y() }", "()=>{a||x&&y()}"),
        ("if (!a) b(); else c();", "a?c():b();"),
        // Left alone: the value is read, `||` chains, mixed chains, operands that would start the statement
        // otherwise (a parenthesis, `function`, `let`), `!` not leftmost.
        ("x = !a && b();", "x=!a&&b();"),
        ("f(!a && b());", "f(!a&&b());"),
        ("!a || x || b();", "!a||x||b();"),
        ("!a && x || b();", "!a&&x||b();"),
        ("!(a, b) && c();", "!(a,b)&&c();"),
        ("!function () {}() && c();", "!function(){}()&&c();"),
        ("a && !b && c();", "a&&!b&&c();"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
