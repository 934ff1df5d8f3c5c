/// A path-compressed trie of byte strings (the longest required literal of each rule of a containment group),
/// asked for every string that occurs inside a text.
///
/// In the optimizer's largest group (94,702 rules of EasyList + EasyPrivacy) a text's suffixes match stored
/// prefixes about 7 bytes deep on average but end a string only about once per text, so the cost is the walking: a
/// node per branching point, its label compared as contiguous bytes, instead of a table probe (a cache miss) per
/// byte or a scan of every string filed under a common 4-byte gram.
struct LiteralTrie {
    /// A node: its label (the bytes from its parent, in `labels`), the values of the strings ending at it, and
    /// its children (in `childBytes` / `childNodes`, sorted by first byte).
    private struct Node {
        var labelStart: Int32
        var labelEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32
        var childStart: Int32
        var childEnd: Int32
    }

    private var nodes: [Node] = []
    private var labels: [UInt8] = []
    private var values: [Int] = []
    private var childBytes: [UInt8] = []
    private var childNodes: [Int32] = []
    /// A bit per hashed 4-byte gram that some stored string starts with (2^20 bits, 128 KiB, which stays in the
    /// cache), so a walk starts only where a string can begin. Used when every stored string has 4 bytes or more.
    private var firstGrams: [UInt64] = []
    private var filtersStarts = false
    /// The root's child for each byte, -1 for none (empty for an empty trie).
    private var rootChildren: [Int32] = []

    /// A trie holding each entry's string with its value (empty strings are left out); the values of equal strings
    /// are kept in the order given.
    init(_ entries: [(string: [UInt8], value: Int)]) {
        var bytes: [UInt8] = []
        var spans: [(range: Range<Int>, value: Int)] = []
        for entry in entries {
            let start = bytes.count
            bytes.append(contentsOf: entry.string)
            spans.append((start..<bytes.count, entry.value))
        }
        self.init(bytes: bytes, spans: spans)
    }

    /// A trie holding each span of `bytes` with its value (empty spans are left out); the values of equal strings
    /// are kept in the order given. One buffer for all the strings: an array per string was an allocation per rule
    /// of a containment group, and sorting them compared arrays through generic code.
    init(bytes: [UInt8], spans: [(range: Range<Int>, value: Int)]) {
        var trie = LiteralTrie()
        bytes.withUnsafeBufferPointer { trie.fill(bytes: $0, spans: spans) }
        self = trie
    }

