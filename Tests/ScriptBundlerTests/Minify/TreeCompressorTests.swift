import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Exact output of `TreeCompressor` (printed minified by `SyntaxPrinter`, without renaming), per rewrite: what each
/// rewrites and what it leaves (the cases the token passes' tests hold as not rewritten).
@Suite struct TreeCompressorTests {
    /// `source` compressed with `rewrites` and printed minified.
    static func compressed(_ source: String, _ rewrites: TreeCompressor.Rewrites = .all) throws -> String {
        var tree = try SyntaxParser.parse(source)
        TreeCompressor.compress(&tree, rewrites: rewrites)
        return SyntaxPrinter.print(tree, style: .minified)
    }

    /// Checks `source` compresses to `expected` (a program, compared as the printer writes it) with `rewrites`, and
    /// that the output parses again.
    static func check(_ source: String, _ expected: String, _ rewrites: TreeCompressor.Rewrites) throws {
        let output = try compressed(source, rewrites)
        #expect(output == SyntaxPrinter.print(try SyntaxParser.parse(expected), style: .minified), "\(source) gave \(output)")
        #expect(throws: Never.self) { _ = try SyntaxParser.parse(output) }
    }

    @Test func nothingChangesWithNoRewrite() throws {
        let source = "if(0)a();if(x)b();else c();var d=1;var e=2;;{f()}new Error(\"m\");x===undefined;typeof y===\"undefined\";"
        #expect(try Self.compressed(source, []) == SyntaxPrinter.print(try SyntaxParser.parse(source), style: .minified))
    }

