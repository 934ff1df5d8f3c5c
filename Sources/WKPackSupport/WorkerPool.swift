import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Long-lived worker threads with large stacks (`LargeStack.size`) that run a build's parallel loops.
///
/// A build runs on a worker (`LargeStack.run`), so parsing runs inline wherever it happens: no hand-off per file.
/// `forEach` lets its caller claim iterations itself while idle workers help, so nested loops (groups, then the
/// files of a group) never wait for work that has not started. A worker blocked in `forEach`, waiting for
/// iterations other threads are still running, stops counting as running, so an idle worker can serve the queued
/// helpers of a nested loop on the core it left free. No more than `width` threads are made: a thread started
/// for a blocked worker's core ran beside it once it woke, and each new thread's allocator arena is fresh memory
/// to fault in (at most four threads per core cost 2.9% more CPU and 2.4% more wall time on the firefox-shaped
/// tree, 5.3% and 3.5% on the project's own scripts; scripts/bench/ab, 200 interleaved pairs each).
///
/// With no spare thread, a worker blocked in `forEach` runs queued helpers of leaf loops itself while it waits
/// (loops whose iterations never wait for another loop's iterations, such as a bundle's pieces): the last bundle
/// of a build then spreads its pieces over both cores instead of one, while the thread that finished the group
/// loop first waited for it.
package final class WorkerPool: @unchecked Sendable {
    package static let shared = WorkerPool()

    /// Threads that run at once, and the most that exist (one per core, at least two).
    package let width: Int
    private var maximumThreads: Int { width }

    private let condition = NSCondition()
    /// Queued work.
    private struct Job {
        package let run: @Sendable () -> Void
        /// A helper of a leaf loop (see `forEach(count:order:leaf:_:)`): a blocked worker may run it.
        let isLeaf: Bool
    }

    /// Queued work from `next` on; taken slots are cleared so finished work releases what it captured.
    private var pending: [Job?] = []
    private var next = 0
    private var threads = 0
    private var idle = 0
    /// Workers executing work and not blocked in `forEach` (or just created to do so).
    private var running = 0

    /// A pool of `width` threads (tests make small ones; the build uses `shared`).
    package init(width: Int = max(2, WorkerPool.availableCores())) {
        self.width = max(1, width)
    }

    /// The cores this process may use: its CPU affinity, limited by a cgroup CPU quota, as
    /// `ProcessInfo.activeProcessorCount` counts them, read with plain system calls (Foundation's reading of the
    /// cgroup files through URLs costs about 0.1 ms of a small build's start-up).
    static func availableCores() -> Int {
        #if os(Linux)
        // `sched_getaffinity` is declared under _GNU_SOURCE, which the Glibc module does not see: look it up.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
        guard let symbol = dlsym(nil, "sched_getaffinity") else { return ProcessInfo.processInfo.activeProcessorCount }
        let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
        // A CPU mask of 1,024 CPUs (glibc's `cpu_set_t`).
        var mask = [UInt64](repeating: 0, count: 16)
        let status = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress) }
        guard status == 0 else { return ProcessInfo.processInfo.activeProcessorCount }
        var cores = 0
        for word in mask { cores += word.nonzeroBitCount }
        guard cores > 0 else { return ProcessInfo.processInfo.activeProcessorCount }
        if let quota = cgroupQuota() { cores = min(cores, quota) }
        return cores
        #else
        return ProcessInfo.processInfo.activeProcessorCount
        #endif
    }

    #if os(Linux)
    /// The cgroup CPU quota in whole cores (rounded up), or `nil` when there is none: cgroup v2 `cpu.max`
    /// (`max 100000` or `<quota> <period>`), else cgroup v1 `cpu.cfs_quota_us` (-1 for none) and `cpu.cfs_period_us`.
    static func cgroupQuota(root: String = "/sys/fs/cgroup") -> Int? {
        func cores(quota: Int, period: Int) -> Int? {
            quota > 0 && period > 0 ? (quota + period - 1) / period : nil
        }
        if let line = SmallFile.firstLine(root + "/cpu.max") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
            return cores(quota: quota, period: period)
        }
        guard let quota = SmallFile.firstLine(root + "/cpu/cpu.cfs_quota_us").flatMap({ Int($0) }),
            let period = SmallFile.firstLine(root + "/cpu/cpu.cfs_period_us").flatMap({ Int($0) })
        else { return nil }
        return cores(quota: quota, period: period)
    }
    #endif

    private static let workerKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether the current thread is one of the pool's workers (it has a large stack).
    static var isWorkerThread: Bool {
        guard let key = workerKey else { return false }
        return pthread_getspecific(key) != nil
    }

    /// Queues `jobs`, waking idle workers or starting new ones for them while fewer than `width` run.
    package func submit(_ jobs: [@Sendable () -> Void]) {
        submit(jobs, leaf: false)
    }

    private func submit(_ jobs: [@Sendable () -> Void], leaf: Bool) {
        guard !jobs.isEmpty else { return }
        condition.lock()
        pending.append(contentsOf: jobs.map { Job(run: $0, isLeaf: leaf) })
        startWorkersLocked(for: jobs.count)
        // Workers blocked in `forEach` wait on this condition too: they may run leaf helpers.
        if leaf { condition.broadcast() }
        condition.unlock()
    }

    /// Takes the first queued job (any, or leaf helpers only), clearing its slot; the lock is held.
    private func takeJobLocked(leafOnly: Bool) -> Job? {
        var index = next
        while index < pending.count {
            if let job = pending[index], !leafOnly || job.isLeaf {
                pending[index] = nil
                if index == next {
                    next += 1
                    while next < pending.count, pending[next] == nil { next += 1 }
                }
                if next == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    next = 0
                }
                return job
            }
            index += 1
        }
        return nil
    }

    private func startWorkersLocked(for count: Int) {
        let woken = min(count, idle)
        for _ in 0..<woken { condition.signal() }
        var needed = count - woken
        while needed > 0, running < width, threads < maximumThreads {
            threads += 1
            running += 1
            needed -= 1
            if !Self.startThread({ [self] in serve() }) {
                // No POSIX thread: Foundation's (which makes one the same way, so this is a last resort).
                let thread = Thread { [self] in serve() }
                thread.stackSize = LargeStack.size
                thread.start()
            }
        }
    }

    /// The body a new thread runs, passed through `pthread_create`'s context pointer.
    private final class ThreadBody {
        package let run: () -> Void
        package init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts a detached POSIX thread with a `LargeStack.size` stack running `body`; `false` when none could be
    /// made. (Foundation's `Thread` names, registers and wraps each thread: a small build spent ~3% of its CPU
    /// there.)
    private static func startThread(_ body: @escaping () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, LargeStack.size) == 0,
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0
        else { return false }
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        #else
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                if let context { Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run() }
                return nil
            }, context)
        #endif
        if status != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
        return status == 0
    }

    private func serve() {
        if let key = Self.workerKey { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }
        condition.lock()
        while true {
            if let job = takeJobLocked(leafOnly: false) {
                condition.unlock()
                job.run()
                condition.lock()
                continue
            }
            running -= 1
            idle += 1
            condition.wait()
            idle -= 1
            running += 1
        }
    }

    /// Marks the current worker as blocked (waiting for other threads); queued work may start another thread.
    private func workerWillBlock() {
        condition.lock()
        running -= 1
        let queued = pending.count - next
        if queued > 0 { startWorkersLocked(for: queued) }
        condition.unlock()
    }

    private func workerDidUnblock() {
        condition.lock()
        running += 1
        condition.unlock()
    }

    /// Runs `wait`, which blocks until work on other threads is done, counting the calling worker as blocked
    /// meanwhile (as `forEach` does), so queued work may start on the core it leaves free.
    package func whileBlocked<T>(_ wait: () -> T) -> T {
        let isWorker = Self.isWorkerThread
        if isWorker { workerWillBlock() }
        defer { if isWorker { workerDidUnblock() } }
        return wait()
    }

    /// Runs `body` for every index in `order` (default `0..<count`, claimed in that order), on the calling thread
    /// and idle workers at once; returns when every iteration has finished.
    ///
    /// `leaf`: no iteration waits for the iterations of another loop or for a value another stage of work sets
    /// (it may wait for a result another thread is making, such as a shared parse or template). A worker blocked
    /// in `forEach` runs only such helpers while it waits: it holds unfinished work below it on its stack, which
    /// any other loop's iteration might wait for.
    package func forEach(count: Int, order: [Int]? = nil, leaf: Bool = false, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let loop = ParallelLoop(indices: order ?? Array(0..<count), body: body, pool: self)
        let helpers = min(count - 1, width - 1)
        if helpers > 0 {
            submit(Array(repeating: { loop.drain() }, count: helpers), leaf: leaf)
        }
        loop.drain()
        guard !loop.isFinished else { return }
        if Self.isWorkerThread {
            helpUntilFinished(loop)
        } else {
            loop.waitUntilFinished()
        }
    }

    /// Waits, as a blocked worker, until every iteration of `loop` has finished, running queued leaf helpers
    /// meanwhile.
    private func helpUntilFinished(_ loop: ParallelLoop) {
        condition.lock()
        running -= 1
        let queued = pending.count - next
        if queued > 0 { startWorkersLocked(for: queued) }
        // `loop` wakes this condition when its last iteration finishes (`loopDidFinish`).
        while !loop.isFinished {
            if let job = takeJobLocked(leafOnly: true) {
                running += 1
                condition.unlock()
                job.run()
                condition.lock()
                running -= 1
                continue
            }
            condition.wait()
        }
        running += 1
        condition.unlock()
    }

    /// Wakes the workers blocked in `forEach` (see `helpUntilFinished`).
    fileprivate func loopDidFinish() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}

