import Testing

@testable import ScriptBundler

/// Exact minified output of small inputs: separators that must stay, and everything that may go.
@Suite struct MinifierTests {
    static func minify(_ source: String, rename: Bool = false) -> String {
        // The writer's rules alone: the rewriting passes have their own tests (`MinifierPassesTests`).
        let result = Minifier.minify(
            Array(source.utf8), map: nil, licenseFileName: "x.js.LICENSE.txt", renameIdentifiers: rename,
            rewrite: false)
        return String(decoding: result.code, as: UTF8.self)
    }

    @Test(arguments: [
        // Restricted productions and automatic semicolon insertion keep their line breaks.
        ("return\nx", "return\nx"),
        ("a\n++b", "a\n++b"),
        ("a\n--b", "a\n--b"),
        ("a = b\n(c)", "a=b\n(c)"),
        ("a = b\n[c]", "a=b\n[c]"),
        ("x => {}\n+1", "x=>{}\n+1"),
        ("x => {}\n.y", "x=>{}\n.y"),
        ("throw e\nfoo()", "throw e\nfoo()"),
        ("let\nx = 1", "let\nx=1"),
        ("async\nfunction f() {}", "async\nfunction f(){}"),
        ("yield\nx", "yield\nx"),
        ("break\nfoo", "break\nfoo"),
        ("a\nb", "a\nb"),
        ("a++\nb", "a++\nb"),
        ("a++\n+b", "a++\n+b"),
        // The body of a statement head starts after its `)`: no line break is needed there.
        ("if (a)\ncontinue", "if(a)continue"),
        ("for (;;)\nbreak", "for(;;)break"),
        ("with (a)\nb()", "with(a)b()"),
        // After `while (…)` too: where it ends a `do … while`, a `;` is inserted before the next word (ES2015).
        ("while (a)\nb()", "while(a)b()"),
        // A statement starts after the head, so `/` there begins a regular expression.
        ("if (a)\n/b/.test(c)", "if(a)/b/.test(c)"),
        ("f(a)\nreturn", "f(a)\nreturn"),
        // Line breaks that cannot end a statement go.
        ("var a = 1,\n  b = 2", "var a=1,b=2"),
        ("a\n.b\n?.c", "a.b?.c"),
        ("a\n+ b\n* c", "a+b*c"),
        ("a(\n1\n)", "a(1)"),
        ("if (a) {\n}\nelse\n{\n}", "if(a){}\nelse{}"),
        ("a = f(x)\n{ b }", "a=f(x)\n{b}"),
        ("f(x)\n.then(y)", "f(x).then(y)"),
        ("x = a\n? b\n: c", "x=a?b:c"),
        ("a\nin b", "a in b"),
        ("return {\na: 1\n}", "return{a:1}"),
        ("`a${\nb\n}c`", "`a${b}c`"),
        // Tokens that would merge keep a space.
        ("a + +b", "a+ +b"),
        ("a - -b", "a- -b"),
        ("a + ++b", "a+ ++b"),
        ("a - --b", "a- --b"),
        ("a++ + b", "a++ +b"),
        ("x = a / /re/g", "x=a/ /re/g"),
        ("x = /re/g in y", "x=/re/g in y"),
        ("x = /re/ instanceof RegExp", "x=/re/ instanceof RegExp"),
        ("1 .toString()", "1 .toString()"),
        ("a ? .5 : 1", "a? .5:1"),
        ("a < !--b", "a< !--b"),
        ("a-- > b", "a-- >b"),
        ("typeof /* c */ x", "typeof x"),
        ("var \\u0061b = 1 in c", "var \\u0061b=1 in c"),
        ("a = 'x' in y", "a='x'in y"),
        ("x = 1n in y", "x=1n in y"),
        ("café in x", "café in x"),
        // Comments disappear; a comment holding a line break counts as one.
        ("a = 1 // c\n+ 2", "a=1+2"),
        ("return /*\n*/ x", "return\nx"),
        ("a /* c */ . b", "a.b"),
        // A `;` before `}` goes, unless it is an empty statement.
        ("function f() { a(); }", "function f(){a()}"),
        ("{ if (a) ; }", "{if(a);}"),
        ("{ for (;;) ; }", "{for(;;);}"),
        ("{ while (f(x)) ; }", "{while(f(x));}"),
        ("{ a: ; }", "{a:;}"),
        ("{ if (a) b; else ; }", "{if(a)b;else;}"),
        ("async function f() { for await (x of y) ; }", "async function f(){for await(x of y);}"),
        ("{ if (a) (b); }", "{if(a)(b)}"),
    ])
    func separators(input: String, expected: String) {
        #expect(Self.minify(input) == "\n" + expected + "\n")
    }

