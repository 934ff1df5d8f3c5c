import Testing

@testable import BlockListCompiler

@Suite struct BatchMatchingTests {
    static let list = #"""
        [
        {"trigger":{"url-filter":"tracker\\.example"},"action":{"type":"block"}},
        {"trigger":{"url-filter":"ads\\.example"},"action":{"type":"block"}},
        {"trigger":{"url-filter":"ads\\.example/allowed/"},"action":{"type":"ignore-previous-rules"}},
        {"trigger":{"url-filter":"/cookie","load-type":["third-party"]},"action":{"type":"block-cookies"}},
        {"trigger":{"url-filter":"/https-me"},"action":{"type":"make-https"}},
        {"trigger":{"url-filter":".*","if-domain":["*shop.example"]},"action":{"type":"css-display-none","selector":".promo"}}
        ]
        """#

    /// A few thousand requests over a handful of tops, so chunks share top documents.
    static func requests(count: Int) -> [MatchRequest] {
        let hosts = ["tracker.example", "ads.example", "cdn.example", "www.shop.example"]
        let paths = ["/a.js", "/allowed/b.js", "/cookie", "/https-me", "/x"]
        let tops = ["http://news.example.com/", "https://www.shop.example/cart", nil]
        return (0..<count).map { i in
            MatchRequest(
                url: "http://\(hosts[i % hosts.count])\(paths[(i / 3) % paths.count])?n=\(i)",
                resourceType: i % 7 == 0 ? .image : .script, topURL: tops[(i / 5) % tops.count])
        }
    }

    @Test func preparesAndDecidesLikeOneRequestAtATime() throws {
        let set = RuleListSet(lists: [try RuleListMatcher(source: Array(Self.list.utf8))])
        let requests = Self.requests(count: 3_001)
        let prepared = try BatchMatching.prepare(requests).get()
        #expect(prepared.count == requests.count)
        let decisions = BatchMatching.decisions(of: set, for: prepared)
        var expected: [MatchDecision] = []
        for request in requests { expected.append(set.evaluate(try PreparedRequest(request)).decision) }
        #expect(decisions == expected)
        // The table must exercise more than one outcome, or the comparison proves little.
        #expect(Set(decisions.map(\.blocked)) == [true, false])
        #expect(decisions.contains { !$0.hiddenSelectors.isEmpty })
        #expect(decisions.contains { $0.cookiesBlocked })
    }

    @Test func reportsTheFirstRequestThatCannotBePrepared() {
        var requests = Self.requests(count: 2_000)
        requests[1_900] = MatchRequest(url: "not a url", resourceType: .script)
        requests[700] = MatchRequest(url: "also not a url", resourceType: .script)
        guard case .failure(let failure) = BatchMatching.prepare(requests) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.index == 700)
        #expect(failure.problem.message.contains("also not a url"))
    }

    @Test(arguments: [0, 1, 7, 8, 9, 1_000, 100_003])
    func chunksCoverEveryIndexOnceInOrder(count: Int) {
        let chunks = BatchMatching.chunkRanges(count: count)
        #expect(chunks.flatMap { Array($0) } == Array(0..<count))
        #expect(chunks.allSatisfy { !$0.isEmpty })
    }

    @Test func emptyBatches() throws {
        #expect(try BatchMatching.prepare([]).get().isEmpty)
        let set = RuleListSet(lists: [try RuleListMatcher(source: Array(Self.list.utf8))])
        #expect(BatchMatching.decisions(of: set, for: []).isEmpty)
    }
}
