import Testing

@testable import ScriptBundler

/// Exact output of `DeadBranches` (through `MinifierPasses`, without renaming): the branch a constant test never takes goes, its `var` names stay declared; function declarations, names and calls as tests keep the statement.
@Suite struct DeadBranchesTests {
    @Test(arguments: [
        ("function f() { if (false) { g(); } h(); }", "function f(){h()}"),
        ("function f() { if (0) g(); else h(); }", "function f(){h()}"),
        ("function f() { if (1) { g(); } else h(); }", "function f(){{g()}}"),
        ("function f() { if (!0) g(); else h(); }", "function f(){g()}"),
        ("function f() { if (\"\") g(); else h(); }", "function f(){h()}"),
        ("function f() { if (void 0) g(); else h(); }", "function f(){h()}"),
        ("function f() { if (null) g(); }", "function f(){}"),
        (
            "function f() { if (false) { var x = g(), y; if (a) { var z = 1; } } return [x, y, z]; }",
            "function f(){var x,y,z;return[x,y,z]}"
        ),
        ("function f() { if (true) g(); else var x = 1; return x; }", "function f(){var x;g();return x}"),
        ("function f() { if (true) g()\nh() }", "function f(){g();h()}"),
        ("function f() { g()\nif (1) (h)() }", "function f(){g();h()}"),
        // Kept: a test with a name or a call, a function declaration or a `var` in a loop head in the dropped branch.
        ("function f() { if (x) g(); }", "function f(){x&&g()}"),
        ("function f() { if (undefined) g(); else h(); }", "function f(){undefined?g():h()}"),
        ("function f() { if (false) { function g() {} } return g; }", "function f(){if(false){function g(){}}return g}"),
        ("function f() { if (false) { for (var i = 0; ;) {} } return i; }", "function f(){if(false){for(var i=0;;){}}return i}"),
        ("function f() { if (0x0) g(); else h(); }", "function f(){0x0?g():h()}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
