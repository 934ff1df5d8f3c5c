import Testing

@testable import ScriptBundler

/// Exact output of `RedundantParentheses` (through `MinifierPasses`, without renaming): parentheses go where the
/// expression inside binds at least as tightly as its place requires; they stay where removing them would change
/// the parse or the meaning.
@Suite struct RedundantParenthesesTests {
    @Test(arguments: [
        ("x = a.reduce((c, b) => ((c[b.key] = b), c), {})", "x=a.reduce((c,b)=>(c[b.key]=b,c),{})"),
        ("x = d[3] !== void 0 ? Number(d[3]) : (d[1] === 'https' ? 443 : 80)", "x=d[3]!==void 0?Number(d[3]):d[1]==='https'?443:80"),
        ("x = a ? (b ? 1 : 2) : 3", "x=a?b?1:2:3"),
        ("if (a.hidden || (a.style && a.style.display === 'none')) f()", "(a.hidden||a.style&&a.style.display==='none')&&f();"),
        ("x = (a * b) + c", "x=a*b+c"),
        ("x = a + (b * c)", "x=a+b*c"),
        ("x = (a.b).c; y = (f())(); z = (a[0])[1]", "x=a.b.c;y=f()();z=a[0][1]"),
        ("x = (new C(1)).d", "x=new C(1).d"),
        ("x = typeof (a); y = !(b); z = -(-c); w = +(+d)", "x=typeof a;y=!b;z=- -c;w=+ +d"),
        ("x = 2 ** (-1); y = a ** (b ** c)", "x=2**-1;y=a**b**c"),
        ("x = [(a), (b, c)]; y = {k: (a)}; f((a), ...(b))", "x=[a,(b,c)];y={k:a};f(a,...b)"),
        ("x = `${(a, b)}`; y = a[(b, c)]", "x=`${a,b}`;y=a[b,c]"),
        ("return; function f() { return (a, b); }", "return;function f(){return a,b}"),
        ("x = a ? (y => y) : b", "x=a?y=>y:b"),
        ("x = a * ((b + c))", "x=a*(b+c)"),
        ("x = ((a))", "x=a"),
        ("(a.b)(); (f)()", "a.b();f()"),
        ("x = (function () {})(); y = (async () => 1)", "x=function(){}();y=async()=>1"),
        ("[(a)] = b; ({ k: (c) } = d)", "[a]=b;({k:c}=d)"),
    ])
    func removes(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    @Test(arguments: [
        // Looser inside than the place allows.
        ("x = (a + b) * c; y = a - (b - c); z = a + (b + c)", "x=(a+b)*c;y=a-(b-c);z=a+(b+c)"),
        ("x = (a, b); y = (a || b).c; z = (a = b) || c", "x=(a,b);y=(a||b).c;z=(a=b)||c"),
        ("x = (a ?? b) || c; y = a ?? (b && c); z = (a || b) ?? c", "x=(a??b)||c;y=a??(b&&c);z=(a||b)??c"),
        ("x = (-a) ** 2; y = (a ** b) ** c; z = (await_) ** 2", "x=(-a)**2;y=(a**b)**c;z=await_**2"),
        // Meaning: optional chains, `new` without arguments, numbers, `eval`, `delete`.
        ("x = (a?.b).c; y = (a?.b)(); z = (a?.[0])[1]", "x=(a?.b).c;y=(a?.b)();z=(a?.[0])[1]"),
        ("x = (new C).d; y = new (f())(); z = new (a.b)", "x=(new C).d;y=new(f())();z=new(a.b)"),
        ("x = (1).toString(); y = (eval)('1')", "x=(1).toString();y=(eval)('1')"),
        ("x = delete (a.b)", "x=delete(a.b)"),
        // Statement starts.
        (
            "({}).toString(); (function () {})(); (class {}).x; (async function () {})()",
            "({}).toString();(function(){})();(class{}).x;(async function(){})()"
        ),
        ("('use strict'); x = 1", "('use strict');x=1"),
        ("(let)[0] = 1", "(let)[0]=1"),
        ("(({ k: 1 }).k ? a : b); ((function () {}).call ? 1 : 2)", "({k:1}.k?a:b);(function(){}.call?1:2)"),
        ("if ((function () { return 1 })()) g()", "(function(){return 1})()&&g();"),
        // Targets, tags, arrow bodies, line breaks.
        ("(a) = 1; (b)++; (c.d) += 2; x = (f)`t`", "(a)=1;(b)++;(c.d)+=2;x=(f)`t`"),
        ("x = () => ({}); y = () => ((a))", "x=()=>({});y=()=>(a)"),
        ("x = (h) => ({ a: 1 })[h]; y = () => ({}).b; z = k => ({ k }).k + 1", "x=h=>({a:1})[h];y=()=>({}).b;z=k=>({k}).k+1"),
        ("function f() { return (\na\n) }", "function f(){return(a)}"),
    ])
    func keeps(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