/// The iterations of one `WorkerPool.forEach`: claimed one at a time by the threads that run them.
private final class ParallelLoop: @unchecked Sendable {
    private let condition = NSCondition()
    private let indices: [Int]
    /// Dropped once every iteration is claimed: helpers still queued then hold no captured work (inputs, results).
    private var body: (@Sendable (Int) -> Void)?
    private var claimed = 0
    private var finished = 0

    /// Told when the last iteration finishes (its blocked workers wait on the pool's condition).
    private let pool: WorkerPool

    package init(indices: [Int], body: @escaping @Sendable (Int) -> Void, pool: WorkerPool) {
        self.indices = indices
        self.body = body
        self.pool = pool
    }

    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished == indices.count
    }

    /// Runs unclaimed iterations until none is left.
    package func drain() {
        while true {
            condition.lock()
            guard claimed < indices.count, let body else {
                condition.unlock()
                return
            }
            let index = indices[claimed]
            claimed += 1
            if claimed == indices.count { self.body = nil }
            condition.unlock()
            body(index)
            condition.lock()
            finished += 1
            let isLast = finished == indices.count
            if isLast { condition.broadcast() }
            condition.unlock()
            if isLast { pool.loopDidFinish() }
        }
    }

    func waitUntilFinished() {
        condition.lock()
        while finished < indices.count { condition.wait() }
        condition.unlock()
    }
}
