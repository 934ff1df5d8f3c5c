import Testing

@testable import ScriptBundler

/// Exact output of `ErrorConstructorCalls` (through `MinifierPasses`, without renaming): the global error
/// constructors are called without `new`; anything else, or one a declaration shadows, keeps it.
@Suite struct ErrorConstructorCallsTests {
    @Test(arguments: [
        ("throw new Error('x')", "throw Error('x')"),
        ("x = new TypeError(a, { cause: b }).message", "x=TypeError(a,{cause:b}).message"),
        (
            "x = [new RangeError(), new SyntaxError(1), new ReferenceError(2), new EvalError, new URIError(3)]",
            "x=[RangeError(),SyntaxError(1),ReferenceError(2),new EvalError,URIError(3)]"
        ),
        ("x = new AggregateError([])", "x=AggregateError([])"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }

    @Test(arguments: [
        ("function f(Error) { return new Error(1) }", "function f(Error){return new Error(1)}"),
        ("class Error2 {} x = new Error2(1); y = new Map()", "class Error2{}x=new Error2(1);y=new Map"),
        ("x = new window.Error(1); y = new Error.Sub(1)", "x=new window.Error(1);y=new Error.Sub(1)"),
        ("x = new new Error(1)()", "x=new new Error(1)()"),
        ("x = new Error(1); eval('')", "x=new Error(1);eval('')"),
        ("with (o) x = new Error(1)", "with(o)x=new Error(1)"),
    ])
    func keeps(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
