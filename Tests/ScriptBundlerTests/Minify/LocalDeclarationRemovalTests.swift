import Testing

@testable import ScriptBundler

/// Exact output of `LocalDeclarationRemoval` (through `MinifierPasses`, without renaming): constants written at
/// their uses, unused local declarations without effects left out; what could be seen, could run first, or has
/// effects stays.
@Suite struct LocalDeclarationRemovalTests {
    @Test(arguments: [
        // Constants, also inside nested functions.
        (
            "function f() { const e = \"downloadManager\"; return function () { post(e, 1); }; }",
            "function f(){return function(){post(\"downloadManager\",1)}}"
        ),
        ("function f(h) { const d = 3, g = 500; return h.length >= d && h.size >= g; }", "function f(h){return h.length>=3&&h.size>=500}"),
        ("function f(a) { const t = true; g(t); return t && a; }", "function f(a){g(true);return true&&a}"),
        // Unused declarations without effects, and those only they refer to.
        (
            "function f() { let H = { name: \"consent\", created: 0, enabled: false }, I = (...a) => a; return 1; }",
            "function f(){return 1}"
        ),
        ("function f(a) { const x = [1, \"s\", null], y = a; return y; }", "function f(a){const y=a;return y}"),
        ("function f(a) { const y = a, x = [1]; return y; }", "function f(a){const y=a;return y}"),
        ("function f() { function unused() { return helper(); } function helper() { return 1; } return 2; }", "function f(){return 2}"),
        ("function f() { const k = function () { return k; }; return 1; }", "function f(){return 1}"),
        ("function f(a) { if (a) { let u = 1; } return a; }", "function f(a){if(a){}return a}"),
        // String literals added together, written joined (the quote needing fewer escapes: a template literal writes
        // `\n` as the line break itself), also in a closure.
        (
            "function f() { const css = \"img { a }\" + \"\\n*:b\"; return function (s) { s.textContent = css; }; }",
            "function f(){return function(s){s.textContent=`img { a }\n*:b`}}"
        ),
        ("function f() { const q = \"it's\" + ' \"a\"' + \"!\"; g(q); }", "function f(){g(`it's \"a\"!`)}"),
        // No template before `:` (a `case` label or property key): the quotes stay.
        (
            "function f(x) { const c = \"a\" + \"\\nb\"; switch (x) { case c: return 1; } }",
            "function f(x){switch(x){case\"a\\nb\":return 1}}"
        ),
        ("function f() { const unused = \"a\" + \"b\"; return 1; }", "function f(){return 1}"),
    ])
    func removes(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    @Test(arguments: [
        // Longer inlined, or could be read before its declaration (a hoisted function called first).
        ("function f(a) { const s = \"a long string\"; return [a, s, s]; }", "function f(a){const s=\"a long string\";return[a,s,s]}"),
        ("function f() { g(); const c = \"x\"; function g() { return c; } }", "function f(){g();const c=\"x\";function g(){return c}}"),
        ("function f() { const c = \"x\"; return function g() { return c; }; }", "function f(){return function g(){return\"x\"}}"),
        ("function f(a) { let c = 1; c = a; return c; }", "function f(a){let c=1;c=a;return c}"),
        ("function f() { const c = 1; return c.toFixed(1) + { c }.c; }", "function f(){const c=1;return c.toFixed(1)+{c}.c}"),
        // Effects or possible throws in the initializer; classes; the shared top level; `eval`.
        (
            "function f() { const a = g(), b = [h()], c = { [k]: 1 }, d = x; return 1; }",
            "function f(){const a=g(),b=[h()],c={[k]:1},d=x;return 1}"
        ),
        ("function f() { class C {} let t = this; return 1; }", "function f(){class C{}let t=this;return 1}"),
        ("const unused = 1; function top() {}", "const unused=1;function top(){}"),
        ("function f() { const u = 1; eval(\"u\"); }", "function f(){const u=1;eval(\"u\")}"),
        ("function f() { var v = 1; function g() {} var g; return 1; }", "function f(){var v=1;function g(){}var g;return 1}"),
        ("function f(a) { a()\nconst u = 1\n;(a)() }", "function f(a){a()\nconst u=1;a()}"),
        // Joined strings: not where they would start an expression statement (`"use strict";` would be a
        // directive), not across an escape a digit would extend, not when anything but string literals is added.
        (
            "function f() { const d = \"use \" + \"strict\"; return function () { d; }; }",
            "function f(){const d=\"use strict\";return function(){d}}"
        ),
        ("function f() { const o = \"\\0\" + \"1\"; g(o); }", "function f(){const o=\"\\0\"+\"1\";g(o)}"),
        ("function f(n) { const s = \"a\" + n + \"b\"; g(s); }", "function f(n){const s=\"a\"+n+\"b\";g(s)}"),
        ("function f() { const s = 1 + \"b\"; g(s); }", "function f(){const s=1+\"b\";g(s)}"),
    ])
    func keeps(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    /// With renaming (production): inlined booleans are written `!0`/`!1` at every use.
    @Test func inlinedBooleansAreShortened() {
        #expect(
            UnusedExpressionNamesTests.minifyRenaming("function f(a) { const t = true, u = false; g(t, u); return t && a; }")
                == "function f(b){g(!0,!1);return!0&&b}")
    }
}

/// A constant of very many string literals added together is joined without deep recursion.
@Suite struct LongStringChainTests {
    @Test func aLongChainIsJoined() {
        let parts = (0..<100_000).map { "\"p\($0 % 10)\"" }.joined(separator: " + ")
        let output = MinifierPassesTests.strip(MinifierPassesTests.minify("function f() { const s = \(parts); g(s); }"))
        let joined = (0..<100_000).map { "p\($0 % 10)" }.joined()
        #expect(output == "function f(){g(\"\(joined)\")}")
    }
}
