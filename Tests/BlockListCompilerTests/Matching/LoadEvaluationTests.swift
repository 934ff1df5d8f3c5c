import Testing

@testable import BlockListCompiler

private func matcher(_ json: String) throws -> RuleListMatcher {
    try RuleListMatcher(source: Array(json.utf8))
}

private func blocked(
    _ list: RuleListMatcher, _ url: String, _ type: RequestResourceType, top: String? = "http://news.example/",
    frame: String? = nil
) throws -> Bool {
    try list.evaluate(MatchRequest(url: url, resourceType: type, topURL: top, frameURL: frame)).decision.blocked
}

/// How WebKit evaluates a load (measured with webkit-match-oracle, WebKitGTK 2.50): which URL, which type, which
/// frame and top URL.
@Suite struct LoadEvaluationTests {
    static let fragmentList = #"""
        [{"trigger":{"url-filter":"\\.x$"},"action":{"type":"block"}},
         {"trigger":{"url-filter":"frag"},"action":{"type":"block"}}]
        """#

    /// Every type but popup and media is matched without the fragment; popup with it; media both ways.
    @Test(arguments: RequestResourceType.allCases)
    func fragmentsAreStrippedExceptForPopupsAndMedia(_ type: RequestResourceType) throws {
        let list = try matcher(Self.fragmentList)
        let endAnchored = try blocked(list, "http://cdn.example/a.x#y", type)
        let inFragment = try blocked(list, "http://cdn.example/a.js#frag", type)
        switch type {
        case .popup:
            #expect(!endAnchored)
            #expect(inFragment)
        case .media:
            #expect(endAnchored)
            #expect(inFragment)
        case .ping, .cspReport:
            // Own type with the URL as given (fragment kept), then as other without it: either blocks.
            #expect(endAnchored)
            #expect(inFragment)
        default:
            #expect(endAnchored)
            #expect(!inFragment)
        }
    }

    @Test func pingsAndReportsAreEvaluatedAgainAsOther() throws {
        let list = try matcher(
            #"""
            [{"trigger":{"url-filter":"/report"},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/report","resource-type":["csp-report","ping"]},"action":{"type":"ignore-previous-rules"}},
             {"trigger":{"url-filter":"/only-ping","resource-type":["ping"]},"action":{"type":"block"}}]
            """#)
        // The typed exception saves the first evaluation, not the second (as other).
        #expect(try blocked(list, "http://collect.example/report", .cspReport))
        #expect(try blocked(list, "http://collect.example/report", .ping))
        #expect(try blocked(list, "http://collect.example/report", .image))
        #expect(try blocked(list, "http://collect.example/only-ping", .ping))
        #expect(try !blocked(list, "http://collect.example/only-ping", .other))
        let result = try list.evaluate(
            MatchRequest(url: "http://collect.example/report", resourceType: .ping, topURL: "http://news.example/"))
        // The exception fires in the first evaluation; the block fires again in the second one.
        #expect(result.fired.map(\.index) == [1, 0])
        #expect(result.fired.map(\.inSecondEvaluation) == [false, true])
        #expect(result.cancelled.isEmpty)
    }

    @Test func childDocumentsAreEvaluatedInTheNewFrame() throws {
        let list = try matcher(
            #"""
            [{"trigger":{"url-filter":"/blank","if-frame-url":["^about:blank$"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/page","if-frame-url":["news\\.example"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/top","load-context":["top-frame"]},"action":{"type":"block"}}]
            """#)
        #expect(try blocked(list, "http://widget.example/blank", .childDocument))
        #expect(try !blocked(list, "http://widget.example/page", .childDocument))
        #expect(try !blocked(list, "http://widget.example/top", .childDocument))
        #expect(try blocked(list, "http://widget.example/page", .script))
        // An existing iframe being navigated: its current document is the frame URL.
        #expect(try blocked(list, "http://widget.example/page", .childDocument, frame: "http://news.example/embed"))
    }

    @Test func navigationsUseTheNewURLAsTopAndTheCurrentDocumentAsFrame() throws {
        let list = try matcher(
            #"""
            [{"trigger":{"url-filter":"/nav","if-top-url":["/nav"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/third","load-type":["third-party"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/blank","if-frame-url":["^about:blank$"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/child","load-context":["child-frame"]},"action":{"type":"block"}}]
            """#)
        #expect(try blocked(list, "http://site.example/nav", .topDocument, top: "http://elsewhere.example/"))
        #expect(try !blocked(list, "http://site.example/third", .topDocument, top: "http://elsewhere.example/"))
        #expect(try blocked(list, "http://site.example/blank", .topDocument))
        #expect(try !blocked(list, "http://site.example/blank", .topDocument, frame: "http://site.example/before"))
        #expect(try !blocked(list, "http://site.example/child", .topDocument))
        let prepared = try PreparedRequest(MatchRequest(url: "http://site.example/a#f", resourceType: .topDocument))
        #expect(prepared.topURL.string == "http://site.example/a")
        #expect(prepared.frameURL.string == "about:blank")
        #expect(prepared.loadContext == .topFrame)
    }

    /// WebKit searches the domain's regex anywhere in the top URL, not only in its host.
    @Test(arguments: [
        ("http://news.example/", true, true), ("http://www.news.example/", false, true), ("http://news.example:8080/", true, true),
        ("http://other.example/?u=http://news.example/", true, true), ("http://other.example/news.example/", false, false),
        ("http://news.example:pw@other.example/", true, true), ("http://other.example/?a=x+y://a.news.example:", false, true),
        ("http://other.example/?a=://news.example/", false, false), ("http://xnews.example/", false, false),
    ])
    func domainsAreSearchedInTheWholeTopURL(top: String, exact: Bool, subdomains: Bool) throws {
        let list = try matcher(
            #"""
            [{"trigger":{"url-filter":"/exact","if-domain":["news.example"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/any","if-domain":["*news.example"]},"action":{"type":"block"}},
             {"trigger":{"url-filter":"/not","unless-domain":["*news.example"]},"action":{"type":"block"}}]
            """#)
        #expect(try blocked(list, "http://cdn.example/exact", .image, top: top) == exact)
        #expect(try blocked(list, "http://cdn.example/any", .image, top: top) == subdomains)
        #expect(try blocked(list, "http://cdn.example/not", .image, top: top) == !subdomains)
    }

    @Test(arguments: ["^$", "a?", "(ab)*", ".*", "x*"])
    func patternsThatCanMatchTheEmptyStringMatchEveryURL(_ pattern: String) throws {
        let list = try matcher(#"[{"trigger":{"url-filter":"\#(pattern)","resource-type":["image"]},"action":{"type":"block"}}]"#)
        #expect(try blocked(list, "http://cdn.example/zzz.png", .image))
        #expect(try !blocked(list, "http://cdn.example/zzz.js", .script))
        let conditioned = try matcher(#"[{"trigger":{"url-filter":"/a","if-top-url":["\#(pattern)"]},"action":{"type":"block"}}]"#)
        #expect(try blocked(conditioned, "http://cdn.example/a", .image, top: "http://zzz.example/"))
    }
}
