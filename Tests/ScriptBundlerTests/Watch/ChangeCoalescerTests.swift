import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The batching rules shared by the native watchers, on a synthetic clock.
@Suite struct ChangeCoalescerTests {
    let start = ContinuousClock.now
    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    func coalescer() -> ChangeCoalescer {
        ChangeCoalescer(settleDelay: .milliseconds(2), quietPeriod: .milliseconds(50), maximumDelay: .milliseconds(500))
    }

    @Test func aSettledChangeIsDueAfterTheSettleDelay() {
        var coalescer = coalescer()
        #expect(coalescer.deadline == nil)
        #expect(coalescer.takeBatch(at: at(100)) == nil)
        coalescer.record("/p/a.js", .settled, at: at(0))
        #expect(coalescer.deadline == at(2))
        #expect(coalescer.takeBatch(at: at(1)) == nil)
        let batch = coalescer.takeBatch(at: at(2))
        #expect(batch == FileChangeBatch(paths: ["/p/a.js"], firstEvent: at(0), lastEvent: at(0)))
        #expect(coalescer.isEmpty)
        #expect(coalescer.deadline == nil)
    }

    @Test func anAtomicSaveIsOneBatch() {
        var coalescer = coalescer()
        coalescer.record("/p/.a.js.tmp", .inProgress, at: at(0))
        coalescer.record("/p/.a.js.tmp", .settled, at: at(0))
        coalescer.record("/p/.a.js.tmp", .settled, at: at(1))
        coalescer.record("/p/a.js", .settled, at: at(1))
        #expect(coalescer.takeBatch(at: at(2)) == nil)
        #expect(coalescer.takeBatch(at: at(3))?.paths == ["/p/.a.js.tmp", "/p/a.js"])
    }

    @Test func aWriteInProgressWaitsForTheQuietPeriodUnlessItCloses() {
        var coalescer = coalescer()
        coalescer.record("/p/a.js", .inProgress, at: at(0))
        coalescer.record("/p/b.js", .settled, at: at(10))
        #expect(coalescer.deadline == at(60))
        #expect(coalescer.takeBatch(at: at(59)) == nil)
        // The file is closed: the batch is due shortly after.
        coalescer.record("/p/a.js", .settled, at: at(20))
        #expect(coalescer.deadline == at(22))
        #expect(coalescer.takeBatch(at: at(22))?.paths == ["/p/a.js", "/p/b.js"])

        coalescer.record("/p/c.js", .inProgress, at: at(100))
        #expect(coalescer.takeBatch(at: at(149)) == nil)
        #expect(coalescer.takeBatch(at: at(150))?.paths == ["/p/c.js"])
    }

    @Test func aBurstIsHeldAtMostTheMaximumDelay() {
        var coalescer = coalescer()
        for index in 0..<400 { coalescer.record("/p/a.js", .inProgress, at: at(index * 10)) }
        #expect(coalescer.deadline == at(500))
        let batch = coalescer.takeBatch(at: at(3990))
        #expect(batch?.firstEvent == at(0))
        #expect(batch?.lastEvent == at(3990))
    }
}
