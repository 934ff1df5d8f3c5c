import Foundation
import Testing

@testable import BlockListCompiler

/// The two-part layout of a converted list (issue 43): untyped filters' rules without `resource-type`, then one
/// `ignore-previous-rules` for the page the user opens and popups, then the rules for those loads again. It must
/// decide every load as the one-part layout does, where each untyped rule lists every type but those two.
@Suite struct PageLoadLayoutTests {
    static let fixtures = FilterListConversionGoldenTests.fixtures

    static var onePart: FilterToRuleConverter { FilterToRuleConverter() }

    /// The two-part layout, which conversions do not use by default yet (`usesPageLoadBoundary`).
    static var twoPart: FilterToRuleConverter {
        var converter = FilterToRuleConverter()
        converter.usesPageLoadBoundary = true
        return converter
    }

    @Test func untypedFiltersNeedNoTypeList() {
        let text = """
            ||a.com^
            @@||a.com/ok^
            ||b.com^$popup
            ||c.com^$document,script
            ##.ad
            site.com##.x
            @@||site.com^$elemhide
            @@||page.com^$document
            ||imp.com^$important
            """
        let output = Self.twoPart.convert([FilterListFile(path: "t.txt", text: text)])
        let types = output.rules.map { $0.trigger.resourceTypes }
        let pageLoads: [ResourceType] = [.topDocument, .popup]
        let boundary = output.rules.firstIndex(of: FilterToRuleConverter.pageLoadBoundary)
        #expect(boundary != nil)
        #expect(output.rules.filter { $0 == FilterToRuleConverter.pageLoadBoundary }.count == 1)
        #expect(output.ruleFilters[boundary ?? 0] == -1)
        let first = output.rules[..<(boundary ?? 0)], firstFilters = output.ruleFilters[..<(boundary ?? 0)]
        let second = output.rules[((boundary ?? 0) + 1)...], secondFilters = output.ruleFilters[((boundary ?? 0) + 1)...]
        // Part 1: no type list anywhere but the typed filter's other types; the popup-only filter is left out.
        #expect(!first.contains { $0.trigger.resourceTypes == FilterResourceType.untypedWebKitTypes })
        #expect(Array(firstFilters) == [4, 5, 6, 0, 3, 1, 1, 7, 8])
        #expect(first.map { $0.trigger.resourceTypes } == [nil, nil, nil, nil, [.script], nil, nil, nil, nil])
        // Part 2: cosmetic rules, the elemhide and page exceptions and the page-load filters, for those loads only.
        #expect(Array(secondFilters) == [4, 5, 6, 2, 3, 7])
        #expect(second.allSatisfy { $0.trigger.resourceTypes.map { Set($0).isSubset(of: pageLoads) } == true })
        #expect(types.count == output.rules.count)
    }

    /// Without an untyped network filter (a cosmetic list, `$document` filters only) or for Safari 14, the list
    /// stays in one part.
    @Test(arguments: [("##.ad\na.com##.b", WebKitTarget.newest), ("||a.com^$document", .newest), ("||a.com^", .safari14)])
    func staysInOnePartWhereNothingNeedsIt(_ text: String, _ target: WebKitTarget) {
        var converter = FilterToRuleConverter(target: target)
        converter.usesPageLoadBoundary = true
        let output = converter.convert([FilterListFile(path: "t.txt", text: text)])
        #expect(!output.rules.contains(FilterToRuleConverter.pageLoadBoundary))
        #expect(output.rules.count == text.split(separator: "\n").count)
    }

    static func selectors(_ decision: MatchDecision) -> Set<String> {
        Set(decision.hiddenSelectors.flatMap { $0.components(separatedBy: ", ") })
    }

    /// Every URL of a fixture's requests, as every load type, under its own page and a third-party page: the
    /// two-part list (optimized, as `rules convert` writes it) decides each as the one-part list does, hidden
    /// selectors included.
    @Test(arguments: [("sample.txt", "adblock-verdicts.jsonl"), ("webkit-page-loads.txt", "webkit-page-loads-newest-verdicts.jsonl")])
    func decidesEveryLoadAsTheOnePartLayout(_ list: String, _ requestsFile: String) throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(list), encoding: .utf8)
        let files = [FilterListFile(path: list, text: text)]
        let reference = try RuleListMatcher(rules: Self.onePart.convert(files).rules)
        let converted = try FilterListConversion().run(files, pageLoadBoundary: true).parts.flatMap { $0 }
        #expect(converted.contains(FilterToRuleConverter.pageLoadBoundary))
        let candidate = try RuleListMatcher(rules: converted)
        var urls: [String] = []
        for line in try String(contentsOf: Self.fixtures.appendingPathComponent(requestsFile), encoding: .utf8).split(separator: "\n") {
            let request = try MatchRequestDecoder.decode(Array(line.utf8))
            if !urls.contains(request.url) { urls.append(request.url) }
        }
        var compared = 0, blocked = 0, pagesBlocked = 0, hidden = 0
        var differences: [String] = []
        for url in urls {
            for top in [url, "https://news.example/page"] {
                for type in RequestResourceType.allCases {
                    let request = MatchRequest(url: url, resourceType: type, topURL: type == .topDocument ? url : top)
                    let expected = try reference.evaluate(request).decision
                    let actual = try candidate.evaluate(request).decision
                    compared += 1
                    if expected.blocked { blocked += 1 }
                    if expected.blocked && (type == .topDocument || type == .popup) { pagesBlocked += 1 }
                    if !expected.hiddenSelectors.isEmpty { hidden += 1 }
                    // The optimizer packs selectors into rules (`a, b`): compare the selectors themselves.
                    if expected.blocked != actual.blocked || Self.selectors(expected) != Self.selectors(actual) {
                        differences.append("\(type.rawValue) \(url) top \(top): blocked \(expected.blocked) -> \(actual.blocked)")
                    }
                }
            }
        }
        // Both verdicts, page loads stopped by `$document` / `$popup` filters, and hidden selectors are represented.
        #expect(compared > 1_000 && blocked > 100 && compared - blocked > 100 && pagesBlocked > 0)
        #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
        if list == "sample.txt" { #expect(hidden > 100) }
    }
}
