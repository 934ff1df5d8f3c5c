import Testing

@testable import BlockListCompiler

/// The byte-level canonicalizer and the memoizing preparer against the straightforward reference.
@Suite struct URLPreparationTests {
    private static let pieces = [
        "http", "HTTPS", "ws", "wss", "ftp", "file", "data", "javascript", "a+b-c.d", "1x", ":", "://", ":\\\\", "//", "/", "\\",
        "Example.COM", "a.b.c.example.co.uk", "user:pass@", "@", "x@y@", ":80", ":443", ":0080", ":8443", ":99999",
        ":000000000080", ":", ":x", "[::1]", "[::1]:81", ".", "..", "%2e", "%2E%2e", ".%2E", "a/", "b", "?", "#", "?q=a b",
        "#f g", " ", "\t", "\n", "\r", "\u{0}", "\u{7F}", "é", "日本", "\"", "<", ">", "`", "{", "}", "'", "%", "%41", "*",
        "Ab", "index.html", "..;", ".../", "/./", "/../", "\\..\\", "?a#b?c", "#?",
    ]

    /// Deterministic pseudo-random URLs made of the pieces most likely to expose a difference.
    private static func urls(count: Int) -> [String] {
        var random = SeededGenerator(state: 0xC0FFEE)
        var urls: [String] = []
        for _ in 0..<count {
            var text =
                random.next() % 4 == 0 ? "" : ["http://", "https://", "HTTP://", "ws://", "file:///", "ftp://"][Int(random.next() % 6)]
            for _ in 0..<(1 + random.next() % 8) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            urls.append(text)
        }
        return urls
    }

    @Test func canonicalizesExactlyLikeTheReference() {
        var compared = 0, accepted = 0
        for text in URLPreparationTests.urls(count: 50_000) + URLPreparationTests.pieces {
            let fast = CanonicalURL(text)
            let reference = ReferenceCanonicalURL(text)
            compared += 1
            if fast != nil { accepted += 1 }
            #expect(fast?.bytes == reference?.bytes, "\(text.debugDescription)")
            #expect(
                fast?.scheme == reference?.scheme && fast?.host == reference?.host && fast?.port == reference?.port,
                "\(text.debugDescription)")
            if fast?.bytes != reference?.bytes { break }
        }
        // The generator must reach both outcomes.
        #expect(accepted > 1_000 && accepted < compared)
    }

    @Test func utf8InitializerAgreesWithTheStringOne() {
        for text in URLPreparationTests.urls(count: 2_000) {
            #expect(CanonicalURL(utf8: Array(text.utf8)) == CanonicalURL(text))
        }
    }

    @Test func preparerGivesWhatFreshPreparationGives() throws {
        let tops = ["https://www.News.example/", "http://a.b.example.co.uk/x/../y", "https://192.168.0.1:8443/", "not a url"]
        var random = SeededGenerator(state: 7)
        var preparer = RequestPreparer(capacity: 3)
        var checked = 0
        for _ in 0..<2_000 {
            let url = ["https://cdn.example.com/a.js", "http://news.example/ads?x=1", "ws://tracker.test/s", "HTTP://A.B.Example.co.uk/"][
                Int(random.next() % 4)]
            let type = RequestResourceType.allCases[Int(random.next() % UInt64(RequestResourceType.allCases.count))]
            var request = MatchRequest(
                url: url, resourceType: type, topURL: random.next() % 5 == 0 ? nil : tops[Int(random.next() % UInt64(tops.count))])
            if random.next() % 3 == 0 { request.frameURL = tops[Int(random.next() % UInt64(tops.count))] }
            let fresh = Result { () throws(PreparedRequest.Problem) in try PreparedRequest(request) }
            let memoized = Result { () throws(PreparedRequest.Problem) in try preparer.prepare(request) }
            switch (fresh, memoized) {
            case (.success(let a), .success(let b)):
                checked += 1
                #expect(a.url == b.url && a.topURL == b.topURL && a.frameURL == b.frameURL)
                #expect(
                    a.isThirdParty == b.isThirdParty && a.loadContext == b.loadContext && a.method == b.method
                        && a.resourceType == b.resourceType)
                #expect(
                    a.evaluations.map(\.lowercasedURL) == b.evaluations.map(\.lowercasedURL) && a.lowercasedTopURL == b.lowercasedTopURL
                        && a.lowercasedFrameURL == b.lowercasedFrameURL)
                #expect(a.topHostSuffixes == b.topHostSuffixes && a.topHostSuffixHashes == b.topHostSuffixHashes)
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("fresh and memoized preparation disagree on \(request)")
            }
        }
        #expect(checked > 500)
    }

    @Test func preparesTopHostSuffixesAndParty() throws {
        let request = try PreparedRequest(
            MatchRequest(url: "https://cdn.example.com/a.js", resourceType: .script, topURL: "https://WWW.Example.com/page"))
        #expect(request.topHostSuffixes == ["www.example.com", "example.com", "com"])
        #expect(!request.isThirdParty)
        #expect(request.lowercasedTopURL == Array("https://www.example.com/page".utf8))
        let third = try PreparedRequest(
            MatchRequest(url: "https://ads.tracker.test/", resourceType: .image, topURL: "https://www.example.com/"))
        #expect(third.isThirdParty)
    }
}