    private mutating func fill(bytes: UnsafeBufferPointer<UInt8>, spans: [(range: Range<Int>, value: Int)]) {
        let kept = spans.filter { !$0.range.isEmpty }
        guard !kept.isEmpty else { return }
        firstGrams = [UInt64](repeating: 0, count: 1 << 14)
        filtersStarts = true
        for span in kept {
            guard span.range.count >= 4 else {
                filtersStarts = false
                continue
            }
            let at = span.range.lowerBound
            let bit = LiteralTrie.gramBit(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3])
            firstGrams[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        // Sorted by string, equal strings in the order given; a node is then a range of this order. Each string's
        // first eight bytes, as one big-endian word (zeros past its end), order most pairs with one comparison
        // of words: a smaller word is a smaller string (a shorter string whose bytes run out first is a prefix of
        // the other). Equal words are compared byte by byte.
        var keyed: [(prefix: UInt64, index: Int32)] = []
        keyed.reserveCapacity(kept.count)
        for (index, span) in kept.enumerated() {
            var prefix: UInt64 = 0
            for offset in 0..<8 {
                prefix <<= 8
                if offset < span.range.count { prefix |= UInt64(bytes[span.range.lowerBound + offset]) }
            }
            keyed.append((prefix, Int32(truncatingIfNeeded: index)))
        }
        keyed.sort { leftEntry, rightEntry in
            if leftEntry.prefix != rightEntry.prefix { return leftEntry.prefix < rightEntry.prefix }
            let left = Int(leftEntry.index), right = Int(rightEntry.index)
            let leftRange = kept[left].range, rightRange = kept[right].range
            let common = min(leftRange.count, rightRange.count)
            var offset = min(8, common)
            while offset < common {
                let leftByte = bytes[leftRange.lowerBound + offset], rightByte = bytes[rightRange.lowerBound + offset]
                if leftByte != rightByte { return leftByte < rightByte }
                offset += 1
            }
            return leftRange.count != rightRange.count ? leftRange.count < rightRange.count : left < right
        }
        let sorted = keyed.map { kept[Int($0.index)] }
        @inline(__always) func byte(_ entry: Int, _ offset: Int) -> UInt8 { bytes[sorted[entry].range.lowerBound + offset] }
        // Nodes are laid out parent first; children are filled in once their parent's slots exist.
        var pending: [(node: Int, range: Range<Int>, depth: Int)] = [(0, 0..<sorted.count, 0)]
        nodes.append(Node(labelStart: 0, labelEnd: 0, valueStart: 0, valueEnd: 0, childStart: 0, childEnd: 0))
        while let item = pending.popLast() {
            let (node, range, depth) = item
            // The strings of the range share the prefix up to `end` (the first and last string's common prefix).
            let first = range.lowerBound, last = range.upperBound - 1
            let firstCount = sorted[first].range.count, lastCount = sorted[last].range.count
            var end = depth
            while end < firstCount && end < lastCount && byte(first, end) == byte(last, end) { end += 1 }
            nodes[node].labelStart = Int32(labels.count)
            let firstStart = sorted[first].range.lowerBound
            labels.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(firstStart + depth)..<(firstStart + end)]))
            nodes[node].labelEnd = Int32(labels.count)
            // Strings ending here come first in the sorted range.
            var index = range.lowerBound
            nodes[node].valueStart = Int32(values.count)
            while index < range.upperBound && sorted[index].range.count == end {
                values.append(sorted[index].value)
                index += 1
            }
            nodes[node].valueEnd = Int32(values.count)
            // The rest split by the byte after the shared prefix.
            nodes[node].childStart = Int32(childBytes.count)
            while index < range.upperBound {
                let next = byte(index, end)
                var groupEnd = index + 1
                while groupEnd < range.upperBound && byte(groupEnd, end) == next { groupEnd += 1 }
                childBytes.append(next)
                childNodes.append(Int32(nodes.count))
                pending.append((nodes.count, index..<groupEnd, end))
                nodes.append(Node(labelStart: 0, labelEnd: 0, valueStart: 0, valueEnd: 0, childStart: 0, childEnd: 0))
                index = groupEnd
            }
            nodes[node].childEnd = Int32(childBytes.count)
        }
        // The root's children by byte: a walk starts at the root at every position of a text, and the root has a
        // child for most bytes a URL holds.
        rootChildren = [Int32](repeating: -1, count: 256)
        for child in Int(nodes[0].childStart)..<Int(nodes[0].childEnd) { rootChildren[Int(childBytes[child])] = childNodes[child] }
    }

    /// An empty trie.
    init() {}

    @inline(__always) private static func gramBit(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Int {
        gramBit(UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24)
    }

    /// The bit of a 4-byte gram (its first byte in the low byte).
    @inline(__always) private static func gramBit(_ gram: UInt32) -> Int {
        Int((gram &* 0x9E37_79B1) >> 12)
    }

    /// Calls `body` with the value of every stored string that occurs in `text`, once per occurrence (by start, then
    /// by length; the values of equal strings in the order given).
    func forEachOccurrence(in text: [UInt8], _ body: (Int) -> Void) {
        text.withUnsafeBufferPointer { forEachOccurrence(in: $0, body) }
    }

    /// `forEachOccurrence(in:_:)` of the bytes of `text`.
    func forEachOccurrence(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard !nodes.isEmpty else { return }
        // The arrays are read through pointers (the walk is most of containment's candidate search, and each
        // checked index was a compare and a branch per byte).
        nodes.withUnsafeBufferPointer { nodes in
            labels.withUnsafeBufferPointer { labels in
                childBytes.withUnsafeBufferPointer { childBytes in
                    rootChildren.withUnsafeBufferPointer { rootChildren in
                        walk(text, nodes, labels, childBytes, rootChildren, body)
                    }
                }
            }
        }
    }

    private func walk(
        _ text: UnsafeBufferPointer<UInt8>, _ nodes: UnsafeBufferPointer<Node>, _ labels: UnsafeBufferPointer<UInt8>,
        _ childBytes: UnsafeBufferPointer<UInt8>, _ rootChildren: UnsafeBufferPointer<Int32>, _ body: (Int) -> Void
    ) {
        // The root's label is the prefix every string shares, empty unless there is one (and then the root holds
        // no string either: empty strings are left out).
        let rootHasLabel = nodes[0].labelEnd > nodes[0].labelStart
        // The 4 bytes from `start`, the first in the low byte, rolled along (one byte read per start).
        var gram: UInt32 = 0
        if filtersStarts {
            guard text.count >= 4 else { return }
            for offset in 0..<3 { gram |= UInt32(text[offset]) << (8 * UInt32(offset + 1)) }
        }
        for start in text.indices {
            if filtersStarts {
                guard start + 4 <= text.count else { break }
                gram = gram >> 8 | UInt32(text[start + 3]) << 24
                let bit = LiteralTrie.gramBit(gram)
                if firstGrams[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { continue }
            }
            var node = 0
            var position = start
            if !rootHasLabel {
                // Straight to the root's child for the first byte (the root holds nothing else).
                let child = rootChildren[Int(text[start])]
                guard child >= 0 else { continue }
                node = Int(child)
            }
            walk: while true {
                let current = nodes[node]
                for labelIndex in Int(current.labelStart)..<Int(current.labelEnd) {
                    guard position < text.count, text[position] == labels[labelIndex] else { break walk }
                    position += 1
                }
                for index in Int(current.valueStart)..<Int(current.valueEnd) { body(values[index]) }
                guard position < text.count else { break }
                // The children are sorted by first byte: halved down to a few, then looked at in turn.
                let byte = text[position]
                var low = Int(current.childStart), high = Int(current.childEnd)
                while high - low > 8 {
                    let middle = (low + high) / 2
                    if childBytes[middle] <= byte { low = middle } else { high = middle }
                }
                var next = -1
                for child in low..<high where childBytes[child] == byte {
                    next = Int(childNodes[child])
                    break
                }
                guard next >= 0 else { break }
                node = next
            }
        }
    }
}
