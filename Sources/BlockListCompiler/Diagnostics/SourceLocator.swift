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
        bytes.withUnsafeBufferPointer { locations(of: sortedOffsets, in: $0) }
    }

    /// The 1-based line and byte column of each offset in `sortedOffsets` (ascending), in one pass over `buffer`.
    public static func locations(of sortedOffsets: [Int], in buffer: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
        var result: [(line: Int, column: Int)] = []
        result.reserveCapacity(sortedOffsets.count)
        var line = 1
        var cursor = 0
        // The previous offset, its line and that line's start: the line start is looked for only when the line
        // changed, and never before the previous offset, so every byte is read at most twice whatever the layout.
        var lineStart = 0
        var previous = 0
        var previousLine = 1
        for offset in sortedOffsets {
            let target = min(max(offset, 0), buffer.count)
            // Line feeds are only counted on the way, sixteen bytes a step (a vector compare; each lane's count
            // kept in its own byte and the lanes summed every 255 steps); the offset's line start is found by
            // looking back from it.
            if let base = buffer.baseAddress {
                let feed = SIMD16<UInt8>(repeating: 0x0A)
                while cursor &+ 16 <= target {
                    var lanes = SIMD16<UInt8>()
                    // The number of steps is known before the loop, so that it tests no bound per step.
                    let steps = min(255, (target &- cursor) >> 4)
                    let chunks = UnsafeRawPointer(base + cursor)
                    for step in 0..<steps {
                        let chunk = chunks.loadUnaligned(fromByteOffset: step &<< 4, as: SIMD16<UInt8>.self)
                        lanes = lanes.replacing(with: lanes &+ 1, where: chunk .== feed)
                    }
                    cursor &+= steps &<< 4
                    line &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
                }
            }
            while cursor < target {
                if buffer[cursor] == 0x0A { line += 1 }
                cursor += 1
            }
            if line != previousLine {
                // A line feed between the previous offset and this one: the last of them ends the line before.
                var back = target
                while back > previous, buffer[back - 1] != 0x0A { back -= 1 }
                lineStart = back
                previousLine = line
            }
            previous = target
            result.append((line, target - lineStart + 1))
        }
        return result
    }
}
