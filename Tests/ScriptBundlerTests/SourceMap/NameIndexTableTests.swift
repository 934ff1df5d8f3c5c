import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `NameIndexTable`: each name gets the index of its first insertion, through the table's growth, for ASCII and
/// non-ASCII names alike; names are the same when their bytes are (JavaScript does not normalize identifiers).
@Suite struct NameIndexTableTests {
    @Test func namesKeepTheIndexOfTheirFirstInsertion() {
        var table = NameIndexTable()
        var reference: [[UInt8]: Int] = [:]
        var order: [String] = []
        // Short identifiers (many share bytes), longer ones and non-ASCII ones, each added several times.
        var pool = (0..<3_000).map { "n\($0)" } + ["a", "b", "_", "$", "élément", "データ", "a\u{301}", "\u{e1}", ""]
        pool += pool.reversed()
        for name in pool + pool.shuffled(using: &Self.generator) {
            let index = table.index(of: name)
            if let known = reference[Array(name.utf8)] {
                #expect(index == known, "\(name)")
            } else {
                reference[Array(name.utf8)] = index
                order.append(name)
                #expect(index == order.count - 1, "\(name)")
            }
        }
        // The table lists the names' bytes in index order (what the map's JSON writes).
        var names: [[UInt8]] = []
        table.forEachName { names.append(Array($0)) }
        #expect(table.count == names.count)
        #expect(names == order.map { Array($0.utf8) })
        // `a` + combining acute and the precomposed `á` are equal Swift strings but different bytes: two names.
        #expect(reference[Array("a\u{301}".utf8)] != reference[Array("\u{e1}".utf8)])
        #expect(names.count == Set(pool.map { Array($0.utf8) }).count)
    }

    nonisolated(unsafe) static var generator = SeededGenerator(seed: 7)

    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
