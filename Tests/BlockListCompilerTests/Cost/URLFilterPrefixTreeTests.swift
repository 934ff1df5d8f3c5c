import Testing

@testable import BlockListCompiler

/// The terms WebKit adds for an accepted url-filter (with the implicit leading `.*`).
private func terms(_ pattern: String, caseSensitive: Bool = false) -> [URLFilterTerm] {
    guard let parsed = URLFilterParser().parseTerms(pattern, isCaseSensitive: caseSensitive).pattern else { return [] }
    return parsed.isAnchoredAtStart ? parsed.terms : [URLFilterPrefixTree.universalPrefix] + parsed.terms
}

private func tree(_ patterns: [String]) -> URLFilterPrefixTree {
    var tree = URLFilterPrefixTree()
    for pattern in patterns { tree.add(terms(pattern)) }
    return tree
}

private func automata(_ tree: URLFilterPrefixTree) -> [URLFilterPrefixTree.Partition] {
    tree.partitions.filter { $0.patternCount > 0 }
}

@Suite struct URLFilterPrefixTreeTests {
    /// Patterns, and the NFAs WebKit's `processNFAs` makes of them: one per distinct prefix ending in a quantifier.
    @Test(arguments: [
        (["abc"], 1),
        (["abc", "abd", "xyz"], 1),  // every unanchored literal hangs off the one leading `.*`
        (["^https://a", "^https://b"], 1),  // anchored literals: the root NFA
        (["abc", "^https://a"], 2),
        (["a.*b"], 1),  // `.* a` then `.*`: the subtree after the second `.*` only
        (["a.*b", "a.*c"], 1),  // the same prefix up to the last quantifier
        (["a.*b", "c.*d"], 2),
        (["a.*b", "c.*d", "e.*f", "g"], 4),
        (["^https?://([^/]+\\.)?x\\.com", "^https?://([^/]+\\.)?y\\.com"], 1),
        (["ab+c", "ab+d", "ab?c"], 2),  // no pattern ends right after the leading `.*`: no NFA for it
    ])
    func automataFollowTheLastQuantifier(patterns: [String], expected: Int) {
        #expect(automata(tree(patterns)).count == expected)
    }

    @Test func sharedPrefixesAreCountedOnce() {
        let one = tree(["^https://cdn\\.example\\.com/abc"])
        let two = tree(["^https://cdn\\.example\\.com/abc", "^https://cdn\\.example\\.com/abd"])
        #expect(two.edgeCount == one.edgeCount + 1)
        #expect(two.patternCount == 2)
    }

    @Test func anAutomatonAfterAQuantifierRepeatsItsPrefix() {
        var tree = URLFilterPrefixTree()
        let first = tree.add(terms("abc.*x"))
        // `.*` (2 nodes), a, b, c (3), `.*` (2): the NFA after the second `.*` regenerates all 7 prefix nodes, then
        // x; no pattern ends after the first `.*`, so that vertex makes no NFA.
        #expect(first.newPartitions == 1)
        #expect(first.newNodes == 8)
        #expect(first.endsInNewPartition)
        #expect(automata(tree).map(\.prefixNodes) == [7])
        let second = tree.add(terms("abc.*y"))
        #expect(second.newPartitions == 0)
        #expect(!second.endsInNewPartition)
        #expect(second.newNodes == 1)
    }

    @Test func startWidthCountsTheCharactersThatCanStartAMatchAfterALoop() {
        let letters = tree(["abc", "bcd", "cde"])
        let slash = tree(["/abc", "/bcd", "/cde"])
        let anchored = tree(["^abc", "^bcd"])
        #expect(automata(letters).map(\.firstCharacters.count) == [6])  // a, b, c in both cases
        #expect(automata(slash).map(\.firstCharacters.count) == [1])
        #expect(automata(anchored).allSatisfy { $0.restartWeightedNodes == 0 })
        #expect(automata(letters)[0].restartWeightedNodes > automata(slash)[0].restartWeightedNodes)
    }

    @Test func largeSubtreesAreCutAtWebKitsNFASizeLimit() {
        var tree = URLFilterPrefixTree()
        // 15,000 pseudo-random 9-letter anchored words: far over 75,000 nodes in the root NFA.
        for index in 0..<15_000 {
            var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 12345
            var word = "^"
            for _ in 0..<9 {
                word.append(Character(UnicodeScalar(UInt8(97 + value % 26))))
                value /= 26
            }
            tree.add(terms(word, caseSensitive: true))
        }
        let parts = automata(tree)
        #expect(parts.count >= 2)
        #expect(parts.allSatisfy { $0.nfaNodes <= URLFilterPrefixTree.maximumNFANodes + 20 })
    }

    /// A host whose only continuation is a quantified term (`host[/:]?`) is part of that term's NFA: WebKit drops
    /// the subtree vertices that lead to no action, so the host trie under the group counts no nodes of its own.
    @Test func pathsThatEndInNoPatternAreNotCounted() {
        let optionalEnd = tree(["^https?://([^/]+\\.)?x\\.com[/:]?", "^https?://([^/]+\\.)?y\\.org[/:]?"])
        #expect(optionalEnd.partitions.filter { $0.patternCount == 0 }.allSatisfy { $0.subtreeNodes == 0 })
        #expect(automata(optionalEnd).count == 2)
        let plainEnd = tree(["^https?://([^/]+\\.)?x\\.com", "^https?://([^/]+\\.)?y\\.org"])
        #expect(automata(plainEnd).map(\.subtreeNodes) == [10])
    }

    /// After `([^/]+\.)?` a host restarts only after a `.`; after the implicit `.*` every first character restarts.
    @Test func restartsAfterAGroupEndingInAFixedCharacterAreRestricted() {
        let host = automata(tree(["^https?://([^/]+\\.)?x\\.com", "^https?://([^/]+\\.)?y\\.org"]))
        #expect(host.map(\.restartWidth) == [1])
        #expect(host[0].restrictedRestartWeightedNodes < host[0].restartWeightedNodes)
        let unanchored = automata(tree(["abc", "bcd", "cde"]))
        #expect(unanchored[0].restartCharacters == nil)
        #expect(unanchored[0].restrictedRestartWeightedNodes == unanchored[0].restartWeightedNodes)
    }

    @Test(arguments: [("a.*b", true), ("ab+c", true), ("abc", false), ("^https?://([^/]+\\.)?x\\.com/a.*b", false)])
    func loopsInSequenceAreThoseOverCharactersThatCanStartWhatFollows(pattern: String, expected: Bool) {
        #expect(automata(tree([pattern])).map(\.hasLoopsInSequence) == [expected])
    }
}
