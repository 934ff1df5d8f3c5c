import Testing

@testable import ScriptBundler

/// `StringConcatenation`: string literals added to each other are joined, only where the sum is a string either way.
@Suite struct StringConcatenationTests {
    @Test(arguments: [
        ("x = \"a\" + \"b\"", "x=\"ab\""),
        ("x = \"a\" + \"b\" + \"c\"", "x=\"abc\""),
        ("x = y + \"a\" + \"b\"", "x=y+\"ab\""),
        ("x = y + \"a\" + \"b\" + z + \"c\" + \"d\"", "x=y+\"ab\"+z+\"cd\""),
        ("x = 'it' + \"'s\"", "x=\"it's\""),
        ("x = 'say \"' + 'hi\"'", "x='say \"hi\"'"),
        ("x = \"a\\n\" + \"b\"", "x=`a\nb`"),
        ("x = c ? \"a\\n\" + \"b\" : 1", "x=c?\"a\\nb\":1"),
        ("x = f(\"a\" + \"b\", 1)", "x=f(\"ab\",1)"),
        ("x = \"\\0\" + \"a\"", "x=\"\\0a\""),
        // Left alone: a possibly numeric sum first, another operator, parentheses, an octal escape before a digit,
        // a statement that would become a directive.
        ("x = 1 + 2 + \"a\"", "x=1+2+\"a\""),
        ("x = y + 1 + \"a\"", "x=y+1+\"a\""),
        ("x = y - \"a\" + \"b\"", "x=y-\"a\"+\"b\""),
        ("x = \"a\" + (\"b\" + y)", "x=\"a\"+(\"b\"+y)"),
        ("x = \"a\" + \"b\".length", "x=\"a\"+\"b\".length"),
        ("x = \"\\0\" + \"1\"", "x=\"\\0\"+\"1\""),
        ("function f() { \"use \" + \"strict\"; return this }", "function f(){\"use \"+\"strict\";return this}"),
        ("function f() { (\"use \" + \"strict\"); return this }", "function f(){(\"use \"+\"strict\");return this}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
