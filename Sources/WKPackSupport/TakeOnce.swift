import Foundation

/// Values handed to concurrent workers one per index, each taken once: the worker that takes a value owns it
/// and releases it when done, so its memory is reused by later work instead of staying alive until every index
/// is done (for `WorkerPool.forEach`).
package final class TakeOnce<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    /// Holds `values`; the caller gives them up (pass the last reference, so only these slots keep them).
    package init(_ values: consuming [Value]) {
        slots = values.map { Optional($0) }
    }

    /// The number of slots.
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return slots.count
    }

    /// The value at `index`, removed from its slot; `nil` when it was already taken or `index` is out of range.
    package func take(_ index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard slots.indices.contains(index) else { return nil }
        let value = slots[index]
        slots[index] = nil
        return value
    }
}
