import Testing

@testable import BlockListCompiler

/// A flag array spelled like the one before it is not read again: the values are the same, and an array with a
/// problem is reported every time it occurs.
struct FlagArrayMemoTests {
    static func rule(_ types: String, loadType: String = #"["third-party"]"#) -> String {
        #"{"trigger":{"url-filter":"x","resource-type":\#(types),"load-type":\#(loadType)},"action":{"type":"block"}}"#
    }

    @Test func repeatedArraysGiveTheSameValuesAndTheSameDiagnostics() {
        let rules = [
            Self.rule(#"["image","script"]"#), Self.rule(#"["image","script"]"#), Self.rule(#"["image","bogus"]"#),
            Self.rule(#"["image","bogus"]"#), Self.rule(#"["image","script"]"#), Self.rule(#"["fetch"]"#), Self.rule(#"["fetch"]"#),
            Self.rule(#"["image", "script"]"#, loadType: #"["first-party"]"#), Self.rule(#"["image","script"]"#),
        ]
        let list = Array(("[" + rules.joined(separator: ",") + "]").utf8)
        let newest = RuleListLoader(target: .newest).load(list)
        #expect(
            newest.rules.map(\.trigger.resourceTypes) == [
                [.image, .script], [.image, .script], [.image, .script], [.fetch], [.fetch], [.image, .script], [.image, .script],
            ])
        #expect(newest.rules.map(\.trigger.loadTypes) == Array(repeating: [.thirdParty], count: 5) + [[.firstParty], [.thirdParty]])
        // Both arrays with an unknown value are reported, each at its own place.
        let bogus = newest.errors.filter { $0.message.contains("\"bogus\"") }
        #expect(bogus.map(\.pointer) == ["/2/trigger/resource-type/1", "/3/trigger/resource-type/1"])
        // Too new for the target: each occurrence is reported, not only the first.
        let old = RuleListLoader(target: .safari14).load(list)
        #expect(
            old.errors.filter { $0.message.contains("value \"fetch\" needs") }.map(\.pointer) == [
                "/5/trigger/resource-type/0", "/6/trigger/resource-type/0",
            ])
    }
}
