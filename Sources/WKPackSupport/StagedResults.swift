import Foundation

/// One value per index, set by a first stage of work and taken once by a second stage that may run on another
/// thread: `take` waits until the value is set (as a blocked worker, see `WorkerPool.whileBlocked`).
package final class StagedResults<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Value?]
    private var isSet: [Bool]

    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
        isSet = Array(repeating: false, count: count)
    }

    /// Stores the value for `index` and wakes the thread waiting for it.
    package func set(_ index: Int, _ value: Value) {
        condition.lock()
        slots[index] = value
        isSet[index] = true
        condition.broadcast()
        condition.unlock()
    }

    /// The value for `index`, removed from its slot, once it is set; `nil` when `index` is out of range or its
    /// value was taken already. The value must be set by some thread that is running or will run.
    package func take(_ index: Int) -> Value? {
        condition.lock()
        guard slots.indices.contains(index) else {
            condition.unlock()
            return nil
        }
        if !isSet[index] {
            condition.unlock()
            WorkerPool.shared.whileBlocked {
                condition.lock()
                while !isSet[index] { condition.wait() }
                condition.unlock()
            }
            condition.lock()
        }
        let value = slots[index]
        slots[index] = nil
        condition.unlock()
        return value
    }
}
