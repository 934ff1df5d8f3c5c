import Testing

@testable import ScriptBundler

/// Exact output of `PrivateNames` (through `MinifierPasses`, without renaming): the most written private name takes the shortest name, every spelling one new one; left alone with `eval` or an escaped name.
@Suite struct PrivateNamesTests {
    @Test(arguments: [
        (
            "class A { #entries = 1; #x = 2; m() { return this.#x + this.#entries + this.#entries; } }",
            "class A{#a=1;#b=2;m(){return this.#b+this.#a+this.#a}}"
        ),
        // Nested classes: the same spelling stays the same name, shadowing as before.
        (
            "class A { #x; #y; m(o) { return class { #x; n(p) { return #x in p && #y in o; } }; } }",
            "class A{#a;#b;m(o){return class{#a;n(p){return#a in p&&#b in o}}}}"
        ),
        ("class A { #long() { return 1; } static s(o) { return o.#long(); } }", "class A{#a(){return 1}static s(o){return o.#a()}}"),
        // Not renamed: an `eval` could name them, an escape spells another name the same way.
        ("class A { #x = 1; m() { return eval(\"this.#x\"); } }", "class A{#x=1;m(){return eval(\"this.#x\")}}"),
        ("class A { #\\u0078x = 1; m() { return this.#xx; } }", "class A{#\\u0078x=1;m(){return this.#xx}}"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == expected)
    }
}