    @Test(arguments: [
        // A trailing `,` before `}`, `]` or `)` goes.
        ("x = {a: 1,}", "x={a:1}"),
        ("x = {\n  a: 1,\n  b,\n}", "x={a:1,b}"),
        ("f(a,)", "f(a)"),
        ("f(a, b,\n)", "f(a,b)"),
        ("x = [a,]", "x=[a]"),
        ("x = [[a,],]", "x=[[a]]"),
        ("function f(a, b,) {}", "function f(a,b){}"),
        ("x = (a, b,) => a", "x=(a,b)=>a"),
        ("var {a, b,} = o", "var{a,b}=o"),
        ("var [a, b,] = o", "var[a,b]=o"),
        ("new C(a,)", "new C(a)"),
        ("import(a,)", "import(a)"),
        ("x = {a: [1,], b: f(2,),}", "x={a:[1],b:f(2)}"),
        // Array elisions keep theirs: `[a,,]` has length 2, `[,]` length 1.
        ("x = [a,,]", "x=[a,,]"),
        ("x = [,]", "x=[,]"),
        ("x = [,,]", "x=[,,]"),
        ("x = [a,,,]", "x=[a,,,]"),
        ("[a,,] = o", "[a,,]=o"),
        ("var [a,,] = o", "var[a,,]=o"),
        // Other commas stay.
        ("f(a, b)", "f(a,b)"),
        ("x = [, a]", "x=[,a]"),
        ("for (a = 1, b = 2; a; a--, b++) ;", "for(a=1,b=2;a;a--,b++);"),
    ])
    func trailingCommas(input: String, expected: String) {
        #expect(Self.minify(input) == "\n" + expected + "\n")
        #expect(Self.minify(input, rename: true) == "\n" + expected + "\n")
    }

