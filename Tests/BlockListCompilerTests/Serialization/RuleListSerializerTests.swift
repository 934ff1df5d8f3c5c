import Foundation
import Testing

@testable import BlockListCompiler

/// The serializer writes bytes directly; these pin its output to the string forms it replaced: `JSONEscaper.quoted`
/// for every string and `JSONEscaper.escapingNonASCII` over the whole text.
@Suite struct RuleListSerializerTests {
    static let awkward = [
        "plain", "quote \" and backslash \\", "tab\tnew\nline\rcr", "nul \u{0} bell \u{7} esc \u{1B} us \u{1F}",
        "é accent", "主告 wide", "a😀b astral", "\u{7F} delete", "mixed \"😀\" \\u0041", "",
    ]

    static func rules() -> [Rule] {
        var rules: [Rule] = []
        for (index, text) in awkward.enumerated() {
            var trigger = Trigger(urlFilter: text.isEmpty ? ".*" : "^https?://" + String(index))
            trigger.condition = TriggerCondition(kind: index % 2 == 0 ? .ifDomain : .unlessTopURL, values: [text, "example.com"])
            trigger.resourceTypes = index % 3 == 0 ? [.image, .script] : nil
            trigger.urlFilterIsCaseSensitive = index % 4 == 0 ? true : nil
            trigger.unknownMembers = index == 1 ? [UnknownMember(key: "x-" + text, json: "\"" + "é" + "\"")] : []
            let kind: Action.Kind
            switch index % 4 {
            case 0: kind = .cssDisplayNone(selector: "[title=\"" + text.replacingOccurrences(of: "\"", with: "'") + "\"]")
            case 1: kind = .notify(notification: text)
            case 2:
                kind = .redirect(
                    .transform(
                        URLTransform(
                            host: text,
                            queryTransform: QueryTransform(
                                removeParameters: [text], addOrReplaceParameters: [QueryParameter(key: text, value: "v", replaceOnly: true)]
                            ))))
            default:
                kind = .modifyHeaders(
                    ModifyHeaders(
                        priority: 3, requestHeaders: [HeaderOperation(operation: .set, header: "X-" + String(index), value: text)]))
            }
            rules.append(Rule(trigger: trigger, action: Action(kind: kind)))
        }
        return rules
    }

    @Test func quotesEveryStringAsJSONEscaperDoes() {
        let json = RuleListSerializer().serialize(Self.rules())
        for text in Self.awkward {
            #expect(json.contains(JSONEscaper.quoted(text)), "\(text.debugDescription)")
        }
        #expect(json.hasPrefix("[\n{\"trigger\":{\"url-filter\":"))
        #expect(json.hasSuffix("}\n]\n"))
        #expect(RuleListSerializer().serialize([]) == "[]\n")
    }

