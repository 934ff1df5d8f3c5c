import Testing

@testable import BlockListCompiler

private func matcher(_ json: String) throws -> RuleListMatcher {
    try RuleListMatcher(source: Array(json.utf8))
}

private func evaluate(
    _ list: RuleListMatcher, _ url: String, _ type: RequestResourceType = .script, top: String? = "http://news.example.com/",
    frame: String? = nil, context: LoadContext? = nil, method: RequestMethod? = nil
) throws -> ListMatchResult {
    try list.evaluate(MatchRequest(url: url, resourceType: type, topURL: top, frameURL: frame, loadContext: context, method: method))
}

@Suite struct RuleListMatcherTests {
    static let list = #"""
        [
        {"trigger":{"url-filter":"tracker\\.example"},"action":{"type":"block"}},
        {"trigger":{"url-filter":"a\\.example\\.com/x\\.js","load-type":["third-party"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/ifdom","if-domain":["*news.org"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/unlessdom","unless-domain":["trusted.com"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"ads\\.example"},"action":{"type":"block"}},
        {"trigger":{"url-filter":"ads\\.example/allowed/"},"action":{"type":"ignore-previous-rules"}},
        {"trigger":{"url-filter":"/childonly","load-context":["child-frame"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/https-me"},"action":{"type":"make-https"}},
        {"trigger":{"url-filter":"/img","resource-type":["image"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/raw","resource-type":["raw"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/post","request-method":"post"},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/cookie"},"action":{"type":"block-cookies"}},
        {"trigger":{"url-filter":"/top","if-top-url":["^https://secure\\."]},"action":{"type":"block"}},
        {"trigger":{"url-filter":"/frame","if-frame-url":["frame\\.example"]},"action":{"type":"block"}},
        {"trigger":{"url-filter":".*","if-domain":["shop.example"]},"action":{"type":"css-display-none","selector":".promo"}},
        {"trigger":{"url-filter":"/Case","url-filter-is-case-sensitive":true},"action":{"type":"block"}}
        ]
        """#

    @Test func blocksByURLFilterAndLoadType() throws {
        let list = try matcher(Self.list)
        #expect(try evaluate(list, "http://tracker.example/a.js").decision.blocked)
        #expect(try !evaluate(list, "http://cdn.example/a.js").decision.blocked)
        #expect(try !evaluate(list, "http://a.example.com/x.js", top: "http://www.example.com/").decision.blocked)
        #expect(try evaluate(list, "http://a.example.com/x.js", top: "http://news.other.org/").decision.blocked)
    }

    @Test func domainConditionsTestTheTopDocument() throws {
        let list = try matcher(Self.list)
        #expect(try evaluate(list, "http://t.example/ifdom.js", top: "http://www.news.org/").decision.blocked)
        #expect(try !evaluate(list, "http://t.example/ifdom.js", top: "http://fakenews.org/").decision.blocked)
        #expect(try !evaluate(list, "http://t.example/unlessdom.js", top: "http://trusted.com/").decision.blocked)
        #expect(try evaluate(list, "http://t.example/unlessdom.js", top: "http://www.trusted.com/").decision.blocked)
        #expect(try evaluate(list, "http://t.example/top", top: "https://secure.example/").decision.blocked)
        #expect(try !evaluate(list, "http://t.example/top", top: "http://secure.example/").decision.blocked)
        #expect(try evaluate(list, "http://t.example/frame", frame: "http://frame.example/f").decision.blocked)
        #expect(try !evaluate(list, "http://t.example/frame").decision.blocked)
        #expect(try evaluate(list, "http://shop.example/", .topDocument, top: nil).decision.hiddenSelectors == [".promo"])
    }

    @Test func ignorePreviousRulesCancelsEarlierMatchesAndSaysWhich() throws {
        let result = try evaluate(try matcher(Self.list), "http://ads.example/allowed/x.js")
        #expect(!result.decision.blocked)
        #expect(result.fired.map(\.index) == [5])
        #expect(result.cancelled == [FiredRule(index: 4, action: .block, cancelledBy: 5)])
    }

    @Test func flagsRestrictTheRule() throws {
        let list = try matcher(Self.list)
        #expect(try !evaluate(list, "http://t.example/childonly.js").decision.blocked)
        #expect(try evaluate(list, "http://t.example/childonly.js", frame: "http://frame.example/f.html").decision.blocked)
        #expect(try evaluate(list, "http://t.example/img.png", .image).decision.blocked)
        #expect(try !evaluate(list, "http://t.example/img.png", .script).decision.blocked)
        #expect(try evaluate(list, "http://t.example/raw", .ping).decision.blocked)
        #expect(try evaluate(list, "http://t.example/raw", .cspReport).decision.blocked)
        #expect(try !evaluate(list, "http://t.example/raw", .image).decision.blocked)
        #expect(try evaluate(list, "http://t.example/post", .fetch, method: .post).decision.blocked)
        #expect(try !evaluate(list, "http://t.example/post", .fetch).decision.blocked)
        #expect(try evaluate(list, "http://t.example/Case").decision.blocked)
        #expect(try !evaluate(list, "http://t.example/case").decision.blocked)
    }

    /// Issue 40: `raw` does not cover a CSP report's first evaluation (as `csp-report`), only its second (as
    /// `other`), so an exception limited to `raw` does not save a report that an untyped or `csp-report` block
    /// matches; an exception limited to `other` saves both evaluations. Pings are covered by `raw` in both.
    @Test func rawExceptionsDoNotCoverTheCSPReportEvaluation() throws {
        for blockTypes in [nil, #"["csp-report"]"#, #"["other"]"#, #"["raw","csp-report"]"#] as [String?] {
            let typed = blockTypes.map { #","resource-type":"# + $0 } ?? ""
            let list = try matcher(
                #"[{"trigger":{"url-filter":"/r/""# + typed + #"},"action":{"type":"block"}},"#
                    + #"{"trigger":{"url-filter":"/r/","resource-type":["raw"]},"action":{"type":"ignore-previous-rules"}},"#
                    + #"{"trigger":{"url-filter":"/o/""# + typed + #"},"action":{"type":"block"}},"#
                    + #"{"trigger":{"url-filter":"/o/","resource-type":["other"]},"action":{"type":"ignore-previous-rules"}}]"#)
            let report = try evaluate(list, "http://t.example/r/x", .cspReport)
            #expect(report.decision.blocked, "\(blockTypes ?? "untyped")")
            #expect(
                report.fired.contains { $0.index == 0 && $0.action == .block && !$0.inSecondEvaluation },
                "\(blockTypes ?? "untyped"): \(report.fired)")
            #expect(try !evaluate(list, "http://t.example/o/x", .cspReport).decision.blocked, "\(blockTypes ?? "untyped")")
            #expect(try !evaluate(list, "http://t.example/r/x", .ping).decision.blocked, "\(blockTypes ?? "untyped")")
        }
    }

    @Test func otherActionsShowInTheDecision() throws {
        let list = try matcher(Self.list)
        #expect(try evaluate(list, "http://t.example/https-me.js").decision.upgradedToHTTPS)
        #expect(try !evaluate(list, "http://t.example:8080/https-me.js").decision.upgradedToHTTPS)
        #expect(try evaluate(list, "http://t.example/cookie").decision.cookiesBlocked)
    }

    @Test func ignoreFollowingRulesStopsEvaluation() throws {
        let list = try matcher(
            #"[{"trigger":{"url-filter":"x"},"action":{"type":"ignore-following-rules"}},{"trigger":{"url-filter":"x"},"action":{"type":"block"}}]"#
        )
        let result = try evaluate(list, "http://h/x")
        #expect(!result.decision.blocked)
        #expect(result.cancelled == [FiredRule(index: 1, action: .block, cancelledBy: 0)])
    }

    @Test func listsAreIndependent() throws {
        let blocker = try matcher(#"[{"trigger":{"url-filter":"ads"},"action":{"type":"block"}}]"#)
        let allower = try matcher(#"[{"trigger":{"url-filter":"ads"},"action":{"type":"ignore-previous-rules"}}]"#)
        let request = try PreparedRequest(MatchRequest(url: "http://ads.example/", resourceType: .image, topURL: "http://a.example/"))
        #expect(RuleListSet(lists: [blocker, allower]).evaluate(request).decision.blocked)
    }

    @Test func invalidListsAreRefusedWithAPlace() {
        #expect(throws: RuleListMatcher.Problem.self) { try matcher(#"[{"trigger":{"url-filter":"a|b"},"action":{"type":"block"}}]"#) }
    }
}
