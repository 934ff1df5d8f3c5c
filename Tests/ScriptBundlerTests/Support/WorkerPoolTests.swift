import Foundation
import Testing
import WKPackSupport

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// The large-stack worker pool: every iteration runs exactly once, nested loops finish, results keep index order.
@Suite struct WorkerPoolTests {
    /// Counts calls per index, from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]
        private var offWorker = 0

        func record(_ key: Int) {
            let isWorker = WorkerPool.isWorkerThread
            lock.lock()
            counts[key, default: 0] += 1
            if !isWorker { offWorker += 1 }
            lock.unlock()
        }

        var snapshot: (counts: [Int: Int], offWorker: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (counts, offWorker)
        }
    }

    @Test(arguments: [1, 2, 3, 17, 200])
    func runsEveryIterationOnce(count: Int) {
        let counter = Counter()
        WorkerPool.shared.forEach(count: count) { counter.record($0) }
        let counts = counter.snapshot.counts
        #expect(counts.count == count)
        #expect(counts.values.allSatisfy { $0 == 1 })
    }

    /// Three levels of loops, started from a worker like a build: each leaf runs once, on a worker thread.
    @Test func nestedLoopsFinishOnWorkers() {
        let counter = Counter()
        let finished = LargeStack.run {
            WorkerPool.shared.forEach(count: 6) { group in
                WorkerPool.shared.forEach(count: 5) { file in
                    WorkerPool.shared.forEach(count: 4) { piece in
                        counter.record(group * 100 + file * 10 + piece)
                    }
                }
            }
            return true
        }
        #expect(finished == true)
        let snapshot = counter.snapshot
        #expect(snapshot.counts.count == 6 * 5 * 4)
        #expect(snapshot.counts.values.allSatisfy { $0 == 1 })
        #expect(snapshot.offWorker == 0)
    }

    /// Thread identities seen by iterations, and a wait for the moment enough of them are seen.
    final class ThreadLog: @unchecked Sendable {
        private let condition = NSCondition()
        private var outerStarted: Set<Int> = []
        private var innerThreads: Set<ObjectIdentifier> = []
        private(set) var outerThreads: [Int: ObjectIdentifier] = [:]

        func startOuter(_ index: Int) {
            condition.lock()
            outerStarted.insert(index)
            outerThreads[index] = ObjectIdentifier(Thread.current)
            condition.broadcast()
            condition.unlock()
        }

        func recordInner() {
            condition.lock()
            innerThreads.insert(ObjectIdentifier(Thread.current))
            condition.broadcast()
            condition.unlock()
        }

        /// Waits (at most `seconds`) until `test` holds; whether it does.
        func wait(seconds: Double, until test: (_ outerStarted: Set<Int>, _ innerThreads: Set<ObjectIdentifier>) -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            defer { condition.unlock() }
            while !test(outerStarted, innerThreads) {
                if !condition.wait(until: deadline) { return test(outerStarted, innerThreads) }
            }
            return true
        }

        var inner: Set<ObjectIdentifier> {
            condition.lock()
            defer { condition.unlock() }
            return innerThreads
        }
    }

    /// A pool of two threads, both busy with a two-iteration loop: the thread whose iteration ends first waits
    /// for the other's, which runs a leaf loop; the waiting thread runs the leaf loop's iterations too (no third
    /// thread exists to run them). Without that, the first leaf iteration below waits out its 10 s in vain.
    @Test func blockedWorkerRunsLeafIterations() {
        let pool = WorkerPool(width: 2)
        let log = ThreadLog()
        let done = DispatchSemaphore(value: 0)
        let sawHelp = LockedFlag()
        pool.submit([
            {
                pool.forEach(count: 2) { outer in
                    log.startOuter(outer)
                    // Both threads are in the loop before either goes on.
                    _ = log.wait(seconds: 10) { started, _ in started.count == 2 }
                    guard outer == 1 else { return }
                    pool.forEach(count: 16, leaf: true) { _ in
                        log.recordInner()
                        if log.wait(seconds: 10, until: { _, inner in inner.count >= 2 }) { sawHelp.set() }
                    }
                }
                done.signal()
            }
        ])
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(sawHelp.value)
        let waiting = log.outerThreads[0]
        #expect(waiting != nil && waiting != log.outerThreads[1])
        #expect(waiting.map { log.inner.contains($0) } == true)
    }

    /// A flag set from any thread.
    final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var isSet = false
        func set() { lock.lock(); isSet = true; lock.unlock() }
        var value: Bool { lock.lock(); defer { lock.unlock() }; return isSet }
    }

    @Test func largeStackRunsInlineOnAWorker() {
        let inline = LargeStack.run { () -> Bool in
            let outer = ObjectIdentifier(Thread.current)
            return LargeStack.run { ObjectIdentifier(Thread.current) == outer } ?? false
        }
        #expect(inline == true)
    }

    /// Results come back in index order whatever order the iterations are claimed in.
    @Test func mapKeepsIndexOrder() {
        let order = [4, 0, 3, 1, 2]
        let values = IndexedResults<Int>.map(count: 5, order: order) { $0 * $0 }
        #expect(values == [0, 1, 4, 9, 16])
    }
}

/// `WorkerPool.availableCores`: the pool's width counts cores as Foundation does, without Foundation.
@Suite struct WorkerPoolCoreCountTests {
    @Test func countsTheCoresFoundationCounts() {
        #expect(WorkerPool.availableCores() == ProcessInfo.processInfo.activeProcessorCount)
    }

    #if os(Linux)
    static func cgroupFolder(_ files: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-cgroup-" + UUID().uuidString
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return folder
    }

    @Test(
        arguments: [
            (["cpu.max": "max 100000\n"], nil), (["cpu.max": "150000 100000\n"], 2), (["cpu.max": "100000 100000\n"], 1),
            (["cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"], nil),
            (["cpu/cpu.cfs_quota_us": "250000\n", "cpu/cpu.cfs_period_us": "100000\n"], 3),
            ([:], nil), (["cpu.max": "garbage"], nil),
        ] as [([String: String], Int?)])
    func readsTheCgroupQuota(files: [String: String], expected: Int?) throws {
        let folder = try Self.cgroupFolder(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(WorkerPool.cgroupQuota(root: folder) == expected)
    }
    #endif
}
