import Foundation

/// Empty `ShortNameSet`s kept for reuse: finding the short names of a file takes one instead of allocating and
/// zeroing a new 28 KB table (one per file wrapped or recorded, on every worker), and gives it back emptied
/// (`ShortNameSet.removeAll()` writes only the words that held a name).
package final class ShortNameSetPool: @unchecked Sendable {
    /// The pool the build's stages share.
    package static let shared = ShortNameSetPool()

    private let lock = NSLock()
    private var spare: [ShortNameSet] = []
    /// At most this many sets are kept (one per worker is what a build uses at once).
    private let limit: Int

    package init(limit: Int = 16) {
        self.limit = limit
    }

    /// Calls `body` with an empty set, and keeps the set for the next caller.
    package func withSet<Result>(_ body: (inout ShortNameSet) -> Result) -> Result {
        lock.lock()
        var set = spare.popLast() ?? ShortNameSet()
        lock.unlock()
        let result = body(&set)
        set.removeAll()
        lock.lock()
        if spare.count < limit { spare.append(set) }
        lock.unlock()
        return result
    }

    /// The number of sets kept (tests).
    var spareCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return spare.count
    }
}
