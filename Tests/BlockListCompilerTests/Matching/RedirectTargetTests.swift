import Testing

@testable import BlockListCompiler

/// The redirect target of `url` under a one-rule list whose action is `{"type":"redirect","redirect":REDIRECT}`.
private func target(filter: String = ".*", redirect: String, url: String, caseSensitive: Bool = false) throws -> RedirectTarget? {
    let json =
        #"[{"trigger":{"url-filter":"\#(filter)","url-filter-is-case-sensitive":\#(caseSensitive)},"action":{"type":"redirect","redirect":\#(redirect)}}]"#
    let list = try RuleListMatcher(source: Array(json.utf8))
    return try list.evaluate(MatchRequest(url: url, resourceType: .script, topURL: "https://site.example/")).decision.redirectTarget
}

@Suite struct RedirectTargetTests {
    /// (transform JSON, request URL, expected target): one part at a time, removal by empty string.
    static let transforms: [(String, String, String)] = [
        (##"{"scheme":"https"}"##, "http://a.example/p?q=1#f", "https://a.example/p?q=1#f"),
        (##"{"scheme":"HTTPS"}"##, "http://a.example/", "https://a.example/"),
        (##"{"scheme":"wss"}"##, "ws://a.example:80/s", "wss://a.example/s"),
        (##"{"host":"b.example"}"##, "http://a.example:8080/p", "http://b.example:8080/p"),
        (##"{"host":"B.Example"}"##, "http://a.example/", "http://b.example/"),
        (##"{"port":"8443"}"##, "https://a.example/p", "https://a.example:8443/p"),
        (##"{"port":""}"##, "https://a.example:8443/p", "https://a.example/p"),
        (##"{"port":"443"}"##, "https://a.example:8443/p", "https://a.example/p"),
        (##"{"port":"443","scheme":"http"}"##, "https://a.example/p", "http://a.example/p"),
        (##"{"port":"80","scheme":"https"}"##, "http://a.example/p", "https://a.example/p"),
        (##"{"path":"/new/path"}"##, "http://a.example/old?q=1#f", "http://a.example/new/path?q=1#f"),
        (##"{"path":"no-slash"}"##, "http://a.example/old", "http://a.example/no-slash"),
        (##"{"path":"/a?b#c"}"##, "http://a.example/old", "http://a.example/a%3Fb%23c"),
        (##"{"path":""}"##, "http://a.example/old?x", "http://a.example/?x"),
        (##"{"query":"?a=1"}"##, "http://a.example/p?old#f", "http://a.example/p?a=1#f"),
        (##"{"query":"?"}"##, "http://a.example/p?old", "http://a.example/p?"),
        (##"{"query":""}"##, "http://a.example/p?old#f", "http://a.example/p#f"),
        (##"{"fragment":"#top"}"##, "http://a.example/p#old", "http://a.example/p#top"),
        (##"{"fragment":"#"}"##, "http://a.example/p#old", "http://a.example/p#"),
        (##"{"fragment":""}"##, "http://a.example/p?q#old", "http://a.example/p?q"),
        (##"{"username":"user"}"##, "http://a.example/", "http://user@a.example/"),
        (##"{"username":"u s:@"}"##, "http://a.example/", "http://u%20s%3A%40@a.example/"),
        (##"{"username":""}"##, "http://old:pw@a.example/", "http://:pw@a.example/"),
        (##"{"password":"secret"}"##, "http://user@a.example/", "http://user:secret@a.example/"),
        (##"{"password":""}"##, "http://user:pw@a.example/", "http://user@a.example/"),
        (##"{"username":"","password":""}"##, "http://user:pw@a.example/", "http://a.example/"),
        (
            ##"{"scheme":"https","host":"b.example","port":"444","path":"/x","query":"?y=1","fragment":"#z","username":"u","password":"p"}"##,
            "http://a.example/p?q#f", "https://u:p@b.example:444/x?y=1#z"
        ),
    ]

    @Test(arguments: transforms)
    func transformSetsEachPart(_ transform: String, _ url: String, _ expected: String) throws {
        let result = try #require(try target(redirect: ##"{"transform":\##(transform)}"##, url: url))
        #expect(result.url == expected, "\(result.notes)")
    }

    /// (query-transform JSON, request URL, expected target).
    static let queryTransforms: [(String, String, String)] = [
        (
            ##"{"remove-parameters":["utm_source","utm_medium"]}"##, "https://a.example/p?utm_source=x&id=3&utm_medium=y#f",
            "https://a.example/p?id=3#f"
        ),
        (##"{"remove-parameters":["a"]}"##, "https://a.example/p?a=1", "https://a.example/p?"),
        (##"{"remove-parameters":["a b"]}"##, "https://a.example/p?a+b=1&a%20b=2&c=3", "https://a.example/p?c=3"),
        (##"{"remove-parameters":["missing"]}"##, "https://a.example/p?b=1&&c=2", "https://a.example/p?b=1&&c=2"),
        (
            ##"{"add-or-replace-parameters":[{"key":"a","value":"9","replace-only":true}]}"##, "https://a.example/p?a=1&b=2&a=3",
            "https://a.example/p?a=9&b=2&a=9"
        ),
        (
            ##"{"add-or-replace-parameters":[{"key":"a","value":"9","replace-only":true}]}"##, "https://a.example/p?b=2",
            "https://a.example/p?b=2"
        ),
        (##"{"add-or-replace-parameters":[{"key":"a","value":"9"}]}"##, "https://a.example/p?a=1", "https://a.example/p?a=1&a=9"),
        (
            ##"{"add-or-replace-parameters":[{"key":"n","value":"1"},{"key":"m","value":"2"}]}"##, "https://a.example/p?",
            "https://a.example/p?n=1&m=2"
        ),
        (##"{"add-or-replace-parameters":[{"key":"n","value":"1"}]}"##, "https://a.example/p", "https://a.example/p"),
        (
            ##"{"remove-parameters":["a"],"add-or-replace-parameters":[{"key":"a","value":"9","replace-only":true},{"key":"z","value":"0"}]}"##,
            "https://a.example/p?a=1&b=2&&c=3", "https://a.example/p?b=2&c=3&z=0"
        ),
    ]

    @Test(arguments: queryTransforms)
    func queryTransformRemovesAndAdds(_ queryTransform: String, _ url: String, _ expected: String) throws {
        let result = try #require(try target(redirect: ##"{"transform":{"query-transform":\##(queryTransform)}}"##, url: url))
        #expect(result.url == expected, "\(result.notes)")
    }

    /// (url-filter, substitution, request URL, expected target; nil when WebKit keeps the URL).
    static let substitutions: [(String, String, String, String)] = [
        (
            ##"^https?://([^/]+)/(.*)"##, ##"https://proxy.example/\\1?path=\\2"##, "http://a.example/x/y",
            "https://proxy.example/a.example?path=x/y"
        ),
        (
            ##"example\\.com/(a+)/(b)?"##, ##"https://x.example/\\1/\\2/\\0"##, "http://example.com/aa/b",
            "https://x.example/aa/b/example.com/aa/b"
        ),
        (##"example\\.com/(a+)/(b)?"##, ##"https://x.example/\\2"##, "http://example.com/a/c", "https://x.example/undefined"),
        (
            ##"(?:www\\.)?(track)er\\.example/(x)"##, ##"https://\\1.example/\\2\\3"##, "http://www.tracker.example/x",
            "https://track.example/x/3"
        ),
        (##"a(b*)(b)"##, ##"https://r.example/\\1-\\2"##, "http://x.example/abbb", "https://r.example/bb-b"),
        (##"/(x(y)?)+z"##, ##"https://r.example/\\1\\2"##, "http://x.example/xyxz", "https://r.example/xundefined"),
        (##"/(p)/$"##, ##"https://r.example/\\1"##, "http://x.example/p/", "https://r.example/p"),
    ]

    @Test(arguments: substitutions)
    func regexSubstitutionUsesGroups(_ filter: String, _ substitution: String, _ url: String, _ expected: String) throws {
        let result = try #require(try target(filter: filter, redirect: ##"{"regex-substitution":"\##(substitution)"}"##, url: url))
        #expect(result.url == expected, "\(result.notes)")
    }

    @Test func regexSubstitutionIsCaseSensitiveAndKeepsTheURLWithoutAMatch() throws {
        let result = try #require(
            try target(filter: "EXAMPLE", redirect: ##"{"regex-substitution":"https://r.example/"}"##, url: "http://example.com/"))
        #expect(result.url == "http://example.com/")
        #expect(result.notes.contains { $0.contains("does not match") })
        let invalid = try #require(
            try target(filter: "(example)", redirect: ##"{"regex-substitution":"\\1"}"##, url: "http://example.com/"))
        #expect(invalid.url == "http://example.com/")
    }

    @Test func urlFormReplacesTheURL() throws {
        let result = try #require(try target(redirect: ##"{"url":"https://Other.Example:443/a/../b"}"##, url: "http://a.example/x?y"))
        #expect(result.url == "https://other.example/b")
    }

    @Test func extensionPathIsReportedNotComputed() throws {
        let result = try #require(try target(redirect: ##"{"extension-path":"/replacement.js"}"##, url: "http://a.example/x"))
        #expect(result.url == nil)
        #expect(result.notes.contains { $0.contains("extension base URL") })
    }

    @Test func redirectsComposeLastRuleFirst() throws {
        let json = ##"""
            [{"trigger":{"url-filter":"a\\.example"},"action":{"type":"redirect","redirect":{"transform":{"host":"first.example"}}}},
             {"trigger":{"url-filter":"a\\.example"},"action":{"type":"redirect","redirect":{"transform":{"path":"/second","host":"second.example"}}}},
             {"trigger":{"url-filter":"a\\.example"},"action":{"type":"make-https"}}]
            """##
        let list = try RuleListMatcher(source: Array(json.utf8))
        let decision = try list.evaluate(MatchRequest(url: "http://a.example/x", resourceType: .script, topURL: "https://site.example/"))
            .decision
        let result = try #require(decision.redirectTarget)
        #expect(result.url == "https://first.example/second")
        #expect(result.appliedRules.map(\.ruleIndex) == [1, 0])
    }

    @Test func ignorePreviousRulesCancelsRedirects() throws {
        let json = ##"""
            [{"trigger":{"url-filter":"a\\.example"},"action":{"type":"redirect","redirect":{"url":"https://b.example/"}}},
             {"trigger":{"url-filter":"a\\.example/ok"},"action":{"type":"ignore-previous-rules"}}]
            """##
        let list = try RuleListMatcher(source: Array(json.utf8))
        let request = MatchRequest(url: "http://a.example/ok", resourceType: .script, topURL: "https://site.example/")
        #expect(try list.evaluate(request).decision.redirectTarget == nil)
    }

    @Test func catastrophicPatternsStopAtTheBudget() throws {
        // The rule matches case-insensitively; the case-sensitive JavaScript regex backtracks exponentially.
        let url = "http://a.example/" + String(repeating: "a", count: 3000) + "B"
        let result = try #require(try target(filter: "(a*)*b", redirect: ##"{"regex-substitution":"https://r.example/\\1"}"##, url: url))
        #expect(result.url == nil)
        #expect(result.notes.contains { $0.contains("steps") })
    }

    @Test func longGroupRepetitionsAreNotComputed() throws {
        let url = "http://a.example/" + String(repeating: "ab", count: 2000)
        let result = try #require(try target(filter: "/(ab)*$", redirect: ##"{"regex-substitution":"https://r.example/\\1"}"##, url: url))
        #expect(result.url == nil)
        let short = try #require(
            try target(filter: "/(ab)*$", redirect: ##"{"regex-substitution":"https://r.example/\\1"}"##, url: "http://a.example/abab"))
        #expect(short.url == "https://r.example/ab")
    }
}
