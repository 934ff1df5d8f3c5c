/// Interns the identifier names of one parse: each distinct name (escapes decoded) gets a small ID the first
/// time it is seen, found again by hashing its UTF-8 bytes, without building a `String` per occurrence.
struct IdentifierTable {
    /// The bytes of every distinct name, one after another.
    private var arena: [UInt8] = []
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    /// Each name as a `String`, built once.
    private(set) var strings: [String] = []
    /// Open addressing: an entry's index, or -1 for an empty slot; the count is a power of two.
    private var slots: [Int32] = Array(repeating: -1, count: 256)

    init() {}

    /// The ID of the name spelled by `bytes` (already decoded).
    mutating func id(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        var hash: UInt32 = 2_166_136_261
        for b in bytes { hash = (hash ^ UInt32(b)) &* 16_777_619 }
        var mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { break }
            if matches(Int(entry), bytes) { return entry }
            slot = (slot + 1) & mask
        }
        let id = Int32(truncatingIfNeeded: strings.count)
        starts.append(Int32(truncatingIfNeeded: arena.count))
        lengths.append(Int32(truncatingIfNeeded: bytes.count))
        arena.append(contentsOf: bytes)
        strings.append(String(decoding: bytes, as: UTF8.self))
        slots[slot] = id
        if strings.count * 2 > slots.count {
            grow()
            mask = slots.count - 1
        }
        return id
    }

    private func matches(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(lengths[entry])
        guard length == bytes.count else { return false }
        let start = Int(starts[entry])
        var j = 0
        while j < length {
            if arena[start + j] != bytes[j] { return false }
            j += 1
        }
        return true
    }

    private mutating func grow() {
        var larger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = larger.count - 1
        for entry in 0..<strings.count {
            var hash: UInt32 = 2_166_136_261
            let start = Int(starts[entry])
            for j in start..<(start + Int(lengths[entry])) { hash = (hash ^ UInt32(arena[j])) &* 16_777_619 }
            var slot = Int(hash) & mask
            while larger[slot] >= 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(truncatingIfNeeded: entry)
        }
        slots = larger
    }
}
