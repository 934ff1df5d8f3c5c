/// Source-map segments kept as plain numbers (no VLQ), grouped by generated line: the form of an
/// intermediate map that only the minifier reads, so it is never encoded and decoded again.
package struct SourceMapSegments: Sendable {
    /// Per generated line: the index of its first segment (one more entry than lines, once finished).
    package var lineStarts: [Int] = [0]
    package var columns: [Int32] = []
    /// -1 for an unmapped segment.
    package var sources: [Int32] = []
    package var lines: [Int32] = []
    package var originalColumns: [Int32] = []

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(
        lineStarts: [Int] = [0],
        columns: [Int32] = [],
        sources: [Int32] = [],
        lines: [Int32] = [],
        originalColumns: [Int32] = []
    ) {
        self.lineStarts = lineStarts
        self.columns = columns
        self.sources = sources
        self.lines = lines
        self.originalColumns = originalColumns
    }

    package mutating func reserveCapacity(_ count: Int) {
        columns.reserveCapacity(count)
        sources.reserveCapacity(count)
        lines.reserveCapacity(count)
        originalColumns.reserveCapacity(count)
    }

    /// Starts the next generated line.
    package mutating func startLine() {
        lineStarts.append(columns.count)
    }

    package mutating func append(column: Int, source: Int, line: Int, originalColumn: Int) {
        columns.append(Int32(truncatingIfNeeded: column))
        sources.append(Int32(truncatingIfNeeded: source))
        lines.append(Int32(truncatingIfNeeded: line))
        originalColumns.append(Int32(truncatingIfNeeded: originalColumn))
    }

    /// The segments with the closing line start added.
    package func finished() -> SourceMapSegments {
        var copy = self
        copy.lineStarts.append(columns.count)
        return copy
    }
}
