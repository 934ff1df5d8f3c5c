/// Where positions in a file's rewritten code come from in the file's own text: a file the bundler lowered for its
/// target is bundled as the printed code of its lowered tree, and the places that write a bundle's map look each
/// copied token's position up here, so the map points at the original file (`LoweredSource`).
///
/// A table of exact positions, 0-based lines and UTF-16 columns on both sides: the start of every statement,
/// expression, name, literal and template part the printer wrote, and the start of each line inside a multi-line
/// token. A position that is not in it (an operator or a bracket the printer wrote between them) has no origin of
/// its own: the map gives it no segment, so it belongs to the segment before it.
package final class SourceOrigins: Sendable {
    // A class: the minifier's writer and the assemblers keep it per piece and read it per token, so a copy must
    // cost one reference, not four arrays.
    /// Per generated line, where its entries start (one more than the lines: the end).
    private let lineStarts: [Int32]
    private let columns: [Int32]
    private let originalLines: [Int32]
    private let originalColumns: [Int32]

    /// One position of the rewritten code and its origin.
    package struct Entry: Sendable, Equatable {
        package var line: Int
        package var column: Int
        package var originalLine: Int
        package var originalColumn: Int

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(line: Int, column: Int, originalLine: Int, originalColumn: Int) {
            self.line = line
            self.column = column
            self.originalLine = originalLine
            self.originalColumn = originalColumn
        }
    }

    /// The table of `entries` (any order; of two entries at one position, the later one is kept).
    package convenience init(_ entries: [Entry]) {
        // Stable: among equal positions, the order given is kept, so the last one given wins. Entries in generated
        // order (the printer's mappings) are not sorted.
        var builder = Builder(capacity: entries.count)
        for entry in entries { builder.append(entry) }
        if !builder.isInOrder {
            builder = Builder(capacity: entries.count)
            let sorted = entries.enumerated().sorted { left, right in
                (left.element.line, left.element.column, left.offset) < (right.element.line, right.element.column, right.offset)
            }
            for entry in sorted { builder.append(entry.element) }
        }
        self.init(builder)
    }

    /// The table `builder` holds (which must be `isInOrder`).
    package init(_ builder: Builder) {
        var lineStarts = builder.lineStarts
        lineStarts.append(Int32(truncatingIfNeeded: builder.columns.count))
        (self.lineStarts, columns, originalLines, originalColumns) = (
            lineStarts, builder.columns, builder.originalLines, builder.originalColumns
        )
    }

    /// A table being filled with entries in generated order (`isInOrder` says whether they came so); of two entries
    /// at one position, the later one is kept. Entries at a negative line or column are left out.
    package struct Builder {
        fileprivate var lineStarts: [Int32] = [0]
        fileprivate var columns: [Int32] = []
        fileprivate var originalLines: [Int32] = []
        fileprivate var originalColumns: [Int32] = []
        /// The line of the last entry.
        private var line = 0
        /// Whether every entry came at or after the one before it.
        package private(set) var isInOrder = true

        /// An empty table with room for `capacity` entries.
        package init(capacity: Int) {
            columns.reserveCapacity(capacity)
            originalLines.reserveCapacity(capacity)
            originalColumns.reserveCapacity(capacity)
        }

        /// Adds `entry`.
        package mutating func append(_ entry: Entry) {
            append(line: entry.line, column: entry.column, originalLine: entry.originalLine, originalColumn: entry.originalColumn)
        }

        /// Adds the entry at `line`/`column` from `originalLine`/`originalColumn`.
        @inline(__always)
        package mutating func append(line entryLine: Int, column entryColumn: Int, originalLine: Int, originalColumn: Int) {
            guard entryLine >= 0, entryColumn >= 0 else { return }
            let column = Int32(truncatingIfNeeded: entryColumn)
            if entryLine < line {
                isInOrder = false
                return
            }
            while line < entryLine {
                lineStarts.append(Int32(truncatingIfNeeded: columns.count))
                line += 1
            }
            if Int(lineStarts[line]) < columns.count {
                let last = columns[columns.count - 1]
                if last == column {
                    originalLines[originalLines.count - 1] = Int32(truncatingIfNeeded: originalLine)
                    originalColumns[originalColumns.count - 1] = Int32(truncatingIfNeeded: originalColumn)
                    return
                }
                if last > column {
                    isInOrder = false
                    return
                }
            }
            columns.append(column)
            originalLines.append(Int32(truncatingIfNeeded: originalLine))
            originalColumns.append(Int32(truncatingIfNeeded: originalColumn))
        }
    }

    /// The number of positions in the table.
    package var count: Int { columns.count }

    /// The original line and column of the rewritten code's position `line`/`column` (0-based, UTF-16), or `nil`
    /// when no entry starts exactly there.
    package func original(line: Int, column: Int) -> (line: Int, column: Int)? {
        guard line >= 0, line + 1 < lineStarts.count else { return nil }
        var low = Int(lineStarts[line]), high = Int(lineStarts[line + 1])
        let wanted = Int32(truncatingIfNeeded: column)
        while low < high {
            let middle = (low + high) / 2
            if columns[middle] < wanted { low = middle + 1 } else { high = middle }
        }
        guard low < Int(lineStarts[line + 1]), columns[low] == wanted else { return nil }
        return (Int(originalLines[low]), Int(originalColumns[low]))
    }
}
