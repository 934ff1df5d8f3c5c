import Foundation

/// Results filled in concurrently, one slot per index, each written by one worker; the lock makes the writes
/// safe and visible. Shared by the bundler's worker pool and the matcher's batches.
public final class IndexedResults<Value>: @unchecked Sendable {
    @usableFromInline package let lock = NSLock()
    @usableFromInline package var slots: [Value?]

    /// Results for `count` indexes, none stored yet.
    @inlinable
    public init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// Stores the result for `index`.
    @inlinable
    public func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot (nil where no result was stored), read after every worker has finished.
    @inlinable
    public func all() -> [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
