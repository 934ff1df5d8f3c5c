/// Where positions in a file's rewritten code come from in the file's own text: a file the bundler lowered for its
/// target is bundled as the printed code of its lowered tree, and the places that write a bundle's map look each
/// copied token's position up here, so the map points at the original file (`LoweredSource`).
///
/// A table of exact positions, 0-based lines and UTF-16 columns on both sides: the start of every statement,
/// expression, name, literal and template part the printer wrote, and the start of each line inside a multi-line
/// token. A position that is not in it (an operator or a bracket the printer wrote between them) has no origin of
/// its own: the map gives it no segment, so it belongs to the segment before it.
final class SourceOrigins: Sendable {
    // A class: the minifier's writer and the assemblers keep it per piece and read it per token, so a copy must
    // cost one reference, not four arrays.
    /// Per generated line, where its entries start (one more than the lines: the end).
    private let lineStarts: [Int32]
    private let columns: [Int32]
    private let originalLines: [Int32]
    private let originalColumns: [Int32]

    /// One position of the rewritten code and its origin.
    struct Entry: Sendable, Equatable {
        var line: Int
        var column: Int
        var originalLine: Int
        var originalColumn: Int
    }

    /// The table of `entries` (any order; of two entries at one position, the later one is kept).
    init(_ entries: [Entry]) {
        // Stable: among equal positions, the order given is kept, so the last one given wins below. The printer's
        // mappings come in generated order: then nothing is sorted.
        let inOrder = zip(entries, entries.dropFirst()).allSatisfy { ($0.line, $0.column) <= ($1.line, $1.column) }
        let sorted =
            inOrder
            ? entries
            : entries.enumerated().sorted { left, right in
                (left.element.line, left.element.column, left.offset) < (right.element.line, right.element.column, right.offset)
            }.map(\.element)
        var lineStarts: [Int32] = [0]
        var columns: [Int32] = [], originalLines: [Int32] = [], originalColumns: [Int32] = []
        columns.reserveCapacity(sorted.count)
        originalLines.reserveCapacity(sorted.count)
        originalColumns.reserveCapacity(sorted.count)
        var line = 0
        for entry in sorted where entry.line >= 0 && entry.column >= 0 {
            while line < entry.line {
                lineStarts.append(Int32(truncatingIfNeeded: columns.count))
                line += 1
            }
            let column = Int32(truncatingIfNeeded: entry.column)
            if Int(lineStarts[line]) < columns.count, columns[columns.count - 1] == column {
                originalLines[originalLines.count - 1] = Int32(truncatingIfNeeded: entry.originalLine)
                originalColumns[originalColumns.count - 1] = Int32(truncatingIfNeeded: entry.originalColumn)
                continue
            }
            columns.append(column)
            originalLines.append(Int32(truncatingIfNeeded: entry.originalLine))
            originalColumns.append(Int32(truncatingIfNeeded: entry.originalColumn))
        }
        lineStarts.append(Int32(truncatingIfNeeded: columns.count))
        (self.lineStarts, self.columns, self.originalLines, self.originalColumns) = (lineStarts, columns, originalLines, originalColumns)
    }

    /// The number of positions in the table.
    var count: Int { columns.count }

    /// The original line and column of the rewritten code's position `line`/`column` (0-based, UTF-16), or `nil`
    /// when no entry starts exactly there.
    func original(line: Int, column: Int) -> (line: Int, column: Int)? {
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
