import BlockListCompiler
import Foundation
import Testing

@testable import WKPackCLI

/// `DiagnosticFormatter` on hand-made results: every format, read errors and budget errors.
@Suite struct DiagnosticFormatterTests {
    static let error = Diagnostic(
        severity: .error, message: "bad, really: bad", webKitMessage: "Invalid trigger flags.", webKitDetail: "Detail.",
        ruleIndex: 3, pointer: "/3/trigger", line: 4, column: 7, reportedByWebKit: true)
    static let warning = Diagnostic(severity: .warning, message: "odd\nkey", ruleIndex: nil, pointer: "", line: 1, column: 2)

    /// A report with one error and one warning (diagnostics hold errors first, as the checker orders them).
    static var report: RuleListReport {
        RuleListReport(
            diagnostics: [error, warning], webKitError: error, isValid: false, ruleCount: 5, byteCount: 321,
            actionCounts: ["css-display-none": 1, "block": 3])
    }

    static let results = [
        FileCheckResult(
            path: "dir/a,b.json", report: report, readError: nil, budgetErrors: ["5 rules exceed the budget of 4 (--max-rules)"]),
        FileCheckResult(path: "gone.json", report: nil, readError: "no such file", budgetErrors: []),
    ]

    @Test func textGivesOneLinePerDiagnosticThenASummary() {
        #expect(
            DiagnosticFormatter(format: .text).format(Self.results) == """
                dir/a,b.json:4:7: error: bad, really: bad (WebKit reports: Invalid trigger flags.)
                dir/a,b.json:1:2: warning: odd
                key
                dir/a,b.json:1:1: error: 5 rules exceed the budget of 4 (--max-rules)
                dir/a,b.json: invalid: 5 rules, 321 bytes (block 3, css-display-none 1); 2 errors, 1 warning
                gone.json: error: no such file

                """)
    }

    /// A checked list whose diagnostics repeat messages (the line after the first copies its end), with the error
    /// WebKit reports among them: each line is the diagnostic's place, severity and message, as read one by one.
    @Test func textOfRepeatedMessagesIsEachDiagnosticsLine() {
        let rule = #"{"trigger":{"url-filter":".*"},"action":{"type":"script","script":"x"}}"#
        let css = #"{"trigger":{"url-filter":".*"},"action":{"type":"css","css":"y"}}"#
        let block = #"{"trigger":{"url-filter":"a"},"action":{"type":"block"}}"#
        let list = "[" + [block, rule, rule, css, css, rule].joined(separator: ",\n") + "]"
        let report = RuleListChecker(keepsRules: false).check(Array(list.utf8))
        #expect(report.diagnostics.count == 10)
        let result = FileCheckResult(path: "l.json", report: report, readError: nil, budgetErrors: [])
        var expected = ""
        for diagnostic in report.diagnostics {
            expected += "l.json:\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
            if diagnostic.reportedByWebKit, let webKitMessage = diagnostic.webKitMessage {
                expected += " (WebKit reports: \(webKitMessage))"
            }
            expected += "\n"
        }
        let text = DiagnosticFormatter(format: .text).format([result])
        #expect(text.hasPrefix(expected), "\(text)")
        #expect(text.contains("(WebKit reports: Invalid action type.)"))
        #expect(report.hasSameMessage(diagnosticAt: 2, as: 3) && !report.hasSameMessage(diagnosticAt: 1, as: 2))
        for index in report.diagnostics.indices {
            var bytes: [UInt8] = []
            report.appendMessage(ofDiagnosticAt: index, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == report.diagnostics[index].message)
        }
    }

    /// The bytes the CLI writes are the report's text in every format, and a check's outcome keeps them as they are.
    @Test func bytesAreTheTextInEveryFormat() {
        for format in DiagnosticFormatter.Format.allCases {
            let formatter = DiagnosticFormatter(format: format)
            #expect(formatter.formattedUTF8(Self.results) == Array(formatter.format(Self.results).utf8), "\(format)")
        }
        var outcome = ListCommandOutcome()
        outcome.standardOutputUTF8 = Array("é\n".utf8)
        #expect(outcome.standardOutput == "é\n")
        var same = ListCommandOutcome()
        same.standardOutput = "é\n"
        #expect(outcome == same)
        same.standardOutput = "e\n"
        #expect(outcome != same)
    }

    @Test func textOfAValidListIsItsSummary() {
        let valid = FileCheckResult(
            path: "ok.json", report: RuleListReport(ruleCount: 1, byteCount: 10, actionCounts: ["block": 1]),
            readError: nil, budgetErrors: [])
        #expect(DiagnosticFormatter(format: .text).format([valid]) == "ok.json: valid: 1 rules, 10 bytes (block 1); 0 errors, 0 warnings\n")
    }

    @Test func githubAnnotationsEscapeDataAndProperties() {
        #expect(
            DiagnosticFormatter(format: .github).format(Self.results) == """
                ::error file=dir/a%2Cb.json,line=4,col=7::bad, really: bad (WebKit reports: Invalid trigger flags.)
                ::warning file=dir/a%2Cb.json,line=1,col=2::odd%0Akey
                ::error file=dir/a%2Cb.json,line=1,col=1::5 rules exceed the budget of 4 (--max-rules)
                ::error file=gone.json::no such file

                """)
    }

    @Test func jsonHoldsOneObjectPerFile() throws {
        let output = DiagnosticFormatter(format: .json).format(Self.results)
        let files = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["file"] as? String == "dir/a,b.json")
        #expect(files[0]["valid"] as? Bool == false)
        #expect(files[0]["rules"] as? Int == 5 && files[0]["bytes"] as? Int == 321)
        #expect(files[0]["actions"] as? [String: Int] == ["block": 3, "css-display-none": 1])
        let errors = try #require(files[0]["errors"] as? [[String: Any]])
        #expect(errors.count == 2)
        #expect(errors[0]["rule"] as? Int == 3 && errors[0]["pointer"] as? String == "/3/trigger")
        #expect(errors[0]["line"] as? Int == 4 && errors[0]["column"] as? Int == 7)
        #expect(errors[0]["webkitMessage"] as? String == "Invalid trigger flags." && errors[0]["webkitDetail"] as? String == "Detail.")
        #expect(errors[0]["reportedByWebKit"] as? Bool == true)
        #expect(errors[1]["message"] as? String == "5 rules exceed the budget of 4 (--max-rules)" && errors[1]["rule"] is NSNull)
        let warnings = try #require(files[0]["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1 && warnings[0]["message"] as? String == "odd\nkey" && warnings[0]["reportedByWebKit"] == nil)
        #expect(files[1]["valid"] as? Bool == false && files[1]["rules"] as? Int == 0)
        let readErrors = try #require(files[1]["errors"] as? [[String: Any]])
        #expect(readErrors.count == 1 && readErrors[0]["message"] as? String == "no such file" && readErrors[0]["line"] is NSNull)
        #expect(output.hasPrefix("[\n{") && output.hasSuffix("}\n]\n"))
    }
}
