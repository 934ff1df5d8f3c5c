import Testing

@testable import ScriptBundler

/// Exact output of the minifier's rewriting passes (`MinifierPasses`), without renaming so the expected text is
/// readable: what each pass rewrites, and what it must leave alone.
@Suite struct MinifierPassesTests {
    static func minify(_ source: String) -> String {
        let result = Minifier.minify(
            Array(source.utf8), map: nil, licenseFileName: "x.js.LICENSE.txt", renameIdentifiers: false, rewrite: true)
        return String(decoding: result.code, as: UTF8.self)
    }

    static func strip(_ code: String) -> String {
        // The composed output starts with an empty line (see `Minifier`) and ends with a line break.
        var code = Substring(code)
        if code.hasPrefix("\n") { code = code.dropFirst() }
        if code.hasSuffix("\n") { code = code.dropLast() }
        return String(code)
    }

    @Test(arguments: [
        // Inlined: the use is the first thing the next statement evaluates.
        ("function f(a, b) { const r = a + b * 3; return r; }", "function f(a,b){return a+b*3}"),
        ("function f(a, h) { let r = g(a); h(r); }", "function f(a,h){h(g(a))}"),
        ("function f(a) { const r = a.b; return r.c; }", "function f(a){return a.b.c}"),
        ("function f(a, b) { const r = a || b; return r.c; }", "function f(a,b){return(a||b).c}"),
        ("function f(a, b) { const r = a + b; return r * 2; }", "function f(a,b){return(a+b)*2}"),
        ("function f(a, b) { const r = a * b; return r + 2; }", "function f(a,b){return a*b+2}"),
        ("function f(a, b) { const r = a, s = b; return r; }", "function f(a,b){const r=a,s=b;return r}"),
        ("function f(a) { const x = a * 2; const y = x + 1; return y; }", "function f(a){return a*2+1}"),
        ("function f(a) { const r = {a}; return [r]; }", "function f(a){return[{a}]}"),
        ("function f(a) { const r = a + 1; return {k: r}; }", "function f(a){return{k:a+1}}"),
        ("function f(a, h) { const r = g(); return h(a, r); }", "function f(a,h){return h(a,g())}"),
        ("function f(a) { const r = g(); if (r) a(); }", "function f(a){g()&&a()}"),
        ("function f(a) { const r = g(), s = 1; return r; }", "function f(a){const r=g();return r}"),
        ("function f(a) { const r = (1, 2); let y = r; return y; }", "function f(a){return(1,2)}"),
        ("function f() { const r = {a: 1}; r.a(); }", "function f(){({a:1}).a()}"),
        ("function f() { const r = function () {}; r.a(); }", "function f(){(function(){}).a()}"),
        ("function f() { const r = 5; return r.toString(); }", "function f(){return(5).toString()}"),
        ("function f(o) { const r = o?.a; return r.b; }", "function f(o){return(o?.a).b}"),
        ("function f(C) { const r = new C; return r.b; }", "function f(C){return(new C).b}"),
        ("function f(a) { const r = a ?? 1; return r || 2; }", "function f(a){return(a??1)||2}"),
        ("function f(a) { const r = -a; return r ** 2; }", "function f(a){return(-a)**2}"),
        // Not inlined: a global read first (it may run a getter or throw), an assignment to a member.
        ("function f(a) { let r = g(a); h(r); }", "function f(a){let r=g(a);h(r)}"),
        ("function f() { const r = {a: 1}; r.a = 2; }", "function f(){const r={a:1};r.a=2}"),
        // Not inlined: used twice, written, in a closure, after code with effects, under `&&`, a callee, a shorthand.
        ("function f(a) { const r = a + 1; return r + r; }", "function f(a){const r=a+1;return r+r}"),
        ("function f(a) { let r = a + 1; r++; return r; }", "function f(a){let r=a+1;r++;return r}"),
        ("function f(a) { const r = a + 1; return () => r; }", "function f(a){const r=a+1;return()=>r}"),
        ("function f(a) { const r = a(); return g() + r; }", "function f(a){const r=a();return g()+r}"),
        ("function f(a) { const r = a(); return a.b + r; }", "function f(a){const r=a();return a.b+r}"),
        ("function f(a) { const r = a(); return a && r; }", "function f(a){const r=a();return a&&r}"),
        ("function f(a) { const r = a(); return x + r; }", "function f(a){const r=a();return x+r}"),
        ("function f(a) { const r = a.b; return r(); }", "function f(a){const r=a.b;return r()}"),
        ("function f(a) { const r = a(); return {r}; }", "function f(a){const r=a();return{r}}"),
        ("function f(a) { const r = a(); g(); return r; }", "function f(a){const r=a();g();return r}"),
        ("function f(a) { var r = a(); return r; }", "function f(a){var r=a();return r}"),
        ("function f(a) { const r = arguments[0]; return r; }", "function f(a){const r=arguments[0];return r}"),
        ("function f(a) { const r = a(); eval('r'); return r; }", "function f(a){const r=a();eval('r');return r}"),
        ("function f(a) { a = 1; const r = g(); return a + r; }", "function f(a){a=1;const r=g();return a+r}"),
        ("function f(a) { const r = g(); return y + r; let y = 1; }", "function f(a){const r=g();return y+r;let y=1}"),
        ("function f(a) { const r = g(); for (let i = r; i;) {} }", "function f(a){const r=g();for(let i=r;i;){}}"),
        ("function f(a) { g()\nconst r = a; (r).x(); }", "function f(a){g()\nconst r=a;r.x()}"),
        ("function f(a) { const r = a(); delete r.x; }", "function f(a){const r=a();delete r.x}"),
        ("function f(a) { const r = a(); typeof q, r; }", "function f(a){const r=a();typeof q,r}"),
        ("const r = g(); h(r);", "const r=g();h(r);"),
        // Adjacent declarations of one kind merge.
        ("function f() { var a = g(); var b = h(); return a + b; }", "function f(){var a=g(),b=h();return a+b}"),
        ("var a = 1; var b = 2;", "var a=1,b=2;"),
        (
            "function f() { let a = g(); let b = h(); let c = k(); return [a, b, c, a, b, c]; }",
            "function f(){let a=g(),b=h(),c=k();return[a,b,c,a,b,c]}"
        ),
        ("function f() { var a = g(); let b = h(); return [a, b, a, b]; }", "function f(){var a=g();let b=h();return[a,b,a,b]}"),
        ("function f() { var a = g()\nvar b = h(); return [a, b]; }", "function f(){var a=g()\nvar b=h();return[a,b]}"),
        ("if (x) var a = 1; var b = 2;", "if(x)var a=1;var b=2;"),
        // Quoted property names.
        ("a[\"b\"] = c[\"d\"]", "a.b=c.d"),
        ("a?.[\"b\"]", "a?.b"),
        ("a[\"1\"]", "a[1]"),
        ("x = {\"b\": 1, \"c-d\": 2, \"1\": 3, \"01\": 4}", "x={b:1,\"c-d\":2,1:3,\"01\":4}"),
        ("x = {\"__proto__\": null}; y = a[\"__proto__\"]", "x={\"__proto__\":null};y=a[\"__proto__\"]"),
        ("x = [\"b\"]", "x=[\"b\"]"),
        ("for (x of [\"b\"]) ;", "for(x of[\"b\"]);"),
        ("x = a ? \"b\" : c", "x=a?\"b\":c"),
        ("switch (x) { case \"b\": break }", "switch(x){case\"b\":break}"),
        ("x = {get [\"b\"]() { return 1 }}", "x={get[\"b\"](){return 1}}"),
        // `if` statements as expressions.
        ("function f(a, b, c) { if (a) b(); else c(); }", "function f(a,b,c){a?b():c()}"),
        ("function f(a, b) { if (a) { b(); } }", "function f(a,b){a&&b()}"),
        ("function f(a, b, c) { if (a) return b; return c; }", "function f(a,b,c){return a?b:c}"),
        ("function f(a, b, c) { if (a) { return b; } else { return c; } }", "function f(a,b,c){return a?b:c}"),
        ("function f(a, b, c) { if (a || b) c = 1; }", "function f(a,b,c){(a||b)&&(c=1)}"),
        ("function f(a, b, c) { if (a) return b, c; return c; }", "function f(a,b,c){return a?(b,c):c}"),
        ("function f(a, b) { if (a) b(); g(); }", "function f(a,b){a&&b();g()}"),
        ("function f(a, b) { g()\nif (a) b() }", "function f(a,b){g()\na&&b()}"),
        ("function f(a, b) { g()\nif ((a)) b() }", "function f(a,b){g()\nif(a)b()}"),
        ("function f(a, b) { if (a) { let x = b(); x(); } }", "function f(a,b){if(a){let x=b();x()}}"),
        ("function f(a, b) { if (a) b(); else if (b) a(); }", "function f(a,b){a?b():b&&a()}"),
        ("function f(a, b) { if (a) return; return b; }", "function f(a,b){if(a)return;return b}"),
        ("function f(a, b) { if (a) return b; }", "function f(a,b){if(a)return b}"),
        // The quote needing fewest escapes; a template only where one may stand.
        ("x = 'it\\'s'", "x=\"it's\""),
        ("x = 'it\\'s \"fine\"'", "x=`it's \"fine\"`"),
        ("x = {'it\\'s \"a\"': 1}", "x={'it\\'s \"a\"':1}"),
        ("x = '\\1\\'\"'", "x='\\1\\'\"'"),
        ("x = 'a`\\'\"${'", "x='a`\\'\"${'"),
        ("x = \"plain\"", "x=\"plain\""),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(Self.strip(Self.minify(input)) == expected)
    }
}
