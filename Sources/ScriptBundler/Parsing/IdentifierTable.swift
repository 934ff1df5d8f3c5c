/// Interns the identifier names of one parse: each distinct name (escapes decoded) gets a small ID the first
/// time it is seen, found again by hashing its UTF-8 bytes, without building a `String` per occurrence.
struct IdentifierTable {
    /// The bytes of every distinct name, one after another.
    private var arena: [UInt8] = []
    private var starts: [Int32] = []
    private var lengths: [Int32] = []
    /// The hash of each name.
    private var hashes: [UInt32] = []
    /// Each name as a `String`, built once.
    private(set) var strings: [String] = []
    /// Open addressing: an entry's index, or -1 for an empty slot; the count is a power of two.
    private var slots: [Int32] = Array(repeating: -1, count: 256)

    init() {}

    /// A hash of `bytes`, eight bytes at a time.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let count = bytes.count
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: h >> 32) }
        var j = 0
        while count - j >= 8 {
            h = (h ^ UInt64(littleEndian: base.loadUnaligned(fromByteOffset: j, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            j += 8
        }
        if j < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while j < count {
                tail |= UInt64(base.load(fromByteOffset: j, as: UInt8.self)) << shift
                shift += 8
                j += 1
            }
            h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        return UInt32(truncatingIfNeeded: h >> 32)
    }

    /// The ID of the name spelled by `bytes` (already decoded).
    mutating func id(of raw: UnsafeRawBufferPointer) -> Int32 {
        let hash = Self.hash(raw)
        var mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { break }
            if hashes[Int(entry)] == hash, matches(Int(entry), raw) { return entry }
            slot = (slot + 1) & mask
        }
        let id = Int32(truncatingIfNeeded: strings.count)
        starts.append(Int32(truncatingIfNeeded: arena.count))
        lengths.append(Int32(truncatingIfNeeded: raw.count))
        hashes.append(hash)
        arena.append(contentsOf: raw)
        strings.append(String(decoding: raw, as: UTF8.self))
        slots[slot] = id
        if strings.count * 2 > slots.count {
            grow()
            mask = slots.count - 1
        }
        return id
    }

    private func matches(_ entry: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let length = Int(lengths[entry])
        guard length == bytes.count else { return false }
        guard length > 0 else { return true }
        let start = Int(starts[entry])
        return arena.withUnsafeBytes { arena in
            guard let stored = arena.baseAddress, let given = bytes.baseAddress, start + length <= arena.count else { return false }
            var j = 0
            while j < length {
                if stored.load(fromByteOffset: start + j, as: UInt8.self) != given.load(fromByteOffset: j, as: UInt8.self) { return false }
                j += 1
            }
            return true
        }
    }

    private mutating func grow() {
        var larger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = larger.count - 1
        for entry in 0..<strings.count {
            var slot = Int(hashes[entry]) & mask
            while larger[slot] >= 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(truncatingIfNeeded: entry)
        }
        slots = larger
    }
}
