import Foundation

/// Runs recursive work on a thread with a large stack, so deeply nested (but bounded) input cannot overflow
/// the small stacks of dispatch worker threads.
enum LargeStack {
    /// Stack size of the parsing thread (only the pages used are committed).
    static let size = 256 << 20

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    static func run<Value>(_ work: @escaping @Sendable () -> Value) -> Value? {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = work()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value
    }
}
