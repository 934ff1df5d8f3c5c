import Testing

@testable import BlockListCompiler

@Suite struct URLPatternTranslatorTests {
    static let host = URLPatternTranslator.hostAnchorPrefix
    static let separator = URLPatternTranslator.separatorClass
    static let hostEnd = URLPatternTranslator.hostEndClass

    /// Filter pattern -> the url-filters it becomes.
    static let table: [(String, [String])] = [
        ("||ads.example.com^", [host + "ads\\.example\\.com" + hostEnd]),
        ("||Ads.Example.com^", [host + "Ads\\.Example\\.com" + hostEnd]),
        ("||192.0.2.1^", [host + "192\\.0\\.2\\.1" + hostEnd]),
        ("||ads.example.com:8080^", [host + "ads\\.example\\.com:8080" + separator, host + "ads\\.example\\.com:8080$"]),
        ("||ads.example.com/^", [host + "ads\\.example\\.com/" + separator, host + "ads\\.example\\.com/$"]),
        ("||ads.example.com", [host + "ads\\.example\\.com"]),
        ("||example.com/ads/*.gif", [host + "example\\.com/ads/.*\\.gif"]),
        ("||example.com/ad.js^", [host + "example\\.com/ad\\.js" + separator, host + "example\\.com/ad\\.js$"]),
        ("|https://pixel.example.com/collect?", ["^https://pixel\\.example\\.com/collect\\?"]),
        ("-ad-banner.", ["-ad-banner\\."]),
        ("/ads/banner|", ["/ads/banner$"]),
        ("*/ads/**banner*", ["/ads/.*banner"]),
        ("/adserver/*^", ["/adserver/.*" + separator, "/adserver/.*$"]),
        ("a^b", ["a" + separator + "b"]),
        ("", [".*"]),
        ("*", [".*"]),
        ("(x)[y]{z}+$", ["\\(x\\)\\[y\\]\\{z\\}\\+\\$"]),
    ]

    @Test(arguments: table) func translatesPlainPatterns(_ filter: String, _ expected: [String]) throws {
        guard case .network(let parsed)? = FilterListParser().parse(line: filter[...]) else {
            // The empty pattern is not a filter line on its own; translate it directly.
            let result = try URLPatternTranslator().translate(.plain(filter, hostAnchored: false, startAnchored: false, endAnchored: false))
            #expect(result == expected)
            return
        }
        let result = try URLPatternTranslator().translate(parsed.pattern)
        #expect(result == expected)
        for urlFilter in result { #expect(URLFilterParser().parse(urlFilter).isAccepted, "WebKit must accept \(urlFilter)") }
    }

    static let regexTable: [(String, String?)] = [
        ("/banner[0-9]+\\.png/", "banner[0-9]+\\.png"),
        ("/ad\\d+\\/x/", "ad[0-9]+/x"),
        ("/[\\w-]+ads/", "[a-zA-Z0-9_-]+ads"),
        ("/ads/(top|side)/", nil),
        ("/ad{2}/", nil),
        ("/\\bads/", nil),
    ]

    @Test(arguments: regexTable) func translatesRegexFiltersInWebKitsSubsetOnly(_ filter: String, _ expected: String?) {
        guard case .network(let parsed)? = FilterListParser().parse(line: filter[...]) else {
            Issue.record("not a network filter: \(filter)")
            return
        }
        do {
            let result = try URLPatternTranslator().translate(parsed.pattern)
            #expect(result == [expected].compactMap { $0 })
        } catch {
            #expect(expected == nil, "refused: \(error.message)")
            #expect(error.kind == .unsupportedRegex)
        }
    }
}
