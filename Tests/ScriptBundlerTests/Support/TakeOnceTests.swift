import Testing
import WKPackSupport

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// `TakeOnce` hands each value out once and keeps no reference to a value taken.
@Suite struct TakeOnceTests {
    private final class Tracked {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test func eachValueIsTakenOnce() {
        let values = TakeOnce(["a", "b", "c"])
        #expect(values.count == 3)
        #expect(values.take(1) == "b")
        #expect(values.take(1) == nil)
        #expect(values.take(0) == "a")
        #expect(values.take(2) == "c")
        #expect(values.count == 3)
    }

    @Test func outOfRangeIndicesGiveNothing() {
        let values = TakeOnce([1, 2])
        #expect(values.take(-1) == nil)
        #expect(values.take(2) == nil)
        #expect(values.take(0) == 1)
    }

    @Test func aTakenValueIsReleasedByItsTaker() {
        weak var first: Tracked?
        weak var second: Tracked?
        let values: TakeOnce<Tracked> = {
            let objects = [Tracked(1), Tracked(2)]
            first = objects[0]
            second = objects[1]
            return TakeOnce(objects)
        }()
        #expect(first != nil)
        do {
            let taken = values.take(0)
            #expect(taken?.number == 1)
        }
        // Only the slots held the objects: the first is gone once its taker is done, the second is still held.
        #expect(first == nil)
        #expect(second?.number == 2)
        withExtendedLifetime(values) {}
    }

    @Test func concurrentTakersGetEveryValueExactlyOnce() {
        let count = 200
        let values = TakeOnce(Array(0..<count))
        let results = IndexedResults<Int>.map(count: count) { index in values.take(index) ?? -1 }
        #expect(results.compactMap { $0 } == Array(0..<count))
        #expect((0..<count).allSatisfy { values.take($0) == nil })
    }
}
