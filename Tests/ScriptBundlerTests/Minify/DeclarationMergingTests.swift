import Testing

@testable import ScriptBundler

/// Exact output of `DeclarationMerging` with renaming, as in production (where a function's `const` declarations
/// are written as `let`): adjacent declarations merge when their keywords are written the same.
@Suite struct DeclarationMergingTests {
    @Test(arguments: [
        // A `const` written as `let` merges with a `let`, either way round.
        (
            "function f(q) { const re = g(q); let count = 0; while (re.x() && count < 9) count += 1; return count; }",
            "function f(b){let c=g(b),a=0;while(c.x()&&a<9)a+=1;return a}"
        ),
        (
            "function f(q) { let count = 0; const re = g(q); while (re.x() && count < 9) count += 1; return count; }",
            "function f(b){let a=0,c=g(b);while(c.x()&&a<9)a+=1;return a}"
        ),
        ("function f() { let a = g(); let b = h(); return [a, b, a, b]; }", "function f(){let a=g(),b=h();return[a,b,a,b]}"),
    ])
    func merges(_ input: String, _ expected: String) {
        #expect(UnusedExpressionNamesTests.minifyRenaming(input) == expected)
    }

    @Test(arguments: [
        // Different kinds stay apart: `var` with `let`, and a `const` not written as `let` with a `let`.
        ("function f() { var a = g(); let b = h(); return [a, b, a, b]; }", "function f(){var a=g();let b=h();return[a,b,a,b]}")
    ])
    func keepsApart(_ input: String, _ expected: String) {
        #expect(UnusedExpressionNamesTests.minifyRenaming(input) == expected)
    }

    @Test func constNotWrittenAsLetStaysApartFromLet() {
        // Without renaming the writer keeps `const`: it does not merge with `let`.
        let input = "function f() { const a = g(); let b = h(); return [a, b, a, b]; }"
        #expect(MinifierPassesTests.strip(MinifierPassesTests.minify(input)) == "function f(){const a=g();let b=h();return[a,b,a,b]}")
    }
}
