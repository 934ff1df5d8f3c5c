import Dispatch
import Foundation

/// Results filled in concurrently, one slot per index (for `DispatchQueue.concurrentPerform`).
final class IndexedResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func all() -> [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }

    /// Runs `body` for every index in `0..<count`, in parallel, and returns the results in index order.
    static func map(count: Int, _ body: @Sendable (Int) -> Value) -> [Value?] {
        let results = IndexedResults(count: count)
        if count == 1 {
            results.set(0, body(0))
        } else {
            DispatchQueue.concurrentPerform(iterations: count) { index in results.set(index, body(index)) }
        }
        return results.all()
    }
}
