/// An open-addressing table from 4-byte lower-cased grams to rule slots: a rule is a candidate for a text only if
/// the text contains the gram the rule was filed under.
struct GramIndex: Sendable {
    /// One table cell: a gram (0 when empty) and where its slots lie in `postings`.
    private struct Bucket {
        var key: UInt32
        var start: Int32
        var count: Int32
    }

    private var buckets: [Bucket]
    private var postings: [Int32]
    private let shift: UInt32
    /// Whether no rule is filed.
    let isEmpty: Bool

    @inline(__always) static func gram(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt32 {
        UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24
    }

    @inline(__always) private func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> shift) }

    init(entries: [(gram: UInt32, slot: Int32)]) {
        var grouped: [UInt32: [Int32]] = [:]
        for entry in entries { grouped[entry.gram, default: []].append(entry.slot) }
        var capacityBits: UInt32 = 4
        while (1 << capacityBits) < grouped.count * 2 { capacityBits += 1 }
        let capacity = 1 << Int(capacityBits)
        shift = 32 - capacityBits
        buckets = [Bucket](repeating: Bucket(key: 0, start: 0, count: 0), count: capacity)
        postings = []
        isEmpty = grouped.isEmpty
        for key in grouped.keys.sorted() {
            guard let list = grouped[key] else { continue }
            var index = Int((key &* 0x9E37_79B1) >> shift)
            while buckets[index].key != 0 { index = (index + 1) & (capacity - 1) }
            buckets[index] = Bucket(key: key, start: Int32(postings.count), count: Int32(list.count))
            postings += list
        }
    }

    /// Appends the slots filed under every gram of `text` (lower-cased bytes).
    func collect(_ text: [UInt8], into result: inout [Int32]) {
        guard !isEmpty, text.count >= 4 else { return }
        text.withUnsafeBufferPointer { collect($0, into: &result) }
    }

    /// Appends the slots filed under every gram of `text` (lower-cased bytes).
    func collect(_ text: UnsafeBufferPointer<UInt8>, into result: inout [Int32]) {
        guard !isEmpty, text.count >= 4 else { return }
        let mask = buckets.count - 1
        let shift = self.shift
        buckets.withUnsafeBufferPointer { buckets in
            postings.withUnsafeBufferPointer { postings in
                var key = UInt32(text[0]) | UInt32(text[1]) << 8 | UInt32(text[2]) << 16
                for index in 3..<text.count {
                    key = (key & 0x00FF_FFFF) | UInt32(text[index]) << 24
                    var probe = Int((key &* 0x9E37_79B1) >> shift)
                    while true {
                        let bucket = buckets[probe]
                        if bucket.key == 0 { break }
                        if bucket.key == key {
                            let start = Int(bucket.start)
                            result.append(contentsOf: postings[start..<(start + Int(bucket.count))])
                            break
                        }
                        probe = (probe + 1) & mask
                    }
                    key >>= 8
                }
            }
        }
    }
}
