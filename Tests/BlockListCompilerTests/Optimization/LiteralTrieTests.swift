import Testing

@testable import BlockListCompiler

@Suite struct LiteralTrieTests {
    /// Every (start, value) a brute-force substring search finds, in the trie's order: by start, then by length,
    /// equal strings in the order given.
    private func bruteForce(_ entries: [(string: [UInt8], value: Int)], in text: [UInt8]) -> [Int] {
        var found: [(start: Int, length: Int, order: Int, value: Int)] = []
        for (order, entry) in entries.enumerated() where !entry.string.isEmpty {
            let length = entry.string.count
            guard length <= text.count else { continue }
            for start in 0...(text.count - length) where text[start..<(start + length)].elementsEqual(entry.string) {
                found.append((start, length, order, entry.value))
            }
        }
        return found.sorted { ($0.start, $0.length, $0.order) < ($1.start, $1.length, $1.order) }.map(\.value)
    }

    private func occurrences(_ trie: LiteralTrie, _ text: [UInt8]) -> [Int] {
        var values: [Int] = []
        trie.forEachOccurrence(in: text) { values.append($0) }
        return values
    }

    @Test func findsEveryOccurrenceOfEveryString() {
        let entries: [(string: [UInt8], value: Int)] = [
            (Array("/ads".utf8), 0), (Array("/ads/".utf8), 1), (Array("ads/b".utf8), 2), (Array("/ads".utf8), 3),
            (Array("track".utf8), 4), ([], 5),
        ]
        let trie = LiteralTrie(entries)
        let text = Array("x/ads/banner/ads/b/track".utf8)
        #expect(occurrences(trie, text) == [0, 3, 1, 2, 0, 3, 1, 2, 4])
        #expect(occurrences(trie, text) == bruteForce(entries, in: text))
        #expect(occurrences(trie, Array("nothing".utf8)).isEmpty)
        #expect(occurrences(LiteralTrie(), text).isEmpty)
    }

    @Test func agreesWithASubstringSearchOnRandomStrings() {
        var generator = SeededGenerator(state: 43)
        // A small alphabet, so strings share prefixes and occur often.
        let alphabet = Array("ab/.".utf8)
        func randomString(_ lengths: ClosedRange<Int>) -> [UInt8] {
            (0..<Int.random(in: lengths, using: &generator)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        }
        for _ in 0..<200 {
            let entries = (0..<Int.random(in: 0...30, using: &generator)).map { (string: randomString(0...6), value: $0) }
            let trie = LiteralTrie(entries)
            for _ in 0..<5 {
                let text = randomString(0...24)
                #expect(occurrences(trie, text) == bruteForce(entries, in: text))
            }
        }
    }
}
