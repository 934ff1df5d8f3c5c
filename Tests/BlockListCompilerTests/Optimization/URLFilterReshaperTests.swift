import Foundation
import Testing

@testable import BlockListCompiler

private func rules(_ json: String) -> [Rule] {
    RuleListChecker().check(Array(json.utf8)).rules
}

@Suite struct URLFilterReshaperTests {
    /// url-filter (case-insensitive) and its reshaped form.
    @Test(arguments: [
        // The first atom of an unanchored filter is repeated: one automaton per first unit in WebKit.
        (#"tracker\.com"#, #"t+racker\.com"#),
        (#"\.dapper\.net"#, #"\.+dapper\.net"#),
        (#"[0-9]x\.js"#, #"[0-9]+x\.js"#),
        (#"abc$"#, #"a+bc$"#),
        (#"abc\?"#, #"a+bc\?"#),
        (#"ads.*banner"#, #"a+ds.*banner"#),
        // Trailing terms that can match nothing go; a trailing `+` keeps one occurrence.
        (#"^[htpsw]+:\/\/([a-z0-9-]+\.)?ads\.com[/:&?]?"#, #"^[htpsw]+:\/\/([a-z0-9-]+\.)?ads\.com"#),
        (#"^https?://a\.com(/.*)?"#, #"^https?://a\.com"#),
        (#"^https?://a\.com/x+"#, #"^https?://a\.com/x"#),
        (#"^https?://a\.com/x?y?"#, #"^https?://a\.com/"#),
        (#"ads\.js[/:&?]?"#, #"a+ds\.js"#),
        (#"ab?"#, #"a"#),
    ])
    func reshapes(pattern: String, expected: String) {
        #expect(URLFilterReshaper.reshape(pattern, isCaseSensitive: false) == expected)
    }

    /// Filters that must stay as they are.
    @Test(arguments: [
        #"^https://a\.com/"#,  // anchored, nothing optional at the end
        #"a"#,  // a single term: nothing to cut
        #"(ab)c"#,  // the first atom is a group
        #".x"#,  // the first atom is any unit: no split to gain
        #"a?bc"#,  // the first atom is already quantified
        #"a*"#,  // matches every URL
        #".*"#,
        #"a{2}b"#,  // refused by WebKit: left for the checker to report
        #"ab+?c"#,  // lazy quantifier: not understood, left alone
        #"a\"#,  // a trailing backslash
        #"[ab"#,  // an unclosed set
        #"^a(b"#,  // an unclosed group
    ])
    func leavesAlone(pattern: String) {
        #expect(URLFilterReshaper.reshape(pattern, isCaseSensitive: false) == pattern)
    }

    @Test func keepsCaseSensitivityAndFlags() {
        let list = rules(
            #"[{"trigger":{"url-filter":"Tracker\\.com[/:&?]?","url-filter-is-case-sensitive":true,"load-type":["third-party"]},"action":{"type":"block"}}]"#
        )
        let reshaped = URLFilterReshaper.reshape(list)
        #expect(reshaped.first?.trigger.urlFilter == #"T+racker\.com"#)
        #expect(reshaped.first?.trigger.urlFilterIsCaseSensitive == true)
        #expect(reshaped.first?.trigger.loadTypes == [.thirdParty])
    }

    /// The look at the first and last byte only skips filters no rewrite changes: on every filter of these tests
    /// and on anchored forms ending in each byte, cutting the terms and trying the rewrites gives the filter back
    /// whenever `mayReshape` says no.
    @Test func theQuickLookSkipsOnlyFiltersNoRewriteChanges() {
        var filters = [
            #"tracker\.com"#, #"^[htpsw]+:\/\/([a-z0-9-]+\.)?ads\.com[/:&?]?"#, #"^https?://a\.com(/.*)?"#, #"^https?://a\.com/x+"#,
            #"^https://a\.com/"#, "a", "(ab)c", ".x", "a?bc", "a*", ".*", "a{2}b", "ab+?c", #"a"#, "[ab", "^a(b", "^", "",
            #"^[^:]*://([^/:@]*\.)?example\.com[/:?#]"#, #"^[^:]*://([^/:@]*\.)?a\.com/b$"#, #"^a\?"#, #"^a\*"#, #"^a\+"#,
            "^a(b)?", "^a(b)*", "^a(b)+", "^a[b?]", "^a{2}", "^a{2,}?",
        ]
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let character = String(UnicodeScalar(byte))
            filters += ["^ab" + character, "^a" + character, #"^a"# + character, "^(a)" + character, "^[a]" + character]
        }
        var skipped = 0
        for filter in filters where !URLFilterReshaper.mayReshape(filter) {
            skipped += 1
            for isCaseSensitive in [false, true] {
                #expect(URLFilterReshaper.rewritten(filter, isCaseSensitive: isCaseSensitive) == filter, "\(filter)")
            }
        }
        #expect(skipped > 300)
    }

    @Test func topLevelTermsRoundTrip() throws {
        for pattern in [#"^[htpsw]+:\/\/([a-z0-9-]+\.)?x\.com[/:&?]?"#, #"a(b(c)?)+\.d[\]x]"#, #"\/ads\/.*\?id="#] {
            let terms = try #require(TopLevelTerms(Array(pattern.utf8)))
            #expect(String(decoding: terms.rendered(), as: UTF8.self) == pattern)
        }
        #expect(TopLevelTerms(Array(#"a(b(c)?)+\.d"#.utf8))?.terms.count == 4)
    }

    /// Random lists of network rules: the optimizer with `forWebKit` (which reshapes) decides like the original.
    @Test func forWebKitKeepsEveryDecisionOnRandomNetworkLists() throws {
        let hosts = ["ads", "track", "cdn.ads", "a", "tracker", "adserver", "d", "dd"]
        let shapes: [(String) -> String] = [
            { #"^[htpsw]+:\\/\\/([a-z0-9-]+\\.)?\#($0)\\.com[/:&?]?"# },
            { #"^https?://([^/]+\\.)?\#($0)\\.com"# },
            { #"\#($0)\\.com"# },
            { #"\\.\#($0)\\.com/"# },
            { #"/\#($0)/.*\\.js"# },
            { #"\#($0)[0-9]+\\.gif"# },
            { #"\#($0)\\.com(/.*)?$"# },
        ]
        var failures: [String] = []
        var checked = 0
        for seed in 0..<120 {
            var random = SeededGenerator(state: UInt64(seed) &* 0x9E37_79B9 &+ 11)
            var body: [String] = []
            for _ in 0..<(2 + Int(random.next() % 12)) {
                let host = hosts[Int(random.next() % UInt64(hosts.count))]
                let filter = shapes[Int(random.next() % UInt64(shapes.count))](host)
                switch random.next() % 6 {
                case 0: body.append(#"{"trigger":{"url-filter":"\#(filter)"},"action":{"type":"ignore-previous-rules"}}"#)
                case 1: body.append(#"{"trigger":{"url-filter":"\#(filter)","load-type":["third-party"]},"action":{"type":"block"}}"#)
                case 2: body.append(#"{"trigger":{"url-filter":"\#(filter)","if-domain":["*\#(host).com"]},"action":{"type":"block"}}"#)
                default: body.append(#"{"trigger":{"url-filter":"\#(filter)"},"action":{"type":"block"}}"#)
                }
            }
            let json = "[" + body.joined(separator: ",") + "]"
            let original = rules(json)
            guard !original.isEmpty else { continue }
            checked += 1
            let optimized = RuleListOptimizer(forWebKit: true).optimize(original).rules
            let result = try CorpusEquivalence.differences(
                original: [original], rewritten: [optimized], seedRules: original, count: 150, limit: 1)
            if let first = result.differing.first, failures.count < 3 { failures.append("seed \(seed): \(first)\n\(json)") }
        }
        #expect(checked >= 110)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }
}