    @Test(arguments: [
        // Boolean values become `!0` and `!1`.
        ("x = true", "x=!0"),
        ("x = false", "x=!1"),
        ("function f() { return true }", "function f(){return!0}"),
        ("x = a ? true : false", "x=a?!0:!1"),
        ("x = !true", "x=!!0"),
        ("x = typeof true", "x=typeof!0"),
        ("x = void false", "x=void!1"),
        ("x = -true", "x=-!0"),
        ("x = a - true", "x=a-!0"),
        ("x = a < true", "x=a<!0"),
        ("x = a << true", "x=a<<!0"),
        ("x = a < !b", "x=a< !b"),
        ("x = true in a", "x=!0 in a"),
        ("x = a in true", "x=a in!0"),
        ("x = true instanceof A", "x=!0 instanceof A"),
        ("x = a === true", "x=a===!0"),
        ("x = [true, false,]", "x=[!0,!1]"),
        ("f(true)", "f(!0)"),
        ("x = {a: true, [false]: 1}", "x={a:!0,[!1]:1}"),
        ("x = a[true]", "x=a[!0]"),
        ("x = 2 ** true", "x=2**!0"),
        ("x = (true) ** 2", "x=(!0)**2"),
        ("x = a ?? true", "x=a??!0"),
        ("x = (a = true) => a", "x=(a=!0)=>a"),
        ("x = () => false", "x=()=>!1"),
        ("class A { x = true; static y = false }", "class A{x=!0;static y=!1}"),
        ("switch (a) { case true: b() }", "switch(a){case!0:b()}"),
        ("if (true) a()", "if(!0)a()"),
        ("while (true) {}", "while(!0){}"),
        ("function* g() { yield true }", "function*g(){yield!0}"),
        ("async function h() { await false }", "async function h(){await!1}"),
        ("x = `a${true}b`", "x=`a${!0}b`"),
        ("a\ntrue", "a\n!0"),
        ("a = b\ntrue", "a=b\n!0"),
        ("x = a ? b : true", "x=a?b:!0"),
        ("export default true", "export default!0"),
        // A following `.`, `?.`, `[`, `(`, template or `**` would bind tighter than `!`.
        ("x = true.toString()", "x=true.toString()"),
        ("x = true?.valueOf()", "x=true?.valueOf()"),
        ("x = true[k]", "x=true[k]"),
        ("x = true(1)", "x=true(1)"),
        ("x = true`t`", "x=true`t`"),
        ("x = true`a${b}`", "x=true`a${b}`"),
        ("x = true ** 2", "x=true**2"),
        ("x = new true", "x=new true"),
        // Property names, members and export names are not values.
        ("x = {true: 1, false() {}, get true() {}}", "x={true:1,false(){},get true(){}}"),
        ("x = a.true + a?.false", "x=a.true+a?.false"),
        ("class A { true() {} get false() {} static true = 1; false }", "class A{true(){}get false(){}static true=1;false}"),
        ("var {true: t, false: [f]} = o", "var{true:t,false:[f]}=o"),
        ("export {x as true}", "export{x as true}"),
        ("import {true as t} from 'm'", "import{true as t}from'm'"),
    ])
    func booleans(input: String, expected: String) {
        #expect(Self.minify(input, rename: true) == "\n" + expected + "\n")
    }

