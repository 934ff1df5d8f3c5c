import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `RequiredTarget`: the oldest target with every syntax feature a file uses (what `wkpack init` writes).
@Suite struct RequiredTargetTests {
    struct Case: Sendable, CustomStringConvertible {
        let source: String
        let target: String?
        let line: Int
        let column: Int
        var description: String { source }
    }

    @Test(arguments: [
        Case(source: "var a = 1; function f() { return a; }", target: nil, line: 0, column: 0),
        Case(source: "let a = b?.c;", target: "safari13.1", line: 1, column: 10),
        Case(source: "let a = b ?? c;\nlet d = e?.f;", target: "safari13.1", line: 1, column: 11),
        Case(source: "let a = b?.c;\nclass A { #x = 1; }", target: "safari14.1", line: 2, column: 11),
        Case(source: "class A {\n  #m() { return 1; }\n}\nlet a = b?.c;", target: "safari15", line: 2, column: 3),
        Case(source: "class A { static { this.x = 1; } }\nclass B { #m() {} }", target: "safari16.4", line: 1, column: 11),
    ])
    func oldestTargetWithEveryFeature(_ testCase: Case) throws {
        let bytes = Array(testCase.source.utf8)
        let tokenization = try JavaScriptTokenizer.tokenize(bytes)
        let analysis = try JavaScriptParser.analyze(bytes, tokenization: tokenization)
        let required = RequiredTarget.of(bytes, tokens: tokenization.tokens, analysis: analysis)
        #expect(required?.target.description == testCase.target)
        if let required {
            #expect(required.line == testCase.line)
            #expect(required.column == testCase.column)
            // The file builds at that target and not at the one before it.
            #expect(required.target.supports(required.feature))
            #expect(required.feature.availableSince == required.target)
        }
    }
}
