import Testing

@testable import BlockListCompiler

@Suite struct FilterListParserTests {
    @Test(arguments: ["", "   ", "! comment", "[Adblock Plus 2.0]", "# comment"])
    func skipsCommentsAndHeaders(_ line: String) {
        #expect(FilterListParser().parse(line: line[...]) == nil)
    }

    /// Every kind of unconvertible filter, with the column reported.
    static let unsupported: [(String, FilterProblem.Kind, Int)] = [
        ("||a.com^$csp=script-src 'self'", .unsupportedOption, 10),
        ("||a.com/x.js$script,redirect=noopjs", .unsupportedOption, 21),
        ("||a.com/x.js$redirect-rule=noopjs", .unsupportedOption, 14),
        ("$removeparam=utm_source", .unsupportedOption, 2),
        ("||a.com^$rewrite=abp-resource:blank-js", .unsupportedOption, 10),
        ("||a.com^$replace=/a/b/", .unsupportedOption, 10),
        ("||a.com^$denyallow=b.com", .unsupportedOption, 10),
        ("||a.com^$frobnicate", .unsupportedOption, 10),
        ("example.org##+js(set-constant, ads, false)", .scriptlet, 14),
        ("example.org#%#window.ads = false", .scriptlet, 12),
        ("example.org##.item:has-text(Sponsored)", .proceduralCosmetic, 19),
        ("example.org##div:upward(2)", .proceduralCosmetic, 17),
        ("example.org#?#.item:-abp-has(.ad)", .proceduralCosmetic, 12),
        ("example.org#$#.ad { display: none !important; }", .cssInjection, 12),
        ("example.org##.ad:style(color: red)", .cssInjection, 17),
        ("example.org##^script:has-text(ads)", .htmlFilter, 14),
        ("example.org$$script[tag-content=\"ads\"]", .htmlFilter, 12),
        ("google.*##.ad", .unsupportedDomain, 1),
        ("||a.com^$domain=google.*", .unsupportedDomain, 10),
        ("||a.com^$domain=bücher.de", .unsupportedDomain, 10),
        ("||nonascii.example/püb", .unsupportedPattern, 21),
        ("||a.com^$elemhide", .malformed, 10),
    ]

    @Test(arguments: unsupported) func reportsUnsupportedFilters(_ line: String, _ kind: FilterProblem.Kind, _ column: Int) {
        guard case .unsupported(let problem)? = FilterListParser().parse(line: line[...]) else {
            Issue.record("\(line) was not reported")
            return
        }
        #expect(problem.kind == kind)
        #expect(problem.column == column)
        #expect(!problem.message.isEmpty)
    }

    @Test func readsNetworkOptions() throws {
        guard
            case .network(let filter)? = FilterListParser().parse(
                line: "@@||a.com^$script,~image,3p,domain=x.com|~y.x.com,match-case,important")
        else {
            Issue.record("not a network filter")
            return
        }
        #expect(filter.isException)
        #expect(filter.pattern == .plain("a.com^", hostAnchored: true, startAnchored: false, endAnchored: false))
        #expect(filter.options.includedTypes == [.script])
        #expect(filter.options.excludedTypes == [.image])
        #expect(filter.options.party == .third)
        #expect(filter.options.includedDomains == ["x.com"])
        #expect(filter.options.excludedDomains == ["y.x.com"])
        #expect(filter.options.matchCase && filter.options.important)
    }

    @Test func badfilterIdentityIgnoresOptionOrder() {
        guard case .network(let a)? = FilterListParser().parse(line: "||a.com^$script,third-party"),
            case .network(let b)? = FilterListParser().parse(line: "||a.com^$third-party,badfilter,script")
        else {
            Issue.record("not network filters")
            return
        }
        #expect(a.identity == b.identity)
        #expect(b.options.badfilter)
    }

    @Test func readsCosmeticFilters() {
        guard case .cosmetic(let filter)? = FilterListParser().parse(line: "a.com,~b.a.com,C.com#@#div[id^=\"x\"]") else {
            Issue.record("not a cosmetic filter")
            return
        }
        #expect(filter.isException)
        #expect(filter.includedDomains == ["a.com", "c.com"])
        #expect(filter.excludedDomains == ["b.a.com"])
        #expect(filter.selector == "div[id^=\"x\"]")
        #expect(filter.selectorColumn == 24)
    }
}