    /// `const` declarations (inside a function: the program's top level keeps them) become `let` unless written.
    @Test(arguments: [
        ("const a = 1", "const a=1"),
        ("(function () { const x = 1, y = 2; return x + y })()", "(function(){let a=1,b=2;return a+b})()"),
        (
            "(function () { const {a, b: [c]} = o, [d = 1] = p; return a + c + d })()",
            "(function(){let{a,b:[b]}=o,[c=1]=p;return a+b+c})()"
        ),
        (
            "(function () { const o = {}; o.x = 1; o.y++; o[k] += 2; delete o.x; return o })()",
            "(function(){let a={};a.x=1;a.y++;a[k]+=2;delete a.x;return a})()"
        ),
        ("(function () { const i = 0; a[i] = 1; a[i]++ })()", "(function(){let b=0;a[b]=1;a[b]++})()"),
        (
            "(function (a) { for (const k of a) f(k); for (const k in a) f(k); for (const k = 0; k < 1;) f(k) })()",
            "(function(b){for(let a of b)f(a);for(let a in b)f(a);for(let a=0;a<1;)f(a)})()"
        ),
        (
            "(function () { const f = () => { const z = 1; z = 2 }; return f })()",
            "(function(){let a=()=>{const b=1;b=2};return a})()"
        ),
        ("(function () { const x = 1; { let x = 2; x = 3 } return x })()", "(function(){let a=1;{let b=2;b=3}return a})()"),
        (
            "(function () { const x = 1; function g() { const x = 2; x++ } return x + g })()",
            "(function(){let a=1;function b(){const c=2;c++}return a+b})()"
        ),
        ("function g() { x = 1 } (function () { const x = 2; return x })()", "function g(){x=1}(function(){let a=2;return a})()"),
        ("class A { m() { const x = 1; return x } }", "class A{m(){let a=1;return a}}"),
        // Written bindings keep `const` (writing them throws), for every binding of the declaration.
        ("(function () { const x = 1; x = 2 })()", "(function(){const a=1;a=2})()"),
        ("(function () { const x = 1, y = 2; y = 3 })()", "(function(){const b=1,a=2;a=3})()"),
        ("(function () { const x = 1; const y = 2; y = 3 })()", "(function(){let b=1;const a=2;a=3})()"),
        ("(function () { const x = 1; x += 1 })()", "(function(){const a=1;a+=1})()"),
        ("(function () { const x = 1; x ??= 1 })()", "(function(){const a=1;a??=1})()"),
        ("(function () { const x = 1; x++ })()", "(function(){const a=1;a++})()"),
        ("(function () { const x = 1; --x })()", "(function(){const a=1;--a})()"),
        ("(function () { const x = 1; (x) = 2 })()", "(function(){const a=1;(a)=2})()"),
        ("(function () { const x = 1; [x] = [2] })()", "(function(){const a=1;[a]=[2]})()"),
        ("(function () { const x = 1; ({x} = o) })()", "(function(){const a=1;({x:a}=o)})()"),
        ("(function () { const x = 1; ({k: [x = 2]} = o) })()", "(function(){const a=1;({k:[a=2]}=o)})()"),
        ("(function () { const x = 1; for (x of a) ; })()", "(function(){const b=1;for(b of a);})()"),
        ("(function () { const x = 1; for (x in a) ; })()", "(function(){const b=1;for(b in a);})()"),
        ("(function () { const x = 1; return () => { x = 2 } })()", "(function(){const a=1;return()=>{a=2}})()"),
        ("(function () { { x = 1; const x = 2 } })()", "(function(){{a=1;const a=2}})()"),
        // Names reached by a direct eval or a with statement keep `const`.
        ("(function () { const x = 1; eval('x = 2') })()", "(function(){const x=1;eval('x = 2')})()"),
        ("(function (o) { const x = 1; with (o) { f(x) } })()", "(function(o){const x=1;with(o){f(x)}})()"),
        ("(function () { const x = 1; return function () { eval('') } })()", "(function(){const x=1;return function(){eval('')}})()"),
        // A module's top level keeps `const`.
        ("export const x = 1; export function f() { const y = 2; return y }", "export const x=1;export function f(){let y=2;return y}"),
    ])
    func constToLet(input: String, expected: String) {
        #expect(Self.minify(input, rename: true) == "\n" + expected + "\n")
    }

    /// No line break after a `}` that ends a statement or class member; one after an expression's `}` stays.
    @Test(arguments: [
        ("if (a) { b() }\nc()", "if(a){b()}c()"),
        ("if (a) {\n}\nelse\n{\n}\nb()", "if(a){}else{}b()"),
        ("{ a() }\n(b)", "{a()}(b)"),
        ("{ a() }\n[b].map(f)", "{a()}[b].map(f)"),
        ("{}\n/re/g.test(s)", "{}/re/g.test(s)"),
        ("{}\n`t`", "{}`t`"),
        ("{}\n++a", "{}++a"),
        ("{}\n-a", "{}-a"),
        ("label: { a() }\nb()", "label:{a()}b()"),
        ("function f() {}\n(function () {})()", "function f(){}(function(){})()"),
        ("async function f() {}\n(a)", "async function f(){}(a)"),
        ("function* g() {}\n[a] = b", "function*g(){}[a]=b"),
        ("class A {}\n[1].map(f)", "class A{}[1].map(f)"),
        ("class A extends B {}\n+a", "class A extends B{}+a"),
        ("switch (a) { case 1: {} }\n+b", "switch(a){case 1:{}}+b"),
        ("try {}\ncatch {}\nfoo()", "try{}catch{}foo()"),
        ("try {}\nfinally {}\n/re/.test(s)", "try{}finally{}/re/.test(s)"),
        ("try {} catch (e) {}\n(a)", "try{}catch(b){}(a)"),
        ("do {\n} while (a)\nb()", "do{}while(a)b()"),
        ("for (;;) {}\n(a)", "for(;;){}(a)"),
        ("while (a) {}\n[b]", "while(a){}[b]"),
        ("class A {\n m() {}\n [k]() {}\n static {}\n *g() {}\n x = 1\n}", "class A{m(){}[k](){}static{}*g(){}x=1}"),
        ("export function f() {}\n(a)", "export function f(){}(a)"),
        ("export default function () {}\n(a)", "export default function(){}(a)"),
        ("function f() { if (a) {}\n(b) }", "function f(){if(a){}(b)}"),
        // Expressions ending in `}` keep the break: what follows could continue them.
        ("x = function () {}\n(a)", "x=function(){}\n(a)"),
        ("x = {}\n(a)", "x={}\n(a)"),
        ("x = {}\nfoo()", "x={}\nfoo()"),
        ("x = () => {}\n(a)", "x=()=>{}\n(a)"),
        ("x = class {}\n[a]", "x=class{}\n[a]"),
        ("x = class { m() {} }\n[a]", "x=class{m(){}}\n[a]"),
        ("x = { m() {} }\n(a)", "x={m(){}}\n(a)"),
        ("class A { x = function () {}\n[k] = 1 }", "class A{x=function(){}\n[k]=1}"),
        ("(function () {})\n(a)", "(function(){})\n(a)"),
        ("x = `${{}}`\n(a)", "x=`${{}}`\n(a)"),
    ])
    func statementBraces(input: String, expected: String) {
        #expect(Self.minify(input, rename: true) == "\n" + expected + "\n")
    }

