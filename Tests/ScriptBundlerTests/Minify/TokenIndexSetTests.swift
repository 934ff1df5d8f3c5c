import Testing

@testable import ScriptBundler

/// The minifier's bit set of token indices holds what a `Set<Int32>` holds, and lists it in ascending order.
@Suite struct TokenIndexSetTests {
    @Test(arguments: [
        [Int32](), [0], [63, 64, 65], [5, 5, 5], [1_000_000, 3, 200_000, 3], [-1, 7, -1, -30, 0], Array(stride(from: 0, to: 640, by: 7)),
    ])
    func holdsWhatASetHolds(values: [Int32]) {
        var bits = TokenIndexSet()
        for value in values { bits.insert(value) }
        let set = Set(values)
        #expect(Array(bits) == set.sorted())
        #expect(bits.isEmpty == set.isEmpty)
        for probe: Int32 in [-30, -2, -1, 0, 1, 3, 5, 7, 62, 63, 64, 65, 128, 199_999, 200_000, 1_000_000, 1_000_001, Int32.max] {
            #expect(bits.contains(probe) == set.contains(probe), "\(probe)")
        }
        #expect(TokenIndexSet(values) == bits)
    }

    @Test func randomInsertionsMatchASet() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var bits = TokenIndexSet()
            var set = Set<Int32>()
            for _ in 0..<Int.random(in: 0...300, using: &generator) {
                let value = Int32.random(in: -5...5_000, using: &generator)
                bits.insert(value)
                set.insert(value)
            }
            #expect(Array(bits) == set.sorted())
            for probe in Int32(-6)...5_001 where bits.contains(probe) != set.contains(probe) {
                Issue.record("\(probe)")
            }
        }
    }
}