    /// The eight-byte test says "may need an escape" exactly when one of the bytes does, with and without
    /// escaping non-ASCII; and long strings with an escape at each offset are quoted as `JSONEscaper` does.
    @Test func theEightByteTestFindsEveryByteToEscape() {
        var random = SeededGenerator(state: 0x22_5C)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF, 0x41, 0x2F]
        var flagged = 0
        for _ in 0..<20_000 {
            var word: UInt64 = 0
            var expected = [false, false]
            for _ in 0..<8 {
                let choice = random.next()
                let byte = choice % 3 == 0 ? UInt8(truncatingIfNeeded: choice >> 8) : interesting[Int(choice >> 8) % interesting.count]
                word = word << 8 | UInt64(byte)
                let special = byte < 0x20 || byte == 0x22 || byte == 0x5C
                expected[0] = expected[0] || special
                expected[1] = expected[1] || special || byte >= 0x80
            }
            #expect(JSONByteWriter.mayNeedEscape(word, escapesNonASCII: false) == expected[0], "\(String(word, radix: 16))")
            #expect(JSONByteWriter.mayNeedEscape(word, escapesNonASCII: true) == expected[1], "\(String(word, radix: 16))")
            if expected[0] { flagged += 1 }
        }
        #expect(flagged > 1_000 && flagged < 19_000)
        for special in ["\"", "\\", "\n", "\u{1}", "é", "😀"] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b/", count: 9)
                var writer = JSONByteWriter(escapesNonASCII: false)
                writer.quoted(text)
                #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == JSONEscaper.quoted(text), "\(text.debugDescription)")
                var escaping = JSONByteWriter(escapesNonASCII: true)
                escaping.quoted(text)
                #expect(
                    String(decoding: escaping.takeBytes(), as: UTF8.self) == JSONEscaper.escapingNonASCII(JSONEscaper.quoted(text)),
                    "\(text.debugDescription)")
            }
        }
    }

    /// Pieces larger than the writer's scratch room (it grows), many pieces in a row (it is copied out when full),
    /// and what was written before each: the bytes are the escaper's, in order.
    @Test func writesPiecesOfAnySizeInOrder() {
        var writer = JSONByteWriter(escapesNonASCII: true)
        var expected = ""
        for length in [0, 1, 7, 8, 9, 500, 1_023, 1_024, 1_025, 5_000, 3, 20_000, 2] {
            let text = String(
                (0..<length).map { index -> Character in
                    switch index % 11 {
                    case 3: return "\""
                    case 7: return "é"
                    case 9: return "\u{1}"
                    default: return "a"
                    }
                })
            writer.quoted(text)
            writer.byte(UInt8(ascii: ","))
            expected += JSONEscaper.escapingNonASCII(JSONEscaper.quoted(text)) + ","
            if length == 500 { writer.flush() }
        }
        #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == expected)
    }

    /// Writing while freeing the rules gives the same bytes, with and without escapes, and for no rules.
    @Test func releasingTheRulesWritesTheSameBytes() {
        for serializer in [RuleListSerializer(), RuleListSerializer(escapesNonASCII: true)] {
            let expected = serializer.serializedBytes(Self.rules())
            #expect(serializer.serializedBytes(releasing: Self.rules()) == expected)
            #expect(String(decoding: expected, as: UTF8.self) == serializer.serialize(Self.rules()))
            #expect(serializer.serializedBytes(releasing: []) == Array("[]\n".utf8))
        }
    }

    @Test func escapingNonASCIIEqualsEscapingTheWholeText() {
        let rules = Self.rules()
        let plain = RuleListSerializer().serialize(rules)
        let escaped = RuleListSerializer(escapesNonASCII: true).serialize(rules)
        #expect(escaped == JSONEscaper.escapingNonASCII(plain))
        #expect(escaped.utf8.allSatisfy { $0 < 0x80 })
        #expect(RuleListSerializer(escapesNonASCII: true).serializedBytes(rules) == Array(escaped.utf8))
        for rule in rules {
            #expect(
                RuleListSerializer(escapesNonASCII: true).serialize(rule)
                    == JSONEscaper.escapingNonASCII(RuleListSerializer().serialize(rule)))
        }
    }

    @Test func writesWhatTheJSONReaderReadsBack() throws {
        let bytes = RuleListSerializer().serializedBytes(Self.rules())
        let document = try JSONReader().parse(bytes)
        let elements = document.elements(of: document.root)
        #expect(elements.count == Self.rules().count)
        for (element, rule) in zip(elements, Self.rules()) {
            let trigger = try #require(document.member("trigger", in: element))
            let condition = try #require(document.member(rule.trigger.condition?.kind.rawValue ?? "", in: trigger))
            #expect(document.elements(of: condition).map { document.string($0) } == rule.trigger.condition?.values)
        }
    }

    @Test(arguments: TriggerCondition.Kind.allCases) func writesEachConditionUnderItsName(_ kind: TriggerCondition.Kind) {
        #expect(RuleListSerializer.key(of: kind).description == kind.rawValue)
        let rule = Rule(
            trigger: Trigger(urlFilter: "x", condition: TriggerCondition(kind: kind, values: ["a"])), action: Action(kind: .block))
        #expect(RuleListSerializer().serialize(rule).contains("\"\(kind.rawValue)\":[\"a\"]"))
    }
}