    @Test func legalCommentsMoveToTheLicenseFile() {
        let source = "/*! first */\n//! second\n/** @license third */\n/* @preserve fourth */\n/* plain */a()\n/*! first */"
        let result = Minifier.minify(Array(source.utf8), map: nil, licenseFileName: "A.js.LICENSE.txt")
        #expect(String(decoding: result.code, as: UTF8.self) == "/*! For license information please see A.js.LICENSE.txt */\na()\n")
        let license = String(decoding: result.license ?? [], as: UTF8.self)
        #expect(license == "/*! first */\n\n//! second\n\n/** @license third */\n\n/* @preserve fourth */\n")
        #expect(Minifier.minify(Array("a()".utf8), map: nil, licenseFileName: "A").license == nil)
    }

    @Test(arguments: [
        ("(function () { var longName = 1; return longName + longName; })()", "(function(){var a=1;return a+a})()"),
        ("(function (first, second) { return second(first); })()", "(function(a,b){return b(a)})()"),
        // Shorthand properties and patterns keep their keys.
        (
            "(function () { var value = 1; var { key } = { key: value }; return { value, key }; })()",
            "(function(){var a=1;var{key:b}={key:a};return{value:a,key:b}})()"
        ),
        // Globals and free names keep their spelling and are never reused as new names.
        ("var topLevel = 1; (function (p) { return a + p + topLevel; })()", "var topLevel=1;(function(b){return a+b+topLevel})()"),
        // A direct eval or a with statement freezes the names it can reach.
        ("(function () { var kept = 1; return eval('kept'); })()", "(function(){var kept=1;return eval('kept')})()"),
        ("(function (o) { var kept = 1; with (o) { return kept; } })()", "(function(o){var kept=1;with(o){return kept}})()"),
        // `arguments` is never declared or renamed; labels keep their names.
        (
            "(function (x) { outer: for (;;) { break outer; } return arguments[0] + x; })()",
            "(function(a){outer:for(;;){break outer}return arguments[0]+a})()"
        ),
        // Inner scopes do not shadow names the outer scope still uses.
        (
            "(function (outer) { return function (inner) { return outer + inner; }; })()",
            "(function(a){return function(b){return a+b}})()"
        ),
    ])
    func renaming(input: String, expected: String) {
        #expect(Self.minify(input, rename: true) == "\n" + expected + "\n")
    }

    @Test func modulesKeepTheirNames() {
        #expect(
            Self.minify("export function named(longName) { return longName; }", rename: true)
                == "\nexport function named(longName){return longName}\n")
    }
}
