/// An open-addressing table from 4-byte lower-cased grams to rule slots: a rule is a candidate for a text only if
/// the text contains the gram the rule was filed under. Each posting carries its rule's resource mask and
/// load-type/load-context bits, so candidates whose flags cannot match are dropped while collecting.
struct GramIndex: Sendable {
    /// One filed rule: its slot and flag masks.
    private struct Posting {
        var slot: Int32
        var resourceMask: UInt32
        /// Load-type mask in bits 0-1, load-context mask in bits 2-3.
        var flags: UInt8
    }

    /// The flag bits of a request, as `collect` tests them against a posting.
    struct RequestFlags {
        var resourceBit: UInt32
        /// The request's load-type bit in bits 0-1 and load-context bit in bits 2-3.
        var flags: UInt8
        /// Flags that every posting passes.
        static let any = RequestFlags(resourceBit: 0, flags: 0)
    }

    /// One table cell: a gram (0 when empty) and where its slots lie in `postings`.
    private struct Bucket {
        var key: UInt32
        var start: Int32
        var count: Int32
    }

    private var buckets: [Bucket]
    private var postings: [Posting]
    private let shift: UInt32
    /// Whether no rule is filed.
    let isEmpty: Bool

    @inline(__always) static func gram(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> UInt32 {
        UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24
    }

    @inline(__always) private func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> shift) }

    /// Files each entry's slot under its gram, with the flags of `masks[slot]`.
    init(entries: [(gram: UInt32, slot: Int32)], masks: [TriggerMasks]) {
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
            for slot in list {
                let rule = masks[Int(slot)]
                postings.append(Posting(slot: slot, resourceMask: rule.resourceMask, flags: rule.loadFlags))
            }
        }
    }

    /// Appends the slots filed under every gram of `text` (lower-cased bytes) whose flags admit `request`.
    func collect(_ text: [UInt8], admitting request: RequestFlags, into result: inout [Int32]) {
        guard !isEmpty, text.count >= 4 else { return }
        text.withUnsafeBufferPointer { collect($0, admitting: request, into: &result) }
    }

    /// Appends the slots filed under every gram of `text` (lower-cased bytes) whose flags admit `request`
    /// (`RequestFlags.any` admits every slot).
    func collect(_ text: UnsafeBufferPointer<UInt8>, admitting request: RequestFlags, into result: inout [Int32]) {
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
                            for posting in postings[start..<(start + Int(bucket.count))] {
                                if request.resourceBit == 0
                                    || (posting.resourceMask & request.resourceBit != 0 && posting.flags & request.flags == request.flags)
                                {
                                    result.append(posting.slot)
                                }
                            }
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
