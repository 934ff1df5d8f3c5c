import Foundation
import Testing

@testable import BlockListCompiler

@Suite struct JSONEscaperTests {
    /// JSON text and the same text with its non-ASCII characters escaped.
    @Test(arguments: [
        (#"["a"]"#, #"["a"]"#),
        (#"["é"]"#, #"["\u00E9"]"#),
        (#"["主告"]"#, #"["\u4E3B\u544A"]"#),
        (#"["a😀b"]"#, #"["a\uD83D\uDE00b"]"#),
        (#"{"selector":".x[title=\"“ad”\"]"}"#, #"{"selector":".x[title=\"\u201Cad\u201D\"]"}"#),
    ])
    func escapesNonASCII(json: String, expected: String) throws {
        let escaped = JSONEscaper.escapingNonASCII(json)
        #expect(escaped == expected)
        #expect(escaped.utf8.allSatisfy { $0 < 0x80 })
        // The parsed value does not change.
        let before = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSObject
        let after = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? NSObject
        #expect(before == after)
    }

    @Test func serializerEscapesOnlyWhenAsked() {
        let rule = Rule(trigger: Trigger(urlFilter: ".*"), action: Action(kind: .cssDisplayNone(selector: "[alt=\"广告\"]")))
        let plain = RuleListSerializer().serialize([rule])
        let escaped = RuleListSerializer(escapesNonASCII: true).serialize([rule])
        #expect(plain.contains("广告"))
        #expect(escaped.utf8.allSatisfy { $0 < 0x80 })
        let reloaded = RuleListChecker().check(Array(escaped.utf8)).rules
        #expect(reloaded.map(\.action.kind) == [rule.action.kind])
    }
}