    @Test(arguments: [
        ("function f() { if (false) { g(); } h(); }", "function f(){;h()}"),
        ("function f() { if (0) g(); else h(); }", "function f(){h()}"),
        ("function f() { if (1) { g(); } else h(); }", "function f(){{g()}}"),
        ("function f() { if (!0) g(); else h(); }", "function f(){g()}"),
        ("function f() { if (\"\") g(); else h(); }", "function f(){h()}"),
        ("function f() { if (void 0) g(); else h(); }", "function f(){h()}"),
        ("function f() { if (null) g(); }", "function f(){;}"),
        (
            "function f() { if (false) { var x = g(), y; if (a) { var z = 1; } } return [x, y, z]; }",
            "function f(){var x,y,z;return[x,y,z]}"
        ),
        ("function f() { if (true) g(); else var x = 1; return x; }", "function f(){{var x;g()}return x}"),
        ("function f() { if (false) { for (var i = 0; ;) {} } return i; }", "function f(){var i;return i}"),
        ("function f() { if (0) { var {a, b: [c]} = o; } }", "function f(){var a,c}"),
        // Kept: a test with a name or a call, a function declaration in the dropped branch, a number not decimal.
        ("function f() { if (x) g(); }", "function f(){if(x)g()}"),
        ("function f() { if (undefined) g(); else h(); }", "function f(){if(undefined)g();else h()}"),
        ("function f() { if (false) { function g() {} } return g; }", "function f(){if(false){function g(){}}return g}"),
        ("function f() { if (0x0) g(); else h(); }", "function f(){if(0x0)g();else h()}"),
        ("function f() { if (1) \"x\"; }", "function f(){if(1)\"x\"}"),
        // Expressions.
        ("x = true ? a() : b;", "x=a()"),
        ("x = 0 ? a : b();", "x=b()"),
        ("x = false && y;", "x=false"),
        ("x = 0 || y();", "x=y()"),
        ("x = null ?? y();", "x=y()"),
        ("x = \"\" ?? y;", "x=\"\""),
        ("x = 1 || y;", "x=1"),
        // Kept: a name, member or sequence as the value (a callee, `typeof`, `delete` operand would change).
        ("(true && o.f)();", "(true&&o.f)()"),
        ("x = 0 || y;", "x=0||y"),
        ("x = 1 ? (a, b) : c;", "x=1?(a,b):c"),
        ("x = a ? b : c;", "x=a?b:c"),
    ])
    func constantConditions(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .constantConditions)
    }

    @Test(arguments: [
        ("if (a) b();", "a&&b()"),
        ("if (a) { b(); }", "a&&b()"),
        ("if (a) b(); else c();", "a?b():c()"),
        ("if (a) b(); else if (c) d(); else e();", "a?b():c?d():e()"),
        ("if (a) b(); else if (c) d();", "a?b():c&&d()"),
        ("function f() { if (a) return b; else return c; }", "function f(){return a?b:c}"),
        ("function f() { if (a) return b; return c; }", "function f(){return a?b:c}"),
        ("function f() { if (a) return b; x(); y(); return c; }", "function f(){return a?b:(x(),y(),c)}"),
        ("function f() { if (a) return 1; if (b) return 2; return 3; }", "function f(){return a?1:b?2:3}"),
        ("function f() { if (a) return; x(); y(); }", "function f(){a||(x(),y())}"),
        ("function f() { if (a) return; x(); }", "function f(){a||x()}"),
        ("x = a => { if (a) return; b(); };", "x=a=>{a||b()}"),
        // Kept: a declaration between, `return;` at the end, a loop between, outside a function body, a block with two statements.
        ("function f() { if (a) return b; var x = 1; return c; }", "function f(){if(a)return b;var x=1;return c}"),
        ("function f() { if (a) return b; return; }", "function f(){if(a)return b;return}"),
        ("function f() { if (a) return; for (;;) b(); }", "function f(){if(a)return;for(;;)b()}"),
        ("function f() { { if (a) return; b(); } c(); }", "function f(){{if(a)return;b()}c()}"),
        ("if (a) { b(); c(); }", "if(a){b();c()}"),
        ("if (a) b(); else { let c = 1; }", "if(a)b();else{let c=1}"),
    ])
    func conditionalStatements(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .conditionalStatements)
    }

    @Test(arguments: [
        ("!a && b();", "a||b()"),
        ("!a || b();", "a&&b()"),
        ("!a && x && b();", "a||x&&b()"),
        ("!!a && b();", "!a||b()"),
        ("if (!a) b();", "a||b()"),
        ("if (!a) b(); else c();", "a?c():b()"),
        ("function f() { if (!a) return; b(); }", "function f(){a&&b()}"),
        // Kept: a value that is read, `!` not leading.
        ("x = !a && b();", "x=!a&&b()"),
        ("a && !b;", "a&&!b"),
        ("!a ?? b();", "!a??b()"),
    ])
    func logicalNegations(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, [.logicalNegations, .conditionalStatements])
    }

    @Test(arguments: [
        ("typeof x === \"string\";", "typeof x==\"string\""),
        ("typeof x !== 'object';", "typeof x!='object'"),
        ("\"function\" === typeof x;", "\"function\"==typeof x"),
        ("typeof x === typeof y;", "typeof x==typeof y"),
        ("typeof x === \"undefined\";", "typeof x>\"u\""),
        ("typeof x != \"undefined\";", "typeof x<\"u\""),
        ("\"undefined\" == typeof x;", "\"u\"<typeof x"),
        ("'undefined' !== typeof x;", "\"u\">typeof x"),
        // Kept: an operand that may not be a string, a comparison of two literals.
        ("typeof x === y;", "typeof x===y"),
        ("\"a\" === \"b\";", "\"a\"===\"b\""),
        ("typeof x < \"undefined\";", "typeof x<\"undefined\""),
    ])
    func typeofComparisons(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .typeofComparisons)
    }

    @Test(arguments: [
        ("x === undefined;", "x===void 0"),
        ("undefined != x;", "void 0!=x"),
        // Kept: not compared, declared, or in a file with `with` or a direct `eval`.
        ("x = undefined;", "x=undefined"),
        ("x < undefined;", "x<undefined"),
        ("function f(undefined) { return x === undefined; }", "function f(undefined){return x===undefined}"),
        ("x === undefined; eval(\"s\");", "x===undefined;eval(\"s\")"),
        ("with (o) {} x === undefined;", "with(o){}x===undefined"),
    ])
    func undefinedReferences(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .undefinedReferences)
    }

    @Test(arguments: [
        ("x = true;", "x=!0"),
        ("x = [false, true];", "x=[!1,!0]"),
        ("x = true.toString();", "x=(!0).toString()"),
    ])
    func booleans(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .booleans)
    }

    @Test(arguments: [
        ("throw new Error(\"m\");", "throw Error(\"m\")"),
        ("x = new TypeError;", "x=TypeError()"),
        ("x = new AggregateError([], \"m\");", "x=AggregateError([],\"m\")"),
        // Kept: a declared name, another constructor, a member, the callee of `new`, a file with `eval`.
        ("class Error {} x = new Error(\"m\");", "class Error{}x=new Error(\"m\")"),
        ("x = new Map();", "x=new Map()"),
        ("x = new Error.x();", "x=new Error.x()"),
        ("x = new new Error()();", "x=new new Error()()"),
        ("x = new Error(\"m\"); eval(s);", "x=new Error(\"m\");eval(s)"),
    ])
    func errorConstructorCalls(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .errorConstructorCalls)
    }

    @Test(arguments: [
        ("x = new C();", "x=new C"),
        ("x = new a.b.C();", "x=new a.b.C"),
        ("x = new C().y;", "x=(new C).y"),
        // Kept: arguments, a computed or called callee, the callee of `new`.
        ("x = new C(1);", "x=new C(1)"),
        ("x = new a[b]();", "x=new a[b]()"),
        ("x = new (f())();", "x=new(f())()"),
        ("x = new new C()();", "x=new new C()()"),
    ])
    func newArguments(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .newArguments)
    }

    @Test(arguments: [
        ("var a = 1; var b = 2; c(); var d;", "var a=1,b=2;c();var d"),
        ("let a = 1; let b = a;", "let a=1,b=a"),
        ("const a = 1; const b = 2;", "const a=1,b=2"),
        // Kept: other kinds, not adjacent.
        // A `let` next to a local `const` never written: one `let` (the printer writes that `const` as `let` anyway).
        ("function f() { let a = g(); const b = h(); return [a, b]; }", "function f(){let a=g(),b=h();return[a,b]}"),
        ("function f() { const a = g(); let b = h(); return [a, b]; }", "function f(){let a=g(),b=h();return[a,b]}"),
        ("var a = 1; let b = 2; const c = 3;", "var a=1;let b=2;const c=3"),
        ("let b = 2; const c = 3;", "let b=2;const c=3"),
        ("function f() { let a = g(); const b = h(); b = 1; }", "function f(){let a=g();const b=h();b=1}"),
        ("for (var i = 0; ;) {} var j;", "for(var i=0;;){}var j"),
    ])
    func declarationMerging(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .declarationMerging)
    }

    @Test(arguments: [
        ("a();;b();", "a();b()"),
        ("function f() { ; }", "function f(){}"),
        // Kept: a body, one before a string statement (it could become a directive).
        ("for (;;);", "for(;;);"),
        ("function f() { \"a\";; \"b\"; }", "function f(){\"a\";;\"b\"}"),
    ])
    func emptyStatements(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .emptyStatements)
    }

    @Test(arguments: [
        ("{ a(); b(); } c();", "a();b();c()"),
        ("{ var x = 1; }", "var x=1"),
        ("if (a) { b(); }", "if(a)b()"),
        ("if (a) { b(); } else { c(); }", "if(a)b();else c()"),
        ("if (a) { if (b) c(); } else d();", "if(a){if(b)c()}else d()"),
        ("while (a) { b(); }", "while(a)b()"),
        ("for (;;) { a(); }", "for(;;)a()"),
        ("for (x of y) { a(); }", "for(x of y)a()"),
        ("do { a(); } while (b);", "do a();while(b)"),
        ("if (a) {}", "if(a);"),
        // Kept: lexical declarations, a block before or starting with a string statement, labeled bodies, try blocks.
        ("{ let x = 1; } { class C {} } { function f() {} }", "{let x=1}{class C{}}{function f(){}}"),
        ("if (a) { let x = 1; }", "if(a){let x=1}"),
        ("function f() { { \"a\"; } }", "function f(){{\"a\"}}"),
        ("l: { a(); }", "l:{a()}"),
        ("try { a(); } catch { b(); }", "try{a()}catch{b()}"),
    ])
    func blocks(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .blocks)
    }

    @Test(arguments: [
        ("x = \"a\" + \"b\";", "x=\"ab\""),
        ("x = y + \"a\" + 'b';", "x=y+\"ab\""),
        ("x = 'it' + \"'s\";", "x=\"it's\""),
        ("x = 'a\"' + \"'\";", "x='a\"\\''"),
        // Kept: a possibly numeric addition, a whole statement, an escape before a digit, a line continuation.
        ("x = 1 + 2 + \"a\";", "x=1+2+\"a\""),
        ("\"a\" + \"b\";", "\"a\"+\"b\""),
        ("x = \"\\0\" + \"1\";", "x=\"\\0\"+\"1\""),
        ("x = \"a\\\nb\" + \"c\";", "x=\"a\\\nb\"+\"c\""),
    ])
    func stringConcatenation(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .stringConcatenation)
    }

    @Test(arguments: [
        ("function f(a, b) { const r = a + b * 3; return r; }", "function f(a,b){return a+b*3}"),
        ("function f(o) { let r = o.x; if (r) g(); }", "function f(o){if(o.x)g()}"),
        ("function f() { const a = g(); const b = a.x; return b.y(); }", "function f(){return g().x.y()}"),
        ("function f() { const r = g(); throw r; }", "function f(){throw g()}"),
        // The callee a local function declaration never written: its first argument is evaluated first.
        ("function f() { function h(x) {} const r = g(); const s = h(r); return s; }", "function f(){function h(x){}return h(g())}"),
        // An untagged template's first substitution, at any depth of what it evaluates first.
        ("function f() { const r = g(); return `a${r}b`; }", "function f(){return`a${g()}b`}"),
        ("function f(a) { const r = g(); return `${r.x + a}${a}`; }", "function f(a){return`${g().x+a}${a}`}"),
        ("function f() { const r = g(); return `${`${r}`}`; }", "function f(){return`${`${g()}`}`}"),
        // Kept: the use is not the first thing evaluated, is under `&&`, a callee, in a closure, or used twice, written,
        // at the program's top level, with `eval`, a `var`, naming `arguments`.
        ("function f(a) { const r = g(); return a + r; }", "function f(a){const r=g();return a+r}"),
        ("function f(a) { const r = g(); return a && r; }", "function f(a){const r=g();return a&&r}"),
        ("function f(o) { const r = o.f; return r(); }", "function f(o){const r=o.f;return r()}"),
        ("function f() { const r = g(); return () => r; }", "function f(){const r=g();return()=>r}"),
        ("function f() { const r = g(); return r + r; }", "function f(){const r=g();return r+r}"),
        ("function f() { let r = g(); r++; }", "function f(){let r=g();r++}"),
        ("const r = g(); h(r);", "const r=g();h(r)"),
        ("function f() { const r = g(); return r; eval(s); }", "function f(){const r=g();return r;eval(s)}"),
        ("function f() { var r = g(); return r; }", "function f(){var r=g();return r}"),
        ("function f() { const r = arguments[0]; return r; }", "function f(){const r=arguments[0];return r}"),
        ("function f() { const r = g(); delete r; }", "function f(){const r=g();delete r}"),
        ("function f() { const r = x; return typeof r; }", "function f(){const r=x;return typeof r}"),
        // Kept: a callee that is free, written, a parameter (`arguments` may write it) or a member; an argument after
        // another.
        ("function f(h) { const r = g(); return h(r, 1); }", "function f(h){const r=g();return h(r,1)}"),
        ("function f() { const r = g(); return h(r); }", "function f(){const r=g();return h(r)}"),
        ("function f(h) { h = k; const r = g(); return h(r); }", "function f(h){h=k;const r=g();return h(r)}"),
        ("function f(o) { const r = g(); return o.h(r); }", "function f(o){const r=g();return o.h(r)}"),
        ("function f(h, a) { const r = g(); return h(a, r); }", "function f(h,a){const r=g();return h(a,r)}"),
        // Kept: a later substitution, a tagged template (the tag is evaluated first), a template in a callee's argument.
        ("function f(a) { const r = g(); return `${a}${r}`; }", "function f(a){const r=g();return`${a}${r}`}"),
        ("function f() { const r = g(); return t`${r}`; }", "function f(){const r=g();return t`${r}`}"),
        ("function f(a) { const r = g(); return `${a.b}${r}`; }", "function f(a){const r=g();return`${a.b}${r}`}"),
    ])
    func singleUseInlining(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .singleUseInlining)
    }

    @Test(arguments: [
        ("function f() { const a = 1, b = () => 2, c = [\"x\", {k: function () {}}]; let d; return 0; }", "function f(){return 0}"),
        ("function f() { const a = 1, b = g(); return b; }", "function f(){const b=g();return b}"),
        // One declarator left out, a later one kept for an effect inside an array or object (whose lists the keep
        // test reads while the kept list is written: a FuzzScriptBundler find).
        ("function f() { const a = 1, b = [g()]; return 0; }", "function f(){const b=[g()];return 0}"),
        ("function f() { let a = 1, c = {k: g()}, d = [h(), [1]]; return 0; }", "function f(){let c={k:g()},d=[h(),[1]];return 0}"),
        ("function f() { function unused() {} return 1; }", "function f(){return 1}"),
        // Kept: an effect, a use, the program's top level, a `var`, a function in a block, before a lone string.
        ("function f() { const a = g(); }", "function f(){const a=g()}"),
        ("function f() { const a = {[k]: 1}, b = [...c], e = -x; }", "function f(){const a={[k]:1},b=[...c],e=-x}"),
        ("const a = 1;", "const a=1"),
        ("function f() { var a = 1; }", "function f(){var a=1}"),
        ("function f() { { function g() {} } }", "function f(){{function g(){}}}"),
        ("function f(g) { function g() {} return arguments[0]; }", "function f(g){function g(){}return arguments[0]}"),
        ("function f() { const a = 1; \"x\"; }", "function f(){const a=1;\"x\"}"),
        ("function f() { const a = 1; eval(s); }", "function f(){const a=1;eval(s)}"),
    ])
    func unusedDeclarations(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .unusedDeclarations)
    }

    @Test(arguments: [
        ("function f(a) { const k = \"k\"; return a[k] + k; }", "function f(a){return a[\"k\"]+\"k\"}"),
        ("function f() { const n = 1e3, m = null; return g(n, m, n); }", "function f(){return g(1e3,null,1e3)}"),
        ("function f() { let n = 7; h(); return n; }", "function f(){h();return 7}"),
        ("function f() { const t = !0; return [t, t]; }", "function f(){return[!0,!0]}"),
        ("function f() { const a = 1, b = g(); return a + b; }", "function f(){const b=g();return 1+b}"),
        ("function f() { const a = 1; function h() { return a; } return h(); }", "function f(){function h(){return 1}return h()}"),
        ("function f() { const a = 1; { return () => a; } }", "function f(){{return()=>1}}"),
        // Kept: longer written at each use, written, a callee, a tag, shorthand, `typeof`/`delete` operands, a
        // number's member object, a whole string statement, a use before (a hoisted function called first) or in
        // the declaration, at the program's top level, with `eval`, a `var`.
        ("function f() { const s = \"long string\"; return [s, s, s]; }", "function f(){const s=\"long string\";return[s,s,s]}"),
        ("function f() { let a = 1; a = 2; return a; }", "function f(){let a=1;a=2;return a}"),
        ("function f() { const a = 1; return a(); }", "function f(){const a=1;return a()}"),
        ("function f() { const a = 1; return a`x`; }", "function f(){const a=1;return a`x`}"),
        ("function f() { const a = 1; return {a}; }", "function f(){const a=1;return{a}}"),
        ("function f() { const a = 1; return typeof a; }", "function f(){const a=1;return typeof a}"),
        ("function f() { const a = 1; return a.toFixed(); }", "function f(){const a=1;return a.toFixed()}"),
        ("function f() { const a = \"x\"; a; }", "function f(){const a=\"x\";a}"),
        ("function f() { h(); const a = 1; function h() { return a; } }", "function f(){h();const a=1;function h(){return a}}"),
        ("function f() { const a = 1, b = a; return b; }", "function f(){const a=1,b=a;return b}"),
        ("const a = 1; g(a);", "const a=1;g(a)"),
        ("function f() { const a = 1; eval(s); return a; }", "function f(){const a=1;eval(s);return a}"),
        ("function f() { var a = 1; return a; }", "function f(){var a=1;return a}"),
        ("switch (x) { case 1: const a = 1; break; case 2: g(a); }", "switch(x){case 1:const a=1;break;case 2:g(a)}"),
        ("function f() { const a = 1; \"x\"; return a; }", "function f(){const a=1;\"x\";return a}"),
    ])
    func constantInlining(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, .constantInlining)
    }

    @Test(arguments: [
        ("function f() { const a = () => 1, b = () => a(); return 0; }", "function f(){return 0}"),
        ("function f() { function g() {} function h() { g(); } return 1; }", "function f(){return 1}"),
        ("function f() { const a = 1; if (0) g(a); return 2; }", "function f(){return 2}"),
        // Kept: a use left, an effect, before a lone string.
        ("function f() { const a = () => 1, b = () => a(); return b; }", "function f(){const a=()=>1,b=()=>a();return b}"),
        ("function f() { const a = () => 1, b = g(a); return 0; }", "function f(){const a=()=>1,b=g(a);return 0}"),
    ])
    func unusedDeclarationChains(_ source: String, _ expected: String) throws {
        try Self.check(source, expected, [.unusedDeclarations, .unusedDeclarationChains, .constantConditions, .emptyStatements])
    }

    @Test func allRewritesTogether() throws {
        let source = """
            function f(a) { if (!a) { return; } var b = new Error("x" + "y"); var c = typeof a === "undefined"; if (false) { g(); } else { h(b, c, true); } }
            """
        try Self.check(source, "function f(a){if(!a)return;var b=Error(\"xy\"),c=typeof a>\"u\";h(b,c,!0)}", .all)
    }

    /// The pass's kind table (step 5k) says what `statementListField` and the context `visitBranch` keeps say.
    @Test func kindTableAgreesWithTheKinds() {
        let context: [SyntaxKind] = [.expressionStatement, .newExpression, .functionDeclaration, .functionExpression, .arrowFunction]
        for kind in SyntaxKind.allCases {
            let entry = TreeCompressorPass.kindTable[Int(kind.rawValue)]
            #expect(Int(entry >> 2) - 1 == TreeCompressorPass.statementListField(kind))
            #expect((entry & TreeCompressorPass.setsContext != 0) == context.contains(kind))
        }
    }
}
