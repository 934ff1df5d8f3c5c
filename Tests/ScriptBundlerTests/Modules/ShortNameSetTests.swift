import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

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

    /// A file's identifier tokens inserted at once add what inserting each token's bytes adds (issue 41 step 4x).
    @Test func insertingTokensMatchesInsertingTheirBytes() throws {
        let source = Array("var a = b.cd + $e_(x1, é, _9z, abcd); let Zz = a?.b; // q r\n`${t}` + \"s\" + 12".utf8)
        let tokens = try JavaScriptTokenizer.tokenize(source, includeComments: true).tokens
        var fromTokens = ShortNameSet()
        source.withUnsafeBufferPointer { fromTokens.insertIdentifiers(of: tokens, in: $0) }
        var fromBytes = ShortNameSet()
        for token in tokens where token.kind == .identifier {
            source.withUnsafeBufferPointer { fromBytes.insert(UnsafeBufferPointer(rebasing: $0[token.range])) }
        }
        #expect(fromTokens.indexes == fromBytes.indexes)
        for name in ["a", "b", "cd", "$e_", "x1", "_9z", "Zz", "t"] {
            #expect(ShortNameSet.index(of: name.utf8).map { fromTokens.contains(index: $0) } == true, "\(name)")
        }
        // Not in a comment or a string.
        for name in ["q", "r", "s"] { #expect(ShortNameSet.index(of: name.utf8).map { fromTokens.contains(index: $0) } == false) }
    }

    /// The indexes are listed in order wherever in the table the names are (the words are found through their marks).
    @Test func listsIndexesSpreadOverTheTable() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var set = ShortNameSet()
            var expected = Set<Int32>()
            for _ in 0..<Int.random(in: 0..<300, using: &generator) {
                let index = Int.random(in: 0..<ShortNameSet.count, using: &generator)
                set.insert(index: index)
                expected.insert(Int32(index))
            }
            for index in [0, 63, 64, 4095, 4096, ShortNameSet.count - 1] {
                set.insert(index: index)
                expected.insert(Int32(index))
            }
            #expect(set.indexes == expected.sorted())
            #expect(expected.allSatisfy { set.contains(index: Int($0)) })
        }
    }
}
