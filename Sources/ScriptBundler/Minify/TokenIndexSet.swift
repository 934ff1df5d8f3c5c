/// A set of token indices as one bit per index: the minifier's passes note and look up tokens by index in every
/// piece, where a hashed `Set<Int32>` spent its time hashing and growing.
struct TokenIndexSet: Sequence, Equatable {
    private var words: [UInt64] = []
    /// Indices below zero (never token indices; kept so the set holds whatever is inserted).
    private var negatives: [Int32] = []

    init() {}

    init<S: Sequence>(_ indices: S) where S.Element == Int32 {
        for index in indices { insert(index) }
    }

    var isEmpty: Bool { negatives.isEmpty && words.allSatisfy { $0 == 0 } }

    mutating func insert(_ index: Int32) {
        guard index >= 0 else {
            if !negatives.contains(index) { negatives.append(index) }
            return
        }
        let word = Int(index) >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: Swift.max(word + 1 - words.count, words.count))) }
        words[word] |= 1 << UInt64(index & 63)
    }

    func contains(_ index: Int32) -> Bool {
        guard index >= 0 else { return negatives.contains(index) }
        let word = Int(index) >> 6
        return word < words.count && words[word] & (1 << UInt64(index & 63)) != 0
    }

    /// The indices, ascending (the negative ones first).
    func makeIterator() -> IndexingIterator<[Int32]> {
        var result = negatives.sorted()
        for (word, bits) in words.enumerated() where bits != 0 {
            var remaining = bits
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                result.append(Int32(truncatingIfNeeded: word << 6 | bit))
                remaining &= remaining - 1
            }
        }
        return result.makeIterator()
    }

    static func == (a: TokenIndexSet, b: TokenIndexSet) -> Bool { Array(a) == Array(b) }
}
