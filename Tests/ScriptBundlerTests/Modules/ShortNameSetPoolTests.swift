import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A set given back to `ShortNameSetPool` is emptied (only the words that held names are written) and handed out
/// again, so that a set taken from the pool always starts empty.
@Suite struct ShortNameSetPoolTests {
    /// Names spread over many words and marks (the first, the last, and the three lengths) are all removed.
    @Test func removeAllEmptiesEveryWordThatHeldAName() {
        var set = ShortNameSet()
        let indexes = [0, 1, 63, 64, 4_095, 4_096, 100_000, ShortNameSet.count - 1]
        for index in indexes { set.insert(index: index) }
        #expect(set.indexes.map(Int.init) == indexes)
        #expect(!set.isEmpty)
        set.removeAll()
        #expect(set.isEmpty)
        #expect(set.indexes.isEmpty)
        for index in indexes { #expect(!set.contains(index: index)) }
        // Usable again: the marks were cleared with the words.
        set.insert("ab".utf8)
        #expect(set.indexes.map(Int.init) == [ShortNameSet.index(of: "ab".utf8) ?? -1])
    }

    /// The second caller gets the first caller's set back, empty.
    @Test func aReusedSetStartsEmpty() {
        let pool = ShortNameSetPool(limit: 1)
        let first = pool.withSet { names -> [Int32] in
            #expect(names.isEmpty)
            for name in ["a", "zz", "foo", "$_9"] { names.insert(name.utf8) }
            return names.indexes
        }
        #expect(first.count == 4)
        #expect(pool.spareCount == 1)
        let second = pool.withSet { names -> [Int32] in
            #expect(names.isEmpty)
            names.insert("b".utf8)
            return names.indexes
        }
        #expect(second.map(Int.init) == [ShortNameSet.index(of: "b".utf8) ?? -1])
        #expect(pool.spareCount == 1)
    }

    /// The pool keeps no more sets than its limit, however many are in use at once.
    @Test func keepsAtMostItsLimit() {
        let pool = ShortNameSetPool(limit: 1)
        pool.withSet { outer in
            outer.insert("x".utf8)
            pool.withSet { inner in
                #expect(inner.isEmpty)
                inner.insert("y".utf8)
            }
        }
        #expect(pool.spareCount == 1)
        pool.withSet { names in #expect(names.isEmpty) }
    }
}
