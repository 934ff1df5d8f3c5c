import Testing

@testable import ScriptBundler

/// Exact output of `UnusedExpressionNames` (through `MinifierPasses`, with renaming, as in production): a function
/// or class expression's name that nothing inside refers to is left out; one referred to, a declaration's name,
/// and any name when identifiers are not renamed, stay.
@Suite struct UnusedExpressionNamesTests {
    static func minifyRenaming(_ source: String) -> String {
        let result = Minifier.minify(
            Array(source.utf8), map: nil, licenseFileName: "x.js.LICENSE.txt", renameIdentifiers: true, rewrite: true)
        return MinifierPassesTests.strip(String(decoding: result.code, as: UTF8.self))
    }

    @Test(arguments: [
        ("x = function named(g) { return g }", "x=function(a){return a}"),
        ("x = function* gen() { yield 1 }; y = async function run() {}", "x=function*(){yield 1};y=async function(){}"),
        ("x = class Named { m() { return 1 } }; y = class Base extends Object {}", "x=class{m(){return 1}};y=class extends Object{}"),
    ])
    func removes(_ input: String, _ expected: String) {
        #expect(Self.minifyRenaming(input) == expected)
    }

    @Test(arguments: [
        ("x = function again(n) { return n ? again(n - 1) : 0 }", "x=function b(a){return a?b(a-1):0}"),
        ("x = class Self { static make() { return new Self } }", "x=class a{static make(){return new a}}"),
        ("function declared() {} class Kept {}", "function declared(){}class Kept{}"),
        ("x = function f() { eval('f') }", "x=function f(){eval('f')}"),
    ])
    func keeps(_ input: String, _ expected: String) {
        #expect(Self.minifyRenaming(input) == expected)
    }

    @Test func namesStayWithoutRenaming() {
        #expect(
            MinifierPassesTests.strip(MinifierPassesTests.minify("x = function named(g) { return g }")) == "x=function named(g){return g}")
    }
}
