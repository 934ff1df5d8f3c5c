import Testing

@testable import BlockListCompiler

private func automaton(_ pattern: String, caseSensitive: Bool = false) throws -> URLAutomaton {
    let parsed = URLFilterParser().parseTerms(pattern, isCaseSensitive: caseSensitive)
    let terms = try #require(parsed.pattern)
    return URLAutomaton(pattern: terms)
}

@Suite struct URLAutomatonTests {
    static let cases: [(pattern: String, url: String, matches: Bool)] = [
        ("tracker\\.example", "http://tracker.example/a.js", true),
        ("tracker\\.example", "http://trackerXexample/a.js", false),
        ("tracker.example", "http://trackerXexample/a.js", true),
        ("^https?://([^/]+\\.)?ads\\.com", "http://x.y.ads.com/", true),
        ("^https?://([^/]+\\.)?ads\\.com", "http://evil.com/?u=http://ads.com", false),
        ("ads\\.com", "http://evil.com/?u=http://ads.com", true),
        ("\\.js$", "http://a.com/x.js", true),
        ("\\.js$", "http://a.com/x.js?v=1", false),
        ("(ab)+c", "http://x/ababc", true),
        ("(ab)+c", "http://x/ac", false),
        ("a[^/]*b", "http://x/a/b", false),
        ("a[^/]*b", "http://x/axxb", true),
        ("[a-c]+z", "http://x/cbz", true),
        ("^http:", "https://x/", false),
        ("x\\/y", "http://h/x/y", true),
        ("(ab)?x$", "http://h/x", true),
        ("(ab)?x$", "http://h/xy", false),
    ]

    @Test(arguments: cases)
    func matchesLikeWebKit(_ testCase: (pattern: String, url: String, matches: Bool)) throws {
        let compiled = try automaton(testCase.pattern)
        #expect(compiled.matches(Array(testCase.url.utf8)) == testCase.matches)
    }

    @Test func caseFlagDecidesWhetherLettersFold() throws {
        #expect(try automaton("ADS").matches(Array("http://x/ads".utf8)))
        #expect(try !automaton("ADS", caseSensitive: true).matches(Array("http://x/ads".utf8)))
        #expect(try !automaton("^[^a]", caseSensitive: false).matches(Array("A".utf8)))
    }

    @Test func patternsWhoseTermsAllMatchEmptyMatchEverything() throws {
        #expect(try automaton(".*").matches(Array("http://x/".utf8)))
        #expect(try automaton("a?").matchesEverything)
        #expect(try automaton("^a?$").matchesEverything)
    }

    @Test func wideAutomataUseSeveralWords() throws {
        let long = String(repeating: "ab?", count: 40) + "z"
        let compiled = try automaton(long)
        #expect(compiled.positionCount > 64)
        #expect(compiled.matches(Array(("http://h/" + String(repeating: "a", count: 40) + "z").utf8)))
        #expect(!compiled.matches(Array(("http://h/" + String(repeating: "a", count: 39) + "z").utf8)))
    }
}
