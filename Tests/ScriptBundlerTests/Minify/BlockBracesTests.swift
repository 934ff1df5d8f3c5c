import Testing

@testable import ScriptBundler

/// Exact output of `BlockBraces` (through `MinifierPasses`, without renaming): a block around one complete statement loses its braces; declarations, and statements an `else` could attach to, keep them.
@Suite struct BlockBracesTests {
    @Test(arguments: [
        ("function f(a, b) { if (a) { return b; } }", "function f(a,b){if(a)return b}"),
        ("function f(a) { if (a) { throw a } g(); }", "function f(a){if(a)throw a;g()}"),
        ("for (;;) { g(); }", "for(;;)g();"),
        ("while (a) { g() }", "while(a)g();"),
        ("for (const x of y) { g(x) }\nh()", "for(const x of y)g(x);h()"),
        ("if (a) { g() } else { h(); k() }", "if(a)g();else{h();k()}"),
        ("if (a) { h(); k() } else { g() }", "if(a){h();k()}else g();"),
        ("if (a) { g()\n}\n(h)()", "a&&g();h()"),
        ("function f(a, b) { g()\nif ((a)) { b() } }", "function f(a,b){g()\nif(a)b()}"),
        ("if (a) { switch (x) { case 1: g() } } else h()", "if(a)switch(x){case 1:g()}else h()"),
        ("function f(a, b) { if (a) { if (b) g(); } else h(); }", "function f(a,b){if(a)b&&g();else h()}"),
        // An `if` that `DeadBranches` wrote as its kept branch alone is one statement; with the dropped branch's
        // `var` (or a `;` before it) it is two, and the block stays (minimised from generated programs: the kept
        // block ran whatever the outer test, or `if(a)var x;{...}else` did not parse).
        ("function f(a) { if (a) { if (1) { g() } } h() }", "function f(a){if(a){g()}h()}"),
        ("function f(a) { if (a) { if (1) { g() } else { var x = 1 } } else h() }", "function f(a){if(a){var x;{g()}}else h()}"),
        ("function f(a) { if (a) { if (0) { var x = 1 } else { g(); k() } } h(x) }", "function f(a){if(a){var x;{g();k()}}h(x)}"),
        ("function f(a) { if (a) { let u = 1\nif (1) { g() } } h() }", "function f(a){if(a){;{g()}}h()}"),
        // Kept: an `if` or a loop that a following `else` would attach to, declarations, two statements.
        ("if (a) { for (;;) if (b) g(); } else h();", "if(a){for(;;)if(b)g()}else h();"),
        ("if (a) { while (b) if (c) g(); }", "if(a){while(b)if(c)g()}"),
        ("for (;;) { if (a) break; }", "for(;;){if(a)break}"),
        ("function f(a) { if (a) { for (;;) { break } } }", "function f(a){if(a){for(;;)break}}"),
        ("if (a) { let x = g(); }", "if(a){let x=g()}"),
        ("if (a) { const x = g(); }", "if(a){const x=g()}"),
        ("if (a) { function g() {} }", "if(a){function g(){}}"),
        ("if (a) { class C {} }", "if(a){class C{}}"),
        ("for (;;) { g(); h(); }", "for(;;){g();h()}"),
        ("do { g() } while (a)", "do{g()}while(a)"),
        // Generator bodies: `yield` is read as an expression.
        ("function* g(m) { for (const [k, v] of m) { yield [k, v.value]; } }", "function*g(m){for(const[k,v]of m)yield[k,v.value]}"),
        ("function* g(a) { if (a) { yield* a } yield\nreturn }", "function*g(a){a&&(yield*a);yield\nreturn}"),
        // `yield` as a name (sloppy code): what would continue it fails the list.
        ("function f(yield) { if (a) { yield\n(b) } }", "function f(yield){if(a){yield\n(b)}}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
