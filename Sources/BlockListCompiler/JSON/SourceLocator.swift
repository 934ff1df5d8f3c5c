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
}
