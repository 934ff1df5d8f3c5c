import ScriptSyntax

/// The decoded segments of an intermediate source map, looked up by generated position in increasing order
/// (the minifier walks the unminified bundle's tokens front to back).
struct MappingLookup {
    struct Original {
        package var source: Int
        package var line: Int
        package var column: Int

        /// Code of a lowered source that has no origin of its own (see `SourceOrigins`): no segment is written
        /// for it, so it stays in the segment before it.
        static let continuing = Original(source: -1, line: 0, column: 0)
    }

    private var lineStarts: [Int]
    private var columns: [Int32]
    /// -1 for an unmapped segment.
    private var sources: [Int32]
    private var lines: [Int32]
    private var originalColumns: [Int32]

    /// Looks up segments kept as numbers (an intermediate builder's `decodedSegments`).
    package init(segments: SourceMapSegments) {
        lineStarts = segments.lineStarts
        columns = segments.columns
        sources = segments.sources
        lines = segments.lines
        originalColumns = segments.originalColumns
    }

    /// The segments as numbers again (finished: one more line start than lines).
    package var segments: SourceMapSegments {
        SourceMapSegments(lineStarts: lineStarts, columns: columns, sources: sources, lines: lines, originalColumns: originalColumns)
    }

    /// Decodes VLQ `mappings`.
    package init(mappings: [UInt8]) {
        lineStarts = [0]
        columns = []
        sources = []
        lines = []
        originalColumns = []
        columns.reserveCapacity(mappings.count / 4)
        var column = 0, source = 0, line = 0, originalColumn = 0
        var fields = (0, 0, 0, 0, 0)
        var fieldCount = 0
        var value = 0, shift = 0
        func finish() {
            guard fieldCount > 0 else { return }
            column += fields.0
            columns.append(Int32(truncatingIfNeeded: column))
            if fieldCount >= 4 {
                source += fields.1
                line += fields.2
                originalColumn += fields.3
                sources.append(Int32(truncatingIfNeeded: source))
                lines.append(Int32(truncatingIfNeeded: line))
                originalColumns.append(Int32(truncatingIfNeeded: originalColumn))
            } else {
                sources.append(-1)
                lines.append(0)
                originalColumns.append(0)
            }
            fieldCount = 0
        }
        for byte in mappings {
            switch byte {
            case 0x3B:  // ;
                finish()
                lineStarts.append(columns.count)
                column = 0
            case 0x2C:  // ,
                finish()
            default:
                let digit = Int(Self.digitValue(byte))
                value |= (digit & 31) << shift
                shift += 5
                if digit & 32 == 0 {
                    let decoded = value & 1 == 1 ? -(value >> 1) : value >> 1
                    switch fieldCount {
                    case 0: fields.0 = decoded
                    case 1: fields.1 = decoded
                    case 2: fields.2 = decoded
                    case 3: fields.3 = decoded
                    default: fields.4 = decoded
                    }
                    fieldCount += 1
                    value = 0
                    shift = 0
                }
            }
        }
        finish()
        lineStarts.append(columns.count)
    }

    private static func digitValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x41...0x5A: byte - 0x41
        case 0x61...0x7A: byte - 0x61 + 26
        case 0x30...0x39: byte - 0x30 + 52
        case 0x2B: 62
        default: 63
        }
    }

    /// A cursor that finds segments for positions given in increasing order.
    struct Cursor {
        package var line = -1
        package var index = 0

        /// Made from every stored property (the memberwise initializer, for the stages above).
        package init(line: Int = -1, index: Int = 0) {
            self.line = line
            self.index = index
        }
    }

    /// The original position of the segment starting exactly at (line, column); `nil` if that code is unmapped
    /// or has no segment of its own.
    package func original(line: Int, column: Int, cursor: inout Cursor) -> Original? {
        guard line + 1 < lineStarts.count else { return nil }
        if cursor.line != line {
            cursor.line = line
            cursor.index = lineStarts[line]
        } else if cursor.index > lineStarts[line], Int(columns[cursor.index - 1]) >= column {
            // An earlier column than the last one looked up (a token the passes moved): from the line's start.
            cursor.index = lineStarts[line]
        }
        let end = lineStarts[line + 1]
        var index = cursor.index
        while index < end, Int(columns[index]) < column { index += 1 }
        cursor.index = index
        guard index < end, Int(columns[index]) == column, sources[index] >= 0 else { return nil }
        return Original(source: Int(sources[index]), line: Int(lines[index]), column: Int(originalColumns[index]))
    }
}
