/// Names kept as one run of UTF-8 bytes, looked up by the bytes of a raw JSON string: only the names of the
/// looked-up length are compared, eight bytes at a time.
struct ByteNameTable: Sendable {
    /// The names' bytes, in `entries` order.
    private let bytes: [UInt8]
    /// The names ordered by length (then by index): each name's index and the offset of its bytes.
    private let entries: [Entry]
    /// `byLength[n]..<byLength[n + 1]` are the positions in `entries` of the names `n` bytes long.
    private let byLength: [Int32]
    /// Per entry, its name's first sixteen bytes as two little-endian words, zero past the name's end.
    private let words: [UInt64]

    private struct Entry: Sendable {
        var index: Int32
        var start: Int32
    }

    init(names: [String]) {
        let lengths = names.map(\.utf8.count)
        let order = names.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        for index in order {
            entries.append(Entry(index: Int32(index), start: Int32(bytes.count)))
            bytes.append(contentsOf: names[index].utf8)
        }
        var words = [UInt64](repeating: 0, count: entries.count * 2)
        for (position, entry) in entries.enumerated() {
            let start = Int(entry.start), length = lengths[Int(entry.index)]
            for offset in 0..<min(length, 16) {
                words[position * 2 + offset / 8] |= UInt64(bytes[start + offset]) << (offset % 8 * 8)
            }
        }
        var byLength = [Int32](repeating: 0, count: (lengths.max() ?? 0) + 2)
        for length in lengths { byLength[length + 1] += 1 }
        for length in 1..<byLength.count { byLength[length] += byLength[length - 1] }
        self.bytes = bytes
        self.entries = entries
        self.byLength = byLength
        self.words = words
    }

    /// The index of the name of `length` bytes (at most 16) whose bytes are `first` then `second` (little-endian
    /// words, zero past `length`), if any.
    @inline(__always) func index(length: Int, first: UInt64, second: UInt64) -> Int? {
        byLength.withUnsafeBufferPointer { byLength -> Int? in
            guard length >= 0, length &+ 1 < byLength.count else { return nil }
            let from = Int(byLength[length]), to = Int(byLength[length &+ 1])
            return words.withUnsafeBufferPointer { words -> Int? in
                entries.withUnsafeBufferPointer { entries -> Int? in
                    // `from..<to` are positions of `entries`, with two words each in `words` (built so in `init`).
                    var position = from
                    while position < to {
                        if words[2 &* position] == first && words[2 &* position &+ 1] == second {
                            return Int(entries[position].index)
                        }
                        position &+= 1
                    }
                    return nil
                }
            }
        }
    }

    /// The index of the name spelled by `source[range]` (the first, if names repeat), if any.
    @inline(__always) func index(of range: Range<Int>, in source: UnsafePointer<UInt8>) -> Int? {
        let length = range.count
        guard length + 1 < byLength.count else { return nil }
        let candidates = Int(byLength[length])..<Int(byLength[length + 1])
        guard !candidates.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { names -> Int? in
            for position in candidates {
                let entry = entries[position]
                if RuleScanner.bytesEqual(source + range.lowerBound, names.baseAddress.map { $0 + Int(entry.start) }, length) {
                    return Int(entry.index)
                }
            }
            return nil
        }
    }
}
