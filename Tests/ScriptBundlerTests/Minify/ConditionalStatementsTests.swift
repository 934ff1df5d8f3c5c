import Testing

@testable import ScriptBundler

/// `ConditionalStatements` joining the statements between an `if … return` and the `return` after it into the
/// conditional, and an early `return;` ending a function: exact output, and what must stay as it is.
@Suite struct ConditionalStatementsTests {
    @Test(arguments: [
        (
            "function f(a, b, c) { if (c.has(a)) return false; c.add(a); if (typeof b === \"function\") b(); return true; }",
            "function f(a,b,c){return c.has(a)?false:(c.add(a),typeof b==\"function\"&&b(),true)}"
        ),
        ("function f(a, b) { if (a) return 1; g(); return b; }", "function f(a,b){return a?1:(g(),b)}"),
        ("function f(a, b) { if (a) return 1; g(), h(); return b, 2; }", "function f(a,b){return a?1:(g(),h(),b,2)}"),
        ("function f(a, b) { if (a) return 1; if (b) g(); else h(); return b; }", "function f(a,b){return a?1:(b?g():h(),b)}"),
        ("function f(a, b) { if (a) return 1; x = b; return b; }", "function f(a,b){return a?1:(x=b,b)}"),
        ("function f(a, b) { if (a) return 1; g()\nh()\nreturn b }", "function f(a,b){return a?1:(g(),h(),b)}"),
        // An early `return;` ending a function body.
        ("function f(a) { if (a) return; g(); h(); }", "function f(a){a||(g(),h())}"),
        ("function f(a) { if (a) return; g(); }", "function f(a){a||g()}"),
        ("function f(a) { if (!a) return; g(); }", "function f(a){a&&g()}"),
        ("function f(a, b) { if (a || b) return; x = 1; }", "function f(a,b){a||b||(x=1)}"),
        ("function f(a, b) { if (a) return; if (b) g(); }", "function f(a,b){a||b&&g()}"),
        ("function f(a, b) { if (a) return; if (!b) g(); }", "function f(a,b){a||b||g()}"),
        ("function f(a, b) { if (!a) return; if (!b) g(); }", "function f(a,b){a&&(b||g())}"),
        ("function f(a, b) { if (!a) return; g() || h(); }", "function f(a,b){a&&(g()||h())}"),
        ("function f(a, b) { if (a) return; g() || h(); }", "function f(a,b){a||(g()||h())}"),
        // `else if` written as an expression, in a conditional or after an `else` that stays.
        ("function f(a, b) { if (a) x(); else if (!b) y(); else z(); }", "function f(a,b){a?x():b?z():y()}"),
        ("function f(a, b) { if (!a) x(); else if (b) y(); }", "function f(a,b){a?b&&y():x()}"),
        ("function f(a, b) { if (a) x(); else if (!b) y(); }", "function f(a,b){a?x():b||y()}"),
        (
            "function f(a, b) { if (a) { let c = g(); c(); } else if (!b && a) a.remove(); return b; }",
            "function f(a,b){if(a){let c=g();c()}else b||a&&a.remove();return b}"
        ),
        (
            "function f(a, b) { if (a) { let c = g(); c(); } else if (b) { let d = g(); d(d); } }",
            "function f(a,b){if(a){let c=g();c()}else if(b){let d=g();d(d)}}"
        ),
        ("function f(a, b) { if (a) return 1; else if (b) g(); return 2; }", "function f(a,b){if(a)return 1;else b&&g();return 2}"),
        // A statement moved into the expression keeps its `!` (`a&&!b&&g()`, not `a&&b||g()`).
        ("function f(a, b) { if (!a) return; !b && g(); }", "function f(a,b){a&&!b&&g()}"),
        ("function f(a, b) { if (a) return 1; !b && g(); return 2; }", "function f(a,b){return a?1:(!b&&g(),2)}"),
        ("const f = (a) => { if (a) return; g(); }", "const f=a=>{a||g()}"),
        // Left alone: a declaration or other statement between, no `return` after, a return without value, a
        // block that is not a function body, an `else`.
        ("function f(a, b) { if (a) return 1; let x = g(); return x + x; }", "function f(a,b){if(a)return 1;let x=g();return x+x}"),
        ("function f(a, b) { if (a) return 1; for (;;) g(); return b; }", "function f(a,b){if(a)return 1;for(;;)g();return b}"),
        ("function f(a, b) { if (a) return 1; g(); }", "function f(a,b){if(a)return 1;g()}"),
        ("function f(a, b) { if (a) return 1; g(); return; }", "function f(a,b){if(a)return 1;g();return}"),
        ("function f(a, b) { for (;;) { if (a) return; g(); } }", "function f(a,b){for(;;){if(a)return;g()}}"),
        ("function f(a) { if (a) return; let x = g(); x(); }", "function f(a){if(a)return;let x=g();x()}"),
        ("function f(a) { if (a) return; g(); return; }", "function f(a){if(a)return;g();return}"),
        ("function f(a) { if (a) return; }", "function f(a){if(a)return}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
