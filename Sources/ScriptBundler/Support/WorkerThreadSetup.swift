import Foundation

/// Work to run on each of the bundler's worker threads as it starts, before any build work: the executable
/// tunes the thread's allocator arena there (`MemoryAllocatorTuning`). Set it once, before the first build.
public enum WorkerThreadSetup {
    nonisolated(unsafe) private static var hook: (@Sendable () -> Void)?
    private static let lock = NSLock()

    /// Sets the work each worker thread runs as it starts (replacing any set before).
    public static func onStart(_ work: @escaping @Sendable () -> Void) {
        lock.lock()
        hook = work
        lock.unlock()
    }

    /// Runs the set work on the calling (new) thread.
    static func runForNewThread() {
        lock.lock()
        let work = hook
        lock.unlock()
        work?()
    }
}
