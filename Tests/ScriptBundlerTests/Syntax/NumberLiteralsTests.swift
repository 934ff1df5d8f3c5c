import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `NumberLiterals`: the shortest spelling of the same decimal value, and the literals it leaves alone.
@Suite struct NumberLiteralsTests {
    @Test(
        arguments: [
            ("1000", "1e3"), ("10000", "1e4"), ("123000", "123e3"), ("100", "100"), ("0", "0"), ("10", "10"),
            ("0.5", ".5"), ("0.50", ".5"), ("1.50", "1.5"), ("1.0", "1"), ("1.", "1"), ("00.5", nil), ("0.0", "0"),
            ("0.001", ".001"), ("0.0001", "1e-4"), ("0.00012", "12e-5"), ("1e+21", "1e21"), ("1E3", "1e3"),
            ("1.5e3", "1500"), ("15e2", "1500"), ("5e-1", ".5"), ("1e0", "1"), ("12.34e1", "123.4"), (".5", ".5"),
            ("1000000", "1e6"), ("9007199254740993", "9007199254740993"), ("0e5", "0"),
            // Not plain decimal literals.
            ("0x1000", nil), ("0o17", nil), ("0b101", nil), ("017", nil), ("08", nil), ("1_000", nil), ("1000n", nil),
            ("1e", nil), ("1e999999", nil),
        ] as [(String, String?)])
    func shortestForm(_ literal: String, _ expected: String?) {
        let result = NumberLiterals.shortest(Array(literal.utf8))
        #expect(result.map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    /// `SyntaxLiteralText.shortest` skips integers with fewer than three trailing zeros without spelling them again: for each of
    /// them, the shortest form is no shorter (or the literal is no plain decimal one). Integers with three or more
    /// are not skipped.
    @Test func integersTheFastPathSkipsHaveNoShorterForm() {
        var literals = (0...2_000).map(String.init) + ["017", "08", "00", "000", "0000", "10", "100", "1000", "12000", "90000000"]
        literals += (1...12).map { "7" + String(repeating: "0", count: $0) }
        for literal in literals {
            let raw = Array(literal.utf8)
            let shortest = NumberLiterals.shortest(raw)
            let skipped = raw.withUnsafeBufferPointer { NumberLiterals.isShortestInteger($0) }
            let shorter = shortest.map { $0.count < raw.count } ?? false
            #expect(
                !skipped || !shorter, "\(literal): skipped, but \(shortest.map { String(decoding: $0, as: UTF8.self) } ?? "") is shorter")
            if literal.hasSuffix("000") { #expect(!skipped, "\(literal) has three trailing zeros") }
        }
    }

    /// Through the tree minifier: the literals it writes shorter (a property key as written), `(1).x` where a
    /// number is a member's object, and `?.5` as `?` then `.5` (`?.` is no optional chain before a digit).
    @Test(arguments: [
        ("x = 1000", "x=1e3;"),
        ("x = a < 1000", "x=a<1e3;"),
        ("x = 0.5 + 2.50", "x=.5+2.5;"),
        ("x = {1000: 1}[1e3]", "x={1000:1}[1e3];"),
        ("x = 1.0.toFixed()", "x=(1).toFixed();"),
        ("x = a ? 0.5 : b", "x=a?.5:b;"),
        ("x = -0.25", "x=-.25;"),
        // Left alone: already shortest, or not a plain decimal literal.
        ("x = 100", "x=100;"),
        ("x = 0xFF", "x=0xFF;"),
        ("x = 1000n", "x=1000n;"),
    ])
    func rewrites(_ input: String, _ expected: String) {
        #expect(TreeMinifierTests.minified(input).code == expected)
    }
}
