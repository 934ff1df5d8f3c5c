/// Source-map segments kept as plain numbers (no VLQ), grouped by generated line: the form of an
/// intermediate map that only the minifier reads, so it is never encoded and decoded again.
struct SourceMapSegments: Sendable {
    /// Per generated line: the index of its first segment (one more entry than lines, once finished).
    var lineStarts: [Int] = [0]
    var columns: [Int32] = []
    /// -1 for an unmapped segment.
    var sources: [Int32] = []
    var lines: [Int32] = []
    var originalColumns: [Int32] = []

    mutating func reserveCapacity(_ count: Int) {
        columns.reserveCapacity(count)
        sources.reserveCapacity(count)
        lines.reserveCapacity(count)
        originalColumns.reserveCapacity(count)
    }

    /// Starts the next generated line.
    mutating func startLine() {
        lineStarts.append(columns.count)
    }

    mutating func append(column: Int, source: Int, line: Int, originalColumn: Int) {
        columns.append(Int32(truncatingIfNeeded: column))
        sources.append(Int32(truncatingIfNeeded: source))
        lines.append(Int32(truncatingIfNeeded: line))
        originalColumns.append(Int32(truncatingIfNeeded: originalColumn))
    }

    /// The segments with the closing line start added.
    func finished() -> SourceMapSegments {
        var copy = self
        copy.lineStarts.append(columns.count)
        return copy
    }
}
