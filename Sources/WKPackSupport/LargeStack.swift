import Foundation

/// Runs recursive work on a thread with a large stack, so deeply nested (but bounded) input cannot overflow
/// the small stacks of dispatch worker threads.
package enum LargeStack {
    /// Stack size of the worker threads (only the pages used are committed).
    package static let size = 256 << 20

    private final class Box<Value>: @unchecked Sendable {
        package var value: Value?
    }

    /// Runs `work` inline on a `WorkerPool` thread, else hands it to one and waits for its result.
    package static func run<Value>(_ work: @escaping @Sendable () -> Value) -> Value? {
        if WorkerPool.isWorkerThread { return work() }
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        WorkerPool.shared.submit([
            {
                box.value = work()
                done.signal()
            }
        ])
        done.wait()
        return box.value
    }
}
