import Testing

@testable import BlockListCompiler

struct RuleListLintsTests {
    /// The duplicate warning's text, written as bytes, is the sentence an interpolation would give.
    @Test(arguments: [(0, 0), (1, 0), (9, 3), (10, 9), (16086, 14557), (1_000_000, 999_999), (Int.max, 12)])
    func duplicateMessageReadsAsTheSentence(index: Int, first: Int) {
        #expect(RuleListLints.duplicateMessage(index, of: first) == "rule \(index) duplicates rule \(first)")
    }

    /// The counts of errors and warnings are those of the lists.
    @Test func reportCountsMatchTheLists() {
        let text =
            #"[{"trigger":{"url-filter":"a"},"action":{"type":"block"}},{"trigger":{"url-filter":"a"},"action":{"type":"block"}},"#
            + #"{"trigger":{"url-filter":"("},"action":{"type":"block"}}]"#
        let report = RuleListChecker().check(Array(text.utf8))
        #expect(report.warningCount == report.warnings.count && report.warningCount >= 1)
        #expect(report.errorCount == report.errors.count && report.errorCount >= 1)
    }
}
