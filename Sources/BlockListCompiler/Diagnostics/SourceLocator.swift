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
                // Eight bytes at a time: the line feeds of a word found at once, each as a 0x80 in `feeds`.
                if let base = buffer.baseAddress {
                    while cursor + 8 <= target {
                        let word =
                            UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
                        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                        let feeds = ~((((word & low) &+ low) | word) | low)
                        if feeds != 0 {
                            line += feeds.nonzeroBitCount
                            lineStart = cursor + (63 - feeds.leadingZeroBitCount) >> 3 + 1
                        }
                        cursor += 8
                    }
                }
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
