import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// What the pass does not lower stays a located error at its first use, worded as the target check words it.
@Suite struct SyntaxLoweringErrorTests {
    static func error(_ source: String, target: String) throws -> BundlerError? {
        let tree = try SyntaxParser.parse(source)
        let target = try #require(ScriptTarget(name: target))
        do {
            _ = try SyntaxLowering.lower(tree, target: target, path: "a.js")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        // Inside a lowered class (fields moved into the constructor, static code into a method), what is not
        // lowered keeps its source location.
        (
            "x = 1;\nclass A { y = a?.b; #p = 1n; }", "safari13", 2, 26,
            "a BigInt literal is not available in the configured target safari13 (needs safari14)"
        ),
        // An async generator method that writes to a `super` member is not lowered (its body moves into a nested
        // function, which reads `super` through an arrow function); the error is at the method's parameters.
        (
            "class A extends B { static { x = 1; } async *g() { yield super.g(); super.x = 1; } }", "safari11.1", 1, 47,
            "an async generator is not available in the configured target safari11.1 (needs safari12)"
        ),
        (
            "class A extends B { #m() { return /a/s; } }", "safari11", 1, 35,
            "the regular expression flag 's' is not available in the configured target safari11 (needs safari11.1)"
        ),
        (
            "const [{ a, ...rest }] = o;", "safari11", 1, 13,
            "object rest/spread ('...' in an object) is not available in the configured target safari11 (needs safari11.1)"
        ),
        (
            "function f({ a = 1, ...r }) {}", "safari11", 1, 21,
            "object rest/spread ('...' in an object) is not available in the configured target safari11 (needs safari11.1)"
        ),
        (
            "export const { a, ...r } = o;", "safari11", 1, 19,
            "object rest/spread ('...' in an object) is not available in the configured target safari11 (needs safari11.1)"
        ),
        (
            "try {} catch ({ ...r }) {}", "safari11", 1, 17,
            "object rest/spread ('...' in an object) is not available in the configured target safari11 (needs safari11.1)"
        ),
        ("x = a ?? 1n;", "safari13", 1, 10, "a BigInt literal is not available in the configured target safari13 (needs safari14)"),
        (
            "x = a?.b;\ny = /x/s;", "safari11", 2, 5,
            "the regular expression flag 's' is not available in the configured target safari11 (needs safari11.1)"
        ),
        (
            "const o = { async *m() { for await (super.x of super.m()) {} } };", "safari11.1", 1, 21,
            "an async generator is not available in the configured target safari11.1 (needs safari12)"
        ),
        (
            "// é\nx = 'é'; y = /(?<=a)b/;", "safari16", 2, 14,
            "a regular expression lookbehind assertion is not available in the configured target safari16 (needs safari16.4)"
        ),
    ])
    func unlowerableSyntaxIsALocatedError(source: String, target: String, line: Int, column: Int, message: String) throws {
        let error = try #require(try Self.error(source, target: target))
        #expect(error.kind == .unsupportedSyntax)
        #expect(error.location == SourceLocation(path: "a.js", line: line, column: column))
        #expect(error.message == message)
    }

    /// The earliest use in the source is the one reported, whatever order the pass meets them in.
    @Test func theEarliestUseIsReported() throws {
        let error = try #require(try Self.error("class A { m() { return /a/s; } static x = 1n; }", target: "safari11"))
        #expect(error.location.column == 24)
        #expect(error.message.hasPrefix("the regular expression flag 's'"))
    }

    /// What the target has is no error, and what is lowered is none either.
    @Test func supportedAndLoweredSyntaxIsNoError() throws {
        #expect(try Self.error("class A { x = 1; #y; static { } }", target: "safari16.4") == nil)
        #expect(try Self.error("x = a?.b ?? c; a ||= 1_0; try {} catch {} y = { ...z }; const { p, ...q } = y;", target: "safari11") == nil)
        #expect(
            try Self.error("class A extends B { x = 1; #y; static z; #m() {} get #g() {} static { this.#y in this; } }", target: "safari11")
                == nil)
    }
}
