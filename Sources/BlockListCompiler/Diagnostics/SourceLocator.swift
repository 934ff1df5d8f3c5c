/// Turns byte offsets into 1-based line and column numbers (columns count bytes).
public struct SourceLocator: Sendable {
    private let lineStarts: [Int]

    /// Indexes the line starts of `bytes` (lines end at LF).
    public init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == 0x0A { starts.append(index + 1) }
        }
        lineStarts = starts
    }

    /// The 1-based line and byte column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The 1-based line and byte column of each offset in `sortedOffsets` (ascending), in one pass over `bytes`.
    public static func locations(of sortedOffsets: [Int], in bytes: [UInt8]) -> [(line: Int, column: Int)] {
        var result: [(line: Int, column: Int)] = []
        result.reserveCapacity(sortedOffsets.count)
        var line = 1
        var lineStart = 0
        var cursor = 0
        bytes.withUnsafeBufferPointer { buffer in
            for offset in sortedOffsets {
                let target = min(max(offset, 0), buffer.count)
                while cursor < target {
                    if buffer[cursor] == 0x0A {
                        line += 1
                        lineStart = cursor + 1
                    }
                    cursor += 1
                }
                result.append((line, target - lineStart + 1))
            }
        }
        return result
    }

    /// Fills in the line and column of diagnostics sorted by offset.
    static func resolve(_ diagnostics: inout [Diagnostic], in bytes: [UInt8]) {
        let locations = locations(of: diagnostics.map(\.offset), in: bytes)
        for index in diagnostics.indices {
            diagnostics[index].line = locations[index].line
            diagnostics[index].column = locations[index].column
        }
    }
}
