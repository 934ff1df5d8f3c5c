/// An open-addressing table from 4-byte lower-cased grams to rule slots: a rule is a candidate for a text only if
/// the text contains the gram the rule was filed under.
struct GramIndex: Sendable {
    private var keys: [UInt32]
    private var starts: [Int32]
    private var counts: [Int32]
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
        keys = [UInt32](repeating: 0, count: capacity)
        starts = [Int32](repeating: 0, count: capacity)
        counts = [Int32](repeating: 0, count: capacity)
        postings = []
        isEmpty = grouped.isEmpty
        for key in grouped.keys.sorted() {
            guard let list = grouped[key] else { continue }
            var index = Int((key &* 0x9E37_79B1) >> shift)
            while keys[index] != 0 { index = (index + 1) & (capacity - 1) }
            keys[index] = key
            starts[index] = Int32(postings.count)
            counts[index] = Int32(list.count)
            postings += list
        }
    }

    /// Appends the slots filed under every gram of `text` (lower-cased bytes).
    func collect(_ text: [UInt8], into result: inout [Int32]) {
        guard !isEmpty, text.count >= 4 else { return }
        let mask = keys.count - 1
        keys.withUnsafeBufferPointer { keys in
            text.withUnsafeBufferPointer { text in
                var key = UInt32(text[0]) | UInt32(text[1]) << 8 | UInt32(text[2]) << 16
                for index in 3..<text.count {
                    key = (key & 0x00FF_FFFF) | UInt32(text[index]) << 24
                    var probe = Int((key &* 0x9E37_79B1) >> shift)
                    while true {
                        let found = keys[probe]
                        if found == 0 { break }
                        if found == key {
                            let start = Int(starts[probe])
                            for offset in 0..<Int(counts[probe]) { result.append(postings[start + offset]) }
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
