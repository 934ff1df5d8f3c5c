import Testing

@testable import BlockListCompiler

@Suite struct FilterToRuleConverterTests {
    static let host = URLPatternTranslator.hostAnchorPrefix.replacingOccurrences(of: "\\", with: "\\\\")
    static let separator = URLPatternTranslator.separatorClass
    static let hostEnd = URLPatternTranslator.hostEndClass
    /// The one-part layout: each filter's rules as the filter syntax reads them, with the untyped `resource-type`
    /// list (`PageLoadLayoutTests` checks the two-part layout against it).
    static var onePart: FilterToRuleConverter {
        var converter = FilterToRuleConverter()
        converter.usesPageLoadBoundary = false
        return converter
    }
    /// The `resource-type` of a filter that names no type (Safari 15+): every load but the page the user opens and popups.
    static let untyped =
        #""resource-type":["child-document","image","style-sheet","script","font","raw","svg-document","media","csp-report"]"#

    /// One filter -> the rules it becomes (serialized).
    static let table: [(String, [String])] = [
        ("||a.com^", [#"{"trigger":{"url-filter":"\#(host)a\\.com\#(hostEnd)",\#(untyped)},"action":{"type":"block"}}"#]),
        (
            "||a.com^$third-party",
            [
                #"{"trigger":{"url-filter":"\#(host)a\\.com\#(hostEnd)",\#(untyped),"load-type":["third-party"]},"action":{"type":"block"}}"#
            ]
        ),
        (
            "||a.com^$~third-party",
            [
                #"{"trigger":{"url-filter":"\#(host)a\\.com\#(hostEnd)",\#(untyped),"load-type":["first-party"]},"action":{"type":"block"}}"#
            ]
        ),
        (
            "||a.com^$1p",
            [
                #"{"trigger":{"url-filter":"\#(host)a\\.com\#(hostEnd)",\#(untyped),"load-type":["first-party"]},"action":{"type":"block"}}"#
            ]
        ),
        ("-ad.$script,image", [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["image","script"]},"action":{"type":"block"}}"#]),
        (
            "-ad.$stylesheet,xmlhttprequest,subdocument",
            [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["child-document","style-sheet","fetch"]},"action":{"type":"block"}}"#]
        ),
        (
            "-ad.$font,media,websocket,ping,popup,other",
            [
                #"{"trigger":{"url-filter":"-ad\\.","resource-type":["font","websocket","other","media","popup","ping"]},"action":{"type":"block"}}"#
            ]
        ),
        ("-ad.$document", [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["top-document"]},"action":{"type":"block"}}"#]),
        (
            "-ad.$~script,~image,~object",
            [
                #"{"trigger":{"url-filter":"-ad\\.","resource-type":["child-document","style-sheet","font","websocket","fetch","other","media","ping"]},"action":{"type":"block"}}"#
            ]
        ),
        (
            "-ad.$domain=a.com|b.com",
            [#"{"trigger":{"url-filter":"-ad\\.",\#(untyped),"if-domain":["*a.com","*b.com"]},"action":{"type":"block"}}"#]
        ),
        ("-ad.$domain=~a.com", [#"{"trigger":{"url-filter":"-ad\\.",\#(untyped),"unless-domain":["*a.com"]},"action":{"type":"block"}}"#]),
        (
            "-ad.$domain=a.com|~b.org",
            [#"{"trigger":{"url-filter":"-ad\\.",\#(untyped),"if-domain":["*a.com"]},"action":{"type":"block"}}"#]
        ),
        (
            "/AdFrame.$match-case",
            [#"{"trigger":{"url-filter":"/AdFrame\\.","url-filter-is-case-sensitive":true,\#(untyped)},"action":{"type":"block"}}"#]
        ),
        (
            "@@||a.com/ok.js",
            [#"{"trigger":{"url-filter":"\#(host)a\\.com/ok\\.js",\#(untyped)},"action":{"type":"ignore-previous-rules"}}"#]
        ),
        ("-ad.$popup", [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["popup"]},"action":{"type":"block"}}"#]),
        ("-ad.$subdocument", [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["child-document"]},"action":{"type":"block"}}"#]),
        (
            "-ad.$document,popup",
            [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["top-document","popup"]},"action":{"type":"block"}}"#]
        ),
        ("@@-ad.$popup", [#"{"trigger":{"url-filter":"-ad\\.","resource-type":["popup"]},"action":{"type":"ignore-previous-rules"}}"#]),
        ("||a.com^$important", [#"{"trigger":{"url-filter":"\#(host)a\\.com\#(hostEnd)",\#(untyped)},"action":{"type":"block"}}"#]),
        (
            "@@||a.com/ok.js$script",
            [#"{"trigger":{"url-filter":"\#(host)a\\.com/ok\\.js","resource-type":["script"]},"action":{"type":"ignore-previous-rules"}}"#]
        ),
        (
            "@@||a.com^$document",
            [#"{"trigger":{"url-filter":".*","if-top-url":["\#(host)a\\.com\#(hostEnd)"]},"action":{"type":"ignore-previous-rules"}}"#]
        ),
        ("@@||a.com^$elemhide", [#"{"trigger":{"url-filter":"\#(host)a\\.com\#(hostEnd)"},"action":{"type":"ignore-previous-rules"}}"#]),
        (
            "/ad.js^",
            [
                #"{"trigger":{"url-filter":"/ad\\.js\#(separator)",\#(untyped)},"action":{"type":"block"}}"#,
                #"{"trigger":{"url-filter":"/ad\\.js$",\#(untyped)},"action":{"type":"block"}}"#,
            ]
        ),
        ("##.ad", [#"{"trigger":{"url-filter":".*"},"action":{"type":"css-display-none","selector":".ad"}}"#]),
        (
            "a.com,b.com##.ad",
            [#"{"trigger":{"url-filter":".*","if-domain":["*a.com","*b.com"]},"action":{"type":"css-display-none","selector":".ad"}}"#]
        ),
        (
            "~a.com##.ad",
            [#"{"trigger":{"url-filter":".*","unless-domain":["*a.com"]},"action":{"type":"css-display-none","selector":".ad"}}"#]
        ),
    ]

    @Test(arguments: table) func convertsOneFilter(_ filter: String, _ expected: [String]) {
        let output = Self.onePart.convert([FilterListFile(path: "t.txt", text: filter)])
        #expect(output.problems.isEmpty, "\(output.problems)")
        #expect(output.rules.map { RuleListSerializer().serialize($0) } == expected)
    }

    /// Every kind the converter itself reports (beyond the parser's).
    static let reported: [(String, FilterProblem.Kind)] = [
        ("||a.com^$domain=a.com|~b.a.com", .mixedDomains),
        ("a.com,~b.a.com##.ad", .mixedDomains),
        ("@@||a.com^$document,domain=b.com", .mixedDomains),
        ("/ads/(top|side)/", .unsupportedRegex),
        ("||a.com^$object", .unsupportedResourceType),
        ("##div[[bad", .invalidSelector),
    ]

    @Test(arguments: reported) func reportsWhatWebKitCannotExpress(_ filter: String, _ kind: FilterProblem.Kind) {
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: filter)])
        #expect(output.rules.isEmpty)
        #expect(output.problems[0]?.kind == kind)
    }

    @Test func partialTypesAreConvertedAndReported() {
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: "||a.com^$script,object")])
        #expect(output.rules.map { $0.trigger.resourceTypes } == [[.script]])
        #expect(output.problems[0]?.kind == .partiallyConverted)
    }

    /// Converted whole, and listed because WebKit decides some of their loads otherwise.
    @Test(arguments: [
        ("||a.com^$other", true), ("||a.com^$~ping", true), ("||a.com^$image,other", true), ("||a.com^$other,important", true),
        ("||a.com/#!/ad", true), ("||a.com/#!/ad$script", true),
        ("||a.com^$other,ping", false), ("||a.com^", false), ("@@||a.com^$other", false), ("||a.com^$~script", false),
        ("||a.com/#!/ad$popup", false), ("@@||a.com^$~ping", false),
    ])
    func approximationsAreConvertedAndReported(_ filter: String, reported: Bool) {
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: filter)])
        #expect(!output.rules.isEmpty)
        #expect(output.problems[0]?.kind == (reported ? .approximated : nil), "\(output.problems)")
    }

    /// A filter that names no type applies to every load but the page the user opens and popups, as the filter
    /// syntax says; the request classes are those of WebKit's `resource-type` values (`RequestResourceType`).
    @Test(arguments: ["||a.com^", "@@||a.com^", "||a.com^$important", "||a.com^$third-party", "||a.com^$domain=b.com"])
    func untypedFiltersLeaveOutThePageAndPopups(_ filter: String) throws {
        let output = Self.onePart.convert([FilterListFile(path: "t.txt", text: filter)])
        #expect(output.problems.isEmpty, "\(output.problems)")
        let types = try #require(output.rules.first?.trigger.resourceTypes)
        let mask = RequestResourceType.mask(of: types)
        #expect(mask & RequestResourceType.topDocument.bit == 0)
        #expect(mask & RequestResourceType.popup.bit == 0)
        // Nothing else is lost against a rule without resource-type (which WebKit applies to every load).
        let rest = RequestResourceType.allCases.filter { $0 != .topDocument && $0 != .popup }
        #expect(rest.allSatisfy { mask & $0.bit != 0 })
        // A CSP report's first evaluation needs csp-report named (WebKit's raw does not cover it).
        #expect(types.contains(.cspReport) && types.contains(.childDocument) && types.contains(.svgDocument))
    }

    /// The types a filter names keep their meaning; `$document` and `$popup` name the page and popups.
    @Test(arguments: [
        ("||a.com^$document", [ResourceType.topDocument]), ("||a.com^$popup", [.popup]), ("||a.com^$subdocument", [.childDocument]),
        ("||a.com^$script", [.script]), ("||a.com^$document,subdocument", [.topDocument, .childDocument]),
        ("||a.com^$~script", [.childDocument, .image, .styleSheet, .font, .websocket, .fetch, .other, .media, .ping]),
    ])
    func namedTypesAreKept(_ filter: String, _ expected: [ResourceType]) {
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: filter)])
        #expect(output.rules.map { $0.trigger.resourceTypes } == [expected])
    }

    /// `$all` (every type, the page and popups included, and inline resources WebKit cannot block) stays reported.
    @Test func allIsReported() {
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: "||a.com^$all")])
        #expect(output.rules.isEmpty)
        #expect(output.problems[0]?.kind == .unsupportedOption)
    }

    /// An untyped exception no longer matches the page's own load, so it leaves the page's element hiding on; it still
    /// matches an iframe's document (`child-document`), whose hiding it turns off, as before.
    @Test func untypedExceptionsKeepThePagesElementHiding() throws {
        let text = "##.ad\n@@||a.com^"
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: text)])
        let matcher = try RuleListMatcher(rules: output.rules)
        let page = try matcher.evaluate(MatchRequestDecoder.decode(Array(#"{"url":"https://a.com/","type":"document"}"#.utf8)))
        #expect(page.decision.hiddenSelectors.contains(".ad"))
        let frame = try matcher.evaluate(
            MatchRequestDecoder.decode(Array(#"{"url":"https://a.com/","type":"child-document","top":"https://b.com/"}"#.utf8)))
        #expect(!frame.decision.hiddenSelectors.contains(".ad"))
    }

    /// Safari 14 has `document` only, which matches the page the user opens too: an untyped filter covers the
    /// subresources and is reported as converted without iframes, unless it is third-party only (WebKit evaluates a
    /// navigation of the main frame as first party, so a third-party `document` rule only ever stops iframes).
    @Test(arguments: [WebKitTarget.safari14, .safari14_1])
    func oldTargetsLeaveOutThePage(_ target: WebKitTarget) {
        let converter = FilterToRuleConverter(target: target)
        let plain = converter.convert([FilterListFile(path: "t.txt", text: "||a.com^\n@@||a.com/ok/")])
        #expect(
            plain.rules.map { $0.trigger.resourceTypes } == [
                [.image, .styleSheet, .script, .font, .raw, .svgDocument, .media],
                [.image, .styleSheet, .script, .font, .raw, .svgDocument, .media],
            ])
        #expect(plain.problems[0]?.kind == .partiallyConverted)
        #expect(plain.problems[0]?.message.contains("without iframes") == true)
        let third = converter.convert([FilterListFile(path: "t.txt", text: "||a.com^$third-party")])
        #expect(
            third.rules.map { $0.trigger.resourceTypes } == [[.document, .image, .styleSheet, .script, .font, .raw, .svgDocument, .media]])
        #expect(third.problems.isEmpty)
        // Named types are unchanged (and reported when the target lacks them).
        let popup = converter.convert([FilterListFile(path: "t.txt", text: "||a.com^$popup")])
        #expect(popup.rules.map { $0.trigger.resourceTypes } == [[.popup]])
        #expect(popup.problems.isEmpty)
        let document = converter.convert([FilterListFile(path: "t.txt", text: "||a.com^$document")])
        #expect(document.rules.isEmpty && document.problems[0]?.kind == .unsupportedResourceType)
    }

    @Test func oldTargetsReportTypesTheyLack() {
        let output = FilterToRuleConverter(target: .safari14).convert([FilterListFile(path: "t.txt", text: "||a.com^$xmlhttprequest")])
        #expect(output.rules.isEmpty)
        #expect(output.problems[0]?.kind == .unsupportedResourceType)
    }

    @Test func badfilterDisablesTheFilterItNames() {
        let text = "||a.com^$script,third-party\n||b.com^\n||a.com^$third-party,script,badfilter"
        let output = Self.onePart.convert([FilterListFile(path: "t.txt", text: text)])
        #expect(output.rules.count == 1)
        #expect(output.problems[0]?.kind == .badfiltered)
        #expect(output.problems[0]?.kind.isDead == true)
    }

    /// A `$badfilter` disables the filter it names wherever each is: before it, in another file, spelled in upper
    /// case, on a CR LF line; a comment or an unconvertible filter naming the option disables nothing.
    @Test func badfilterDisablesFiltersAnywhereInTheLists() {
        let first = "||c.com^$BADFILTER\r\n! badfilter ||d.com^\r\n||e.com^$badfilter,csp=x\r\n||f.com^\r\n"
        let second = "||c.com^\n||a.com^$image\n||d.com^\n||e.com^\n||g.com^$Image,BadFilter\n||g.com^$image\n"
        let output = Self.onePart.convert([FilterListFile(path: "1.txt", text: first), FilterListFile(path: "2.txt", text: second)])
        let dead = output.problems.filter { $0.value.kind == .badfiltered }.map { output.filters[$0.key].text }.sorted()
        #expect(dead == ["||c.com^", "||g.com^$image"])
        let urlFilters = Set(output.rules.map(\.trigger.urlFilter))
        #expect(urlFilters.contains { $0.contains("d\\.com") } && urlFilters.contains { $0.contains("e\\.com") })
        #expect(!urlFilters.contains { $0.contains("c\\.com") || $0.contains("g\\.com") })
    }

    /// The converter makes a filter's identity only where a `$badfilter` names its pattern: the same pattern with
    /// other options, or as an exception, stays; the named options in any order and case are disabled.
    @Test func badfilterComparesTheWholeFilterWherePatternsAgree() {
        let text = """
            ||h.com^$script
            ||h.com^$image,third-party
            @@||h.com^$image
            ||h.com^$Third-Party,IMAGE
            ||i.com^$script
            ||h.com^$image,badfilter,third-party
            """
        let output = Self.onePart.convert([FilterListFile(path: "t.txt", text: text)])
        let dead = output.problems.filter { $0.value.kind == .badfiltered }.map { output.filters[$0.key].text }.sorted()
        #expect(dead == ["||h.com^$Third-Party,IMAGE", "||h.com^$image,third-party"])
        #expect(output.rules.filter { $0.trigger.urlFilter.contains("h\\.com") }.count == 2)
    }

    @Test func cosmeticExceptionsNarrowTheFiltersTheyCancel() {
        let text = """
            ##.a
            a.com#@#.a
            ##.b
            #@#.b
            x.com,a.com##.c
            a.com#@#.c
            a.com##.d
            sub.a.com#@#.d
            """
        let output = FilterToRuleConverter().convert([FilterListFile(path: "t.txt", text: text)])
        let json = output.rules.map { RuleListSerializer().serialize($0) }
        #expect(
            json == [
                #"{"trigger":{"url-filter":".*","unless-domain":["*a.com"]},"action":{"type":"css-display-none","selector":".a"}}"#,
                #"{"trigger":{"url-filter":".*","if-domain":["*x.com"]},"action":{"type":"css-display-none","selector":".c"}}"#,
            ])
        #expect(output.problems[2]?.kind == .cancelledByException)
        #expect(output.problems[6]?.kind == .partialCosmeticException)
    }

    @Test func ordersSectionsSoExceptionsCancelWhatTheyShould() {
        let text = """
            ||imp.com^$important
            @@||page.com^$document
            @@||a.com/ok^
            ||a.com^
            @@||site.com^$elemhide
            site.com##.specific
            @@||site.com^$generichide
            ##.generic
            """
        let output = Self.onePart.convert([FilterListFile(path: "t.txt", text: text)])
        let order = output.ruleFilters
        // generic cosmetic, generichide, specific cosmetic, elemhide, block, exception, page exception, important.
        #expect(order.first == 7)
        #expect(order.firstIndex(of: 6)! < order.firstIndex(of: 5)!)
        #expect(order.firstIndex(of: 5)! < order.firstIndex(of: 4)!)
        #expect(order.firstIndex(of: 4)! < order.firstIndex(of: 3)!)
        #expect(order.firstIndex(of: 3)! < order.firstIndex(of: 2)!)
        #expect(order.firstIndex(of: 2)! < order.firstIndex(of: 1)!)
        #expect(order.last == 0)
    }

    /// Lines are cut at every line feed, as splitting the text's scalars at "\n" cuts it (a carriage return before
    /// a line feed stays on its line), and whitespace is trimmed as the scalar properties say.
    @Test func linesAreCutAtEveryLineFeed() {
        var random = SeededGenerator(state: 0x11AE)
        let pieces = ["a", "||b.com^", "\n", "\r", "\r\n", " ", "\t", "\u{301}", "\u{A0}", "\u{2003}", "é", "#", "\n\n"]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
            let lines = FilterToRuleConverter.lines(of: text)
            #expect(lines == expected, "\(Array(text.unicodeScalars))")
            for line in lines {
                var slow = line
                while let first = slow.unicodeScalars.first, first.properties.isWhitespace { slow = slow.dropFirst() }
                while let last = slow.unicodeScalars.last, last.properties.isWhitespace { slow = slow.dropLast() }
                #expect(line.trimmingWhitespace() == slow)
            }
        }
    }

    /// A list saved with CR LF line ends (as lists edited on Windows are) converts exactly as the same list with
    /// LF ends: same rules, same reports, same line numbers.
    @Test func crLFListsConvertAsLFLists() {
        let lines = [
            "! Title: test", "||ads.example.com^", "||track.example.org^$third-party", "example.com##.banner", "##.ad-slot",
            "@@||ads.example.com/ok^", "||bad.example^$unknownoption",
        ]
        let lf = FilterToRuleConverter().convert([FilterListFile(path: "lf.txt", text: lines.joined(separator: "\n") + "\n")])
        let crlf = FilterToRuleConverter().convert([FilterListFile(path: "lf.txt", text: lines.joined(separator: "\r\n") + "\r\n")])
        #expect(lf.rules.count >= 5)
        #expect(crlf.rules == lf.rules)
        #expect(crlf.filters.map(\.text) == lf.filters.map(\.text))
        #expect(crlf.filters.map(\.location.line) == lf.filters.map(\.location.line))
        #expect(crlf.problems.keys.sorted() == lf.problems.keys.sorted())
    }
}
