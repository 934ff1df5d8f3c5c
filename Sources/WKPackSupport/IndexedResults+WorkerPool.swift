extension IndexedResults {
    /// Runs `body` for every index in `0..<count`, in parallel on the worker pool (indices claimed in `order`
    /// when given), and returns the results in index order. `leaf`: see `WorkerPool.forEach`.
    package static func map(count: Int, order: [Int]? = nil, leaf: Bool = false, _ body: @escaping @Sendable (Int) -> Value) -> [Value?] {
        let results = IndexedResults(count: count)
        if count == 1 {
            results.set(0, body(0))
        } else {
            WorkerPool.shared.forEach(count: count, order: order, leaf: leaf) { index in results.set(index, body(index)) }
        }
        return results.all()
    }
}
