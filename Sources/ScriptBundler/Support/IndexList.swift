import Foundation

/// Indices noted by concurrent workers (the iterations of a loop to come back to).
final class IndexList: @unchecked Sendable {
    private let lock = NSLock()
    private var indices: [Int] = []

    init() {}

    func append(_ index: Int) {
        lock.lock()
        indices.append(index)
        lock.unlock()
    }

    /// The indices noted, ascending.
    var sorted: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return indices.sorted()
    }
}
