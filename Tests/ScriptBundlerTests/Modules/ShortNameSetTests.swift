import Testing

@testable import ScriptBundler

/// `ShortNameSet` numbers short names in the order `RuntimeNames.CandidateNames` lists them.
@Suite struct ShortNameSetTests {
    @Test func indicesFollowTheCandidateOrder() {
        var candidates = RuntimeNames.CandidateNames()
        var index = 0
        while let candidate = candidates.next() {
            if ShortNameSet.index(of: candidate.utf8) != index || ShortNameSet.name(at: index) != candidate {
                Issue.record("candidate \(index) \(candidate): index \(String(describing: ShortNameSet.index(of: candidate.utf8)))")
                break
            }
            index += 1
        }
        #expect(index == ShortNameSet.count)
        #expect(ShortNameSet.name(at: ShortNameSet.count) == nil)
        #expect(ShortNameSet.name(at: -1) == nil)
    }

    /// The insertion from a token's bytes adds what the insertion of any collection of the same bytes adds.
    @Test func insertingBytesMatchesInsertingTheirCollection() {
        // Every byte that can start or continue a name, and some that cannot.
        let bytes: [UInt8] = Array("az_$AZ09mQ".utf8) + [0x20, 0x2D, 0x2F, 0x3A, 0x40, 0x5B, 0x60, 0x7B, 0x7F, 0x80, 0xC3, 0xFF]
        var words: [[UInt8]] = [[], [0x61, 0x62, 0x63, 0x64]]
        for a in bytes {
            words.append([a])
            for b in bytes {
                words.append([a, b])
                for c in bytes { words.append([a, b, c]) }
            }
        }
        var fromBuffers = ShortNameSet()
        var fromCollections = ShortNameSet()
        for word in words {
            word.withUnsafeBufferPointer { fromBuffers.insert($0) }
            fromCollections.insert(word[...])
        }
        #expect(fromBuffers.indexes == fromCollections.indexes)
        // Eight of the ten name bytes may start a name (not the digits).
        #expect(fromBuffers.indexes.count == 8 + 8 * 10 + 8 * 10 * 10)
    }

    @Test(arguments: ["", "abcd", "1", "9a", "a-", "é", "aé", "a b"])
    func otherNamesAreNotShortNames(name: String) {
        #expect(ShortNameSet.index(of: name.utf8) == nil)
        var set = ShortNameSet()
        set.insert(name.utf8)
        #expect((0..<ShortNameSet.count).allSatisfy { !set.contains(index: $0) })
    }

    @Test func listsItsIndexesInOrderAndTakesThemBack() throws {
        var set = ShortNameSet()
        for name in ["$$$", "a", "b0", "Z", "_9z", "b0"] { set.insert(name.utf8) }
        let expected = try ["a", "Z", "b0", "_9z", "$$$"].map { Int32(try #require(ShortNameSet.index(of: $0.utf8))) }.sorted()
        #expect(set.indexes == expected)
        var copy = ShortNameSet()
        for index in set.indexes { copy.insert(index: Int(index)) }
        copy.insert(index: -1)
        copy.insert(index: ShortNameSet.count)
        #expect(copy.indexes == expected)
        #expect(ShortNameSet().indexes.isEmpty)
    }

    @Test func insertedNamesAreContainedAndNoOthers() throws {
        var set = ShortNameSet()
        let names = ["a", "$", "_9", "Zz", "a$0", "$$$"]
        for name in names { set.insert(name.utf8) }
        let indices = try names.map { try #require(ShortNameSet.index(of: $0.utf8)) }
        #expect(indices.allSatisfy { set.contains(index: $0) })
        let others = (0..<ShortNameSet.count).filter { set.contains(index: $0) && !indices.contains($0) }
        #expect(others.isEmpty)
        #expect(!set.contains(index: -1))
        #expect(!set.contains(index: ShortNameSet.count))
    }

    @Test func runtimeNamesAvoidTheSameNamesEitherWay() {
        let taken: Set<String> = ["a", "b", "d", "aa", "ba", "longer", "é"]
        var set = ShortNameSet()
        for name in taken { set.insert(name.utf8) }
        let names = RuntimeNames.short(avoiding: set)
        #expect(names == RuntimeNames.short(avoiding: taken))
        #expect(names.define == "c")
        #expect(names.require == "e")
    }
}
