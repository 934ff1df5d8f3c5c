import Testing

@testable import BlockListCompiler

/// `Diagnostic` keeps its message and pointer as data: their texts, made when read or written, are the loader's
/// messages, and equality compares what a user sees.
struct DiagnosticTests {
    /// A list with one rule of each message kept as data, checked on both paths (one pass and whole list).
    static let list = """
        [{"trigger":{"url-filter":"a"},"action":{"type":"script","script":"x"}},
        {"trigger":{"url-filter":"b"},"action":{"type":"css-display-none","selector":"a:nope"}},
        {"trigger":{"url-filter":"c[\\\\w]"},"action":{"type":"block"}},
        {"trigger":{"url-filter":"\(String(repeating: "x", count: 201))("},"action":{"type":"block"}},
        {"trigger":{"url-filter":"d"},"action":{"type":"block","o/k~":1}}]
        """

    @Test func textsAreTheMessagesWhateverThePath() {
        let fast = RuleListChecker(keepsRules: false).check(Array(Self.list.utf8))
        let whole = RuleListChecker(keepsRules: true).check(Array(Self.list.utf8))
        #expect(fast.diagnostics == whole.diagnostics)
        let expected = [
            "unknown action type \"script\"; expected one of \(RuleLoader.actionTypeList)",
            "invalid url-filter \"c[\\w]\" at column 3 of the pattern: '\\w' inside a character set is not supported; list the characters or ranges instead",
            "invalid url-filter \"\(String(repeating: "x", count: 100))…\" (202 characters) at column",
            "unknown key \"script\" in the action is ignored by WebKit",
            "the selector does not parse as CSS (unknown pseudo-class ':nope'); WebKit drops this rule silently",
            "unknown key \"o/k~\" in the action is ignored by WebKit",
        ]
        #expect(fast.diagnostics.count == expected.count)
        for (diagnostic, prefix) in zip(fast.diagnostics, expected) {
            #expect(diagnostic.message.hasPrefix(prefix), "\(diagnostic.message)")
            var bytes: [UInt8] = []
            diagnostic.appendMessage(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == diagnostic.message)
        }
        #expect(
            fast.diagnostics.map(\.pointer) == [
                "/0/action/type", "/2/trigger/url-filter", "/3/trigger/url-filter", "/0/action/script", "/1/action/selector",
                "/4/action/o~1k~0",
            ])
    }

    @Test func equalityComparesTheTexts() throws {
        let report = RuleListChecker(keepsRules: false).check(Array(Self.list.utf8))
        for diagnostic in report.diagnostics {
            var literal = Diagnostic(
                severity: diagnostic.severity, message: diagnostic.message, webKitMessage: diagnostic.webKitMessage,
                webKitDetail: diagnostic.webKitDetail, ruleIndex: diagnostic.ruleIndex, pointer: diagnostic.pointer, line: diagnostic.line,
                column: diagnostic.column, reportedByWebKit: diagnostic.reportedByWebKit, offset: diagnostic.offset)
            #expect(literal == diagnostic)
            literal.message += "."
            #expect(literal != diagnostic)
            var moved = diagnostic
            moved.pointer = "/9"
            #expect(moved != diagnostic && moved.pointer == "/9")
        }
    }
}
