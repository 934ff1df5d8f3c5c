import Testing

@testable import BlockListCompiler

@Suite struct URLFilterTextMatcherTests {
    /// Filters of the forms read from the text, each start and end the converter writes around bodies of literals,
    /// escaped punctuation, `.`, `.*` and the two classes.
    static let filters: [String] = {
        let bodies = [
            "a", "ads", "Ads", #"ads\.example\.com"#, #"a\.b"#, "a.b", "a.*b", ".*a", "a.*", #"\/ads\/"#, "/x/", "x.*y.*z", #"a\-b"#,
            "ad[^a-zA-Z0-9_.%-]", "a[/:?#]", "[^a-zA-Z0-9_.%-]a", "a.*[/:?#]b", "A.B", "b.b.b", ".b", "a.*a.*a", "ab.*ab", "=x&",
        ]
        var filters: [String] = []
        for body in bodies {
            for start in ["", "^", URLPatternTranslator.hostAnchorPrefix, "^x", ".*"] {
                for end in ["", "$", URLPatternTranslator.hostEndClass, URLPatternTranslator.separatorClass, ".*", "b$"] {
                    filters.append(start + body + end)
                }
            }
        }
        return filters
    }()

    /// URLs of the pieces the filters hold: schemes, hosts with subdomains and user information, paths.
    static let urls: [String] = {
        var urls = [
            "", "a", "ab", "b", "x", "xa", "ads", "ADS", "a.b", "aab", "a/b", "a-b", "ad", "ad/", "ad?", "ad_", "a.b.b", "bab", "xyz",
            "ab.ab", "a:b", "a.*b", "=x&y", "aaa", "abab",
        ]
        for scheme in ["https", "h", "a"] {
            for host in ["a", "ads.example.com", "x.a.b", "u@a.b", "a.b:80", "example.com", "a-b", "Ads.B", "b.a.a"] {
                for path in ["", "/", "/ads/", "/x/y", "?a", "#a", ":b", "/a.b", "/ab"] {
                    urls.append(scheme + "://" + host + path)
                }
            }
        }
        urls += ["://a", "a:/b", "a::b", "x://y://a.b", "https:/a"]
        return urls
    }()

    /// On every filter and URL above, both cases: the text's answer is the automaton's.
    @Test func decidesAsTheAutomaton() throws {
        var compared = 0
        for filter in URLFilterTextMatcherTests.filters {
            for isCaseSensitive in [false, true] {
                let pattern = try #require(URLFilterParser().parseTerms(filter, isCaseSensitive: isCaseSensitive).pattern, "\(filter)")
                let automaton = URLAutomaton(pattern: pattern)
                for url in URLFilterTextMatcherTests.urls {
                    let bytes = Array(url.utf8)
                    let decided = bytes.withUnsafeBufferPointer {
                        URLFilterTextMatcher.matches(filter, isCaseSensitive: isCaseSensitive, $0)
                    }
                    let answer = try #require(decided, "\(filter) was not read")
                    #expect(answer == automaton.matches(bytes), "\(filter) (case-sensitive: \(isCaseSensitive)) on \(url)")
                    compared += 1
                }
            }
        }
        #expect(compared > 100_000)
    }

    /// A URL's own witness-like strings, and the witness each filter gives of itself, against every filter.
    @Test func decidesWitnessesAsTheAutomaton() throws {
        let witnesses = URLFilterTextMatcherTests.filters.compactMap { URLFilterLiteralRuns.witness(of: $0) }
        #expect(witnesses.count > 100)
        for filter in URLFilterTextMatcherTests.filters {
            let pattern = try #require(URLFilterParser().parseTerms(filter, isCaseSensitive: false).pattern)
            let automaton = URLAutomaton(pattern: pattern)
            for witness in witnesses {
                let decided = witness.withUnsafeBufferPointer { URLFilterTextMatcher.matches(filter, isCaseSensitive: false, $0) }
                #expect(decided == automaton.matches(witness), "\(filter) on \(String(decoding: witness, as: UTF8.self))")
            }
        }
    }

    /// Forms outside those read, and URLs with bytes the automaton reads otherwise, are left to the automaton.
    @Test func leavesOtherFormsAndBytesToTheAutomaton() {
        let url = Array("https://a.b/".utf8)
        for filter in URLFilterLiteralRunsTests.declined + [".*", "a+b", "[ab]", "(a)"] {
            let decided = url.withUnsafeBufferPointer { URLFilterTextMatcher.matches(filter, isCaseSensitive: false, $0) }
            #expect(decided == nil, "\(filter)")
        }
        for bytes in [[UInt8(ascii: "a"), 0], [UInt8(ascii: "a"), 0xC3, 0xA9]] {
            let decided = bytes.withUnsafeBufferPointer { URLFilterTextMatcher.matches("a", isCaseSensitive: false, $0) }
            #expect(decided == nil)
        }
    }
}
