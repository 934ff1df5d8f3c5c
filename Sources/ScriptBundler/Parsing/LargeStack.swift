import Foundation

/// Runs recursive work on a thread with a large stack, so deeply nested (but bounded) input cannot overflow
/// the small stacks of dispatch worker threads.
enum LargeStack {
    /// Stack size of the parsing threads (only the pages used are committed).
    static let size = 256 << 20

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    static func run<Value>(_ work: @escaping @Sendable () -> Value) -> Value? {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        LargeStackThreads.shared.submit {
            box.value = work()
            done.signal()
        }
        done.wait()
        return box.value
    }
}

/// Long-lived large-stack threads (at most one per core) that run submitted work in order, so a build that
/// parses thousands of files does not create a thread, and fault in a fresh stack, per file.
/// Work must not itself wait for other work submitted here.
final class LargeStackThreads: @unchecked Sendable {
    static let shared = LargeStackThreads()

    private let condition = NSCondition()
    private var pending: [@Sendable () -> Void] = []
    private var idle = 0
    private var threads = 0
    private let maximum = max(2, ProcessInfo.processInfo.activeProcessorCount)

    func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        pending.append(work)
        if idle == 0, threads < maximum {
            threads += 1
            let thread = Thread { [self] in serve() }
            thread.stackSize = LargeStack.size
            thread.start()
        } else {
            condition.signal()
        }
        condition.unlock()
    }

    private func serve() {
        condition.lock()
        while true {
            while pending.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let work = pending.removeFirst()
            condition.unlock()
            work()
            condition.lock()
        }
    }
}
