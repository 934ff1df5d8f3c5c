/// Interns the identifier names of one parse: each distinct name (escapes decoded) gets a small ID the first
/// time it is seen, found again by hashing its UTF-8 bytes, without building a `String` per occurrence.
struct IdentifierTable {
    /// The bytes of every distinct name, one after another.
    private var arena: [UInt8] = []
    /// Each name's bytes in `arena`: start in the high half, length in the low half.
    private var spans: [UInt64] = []
    /// Each name as a `String`, built once.
    private(set) var strings: [String] = []
    /// Open addressing: 0 for an empty slot, else the name's hash in the high half and its ID + 1 in the low
    /// half (so most mismatches are told apart without reading the name); the count is a power of two.
    private var slots: [UInt64] = Array(repeating: 0, count: 256)

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

    /// The ID of the name spelled by `raw` (already decoded).
    mutating func id(of raw: UnsafeRawBufferPointer) -> Int32 {
        let hash = Self.hash(raw)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if matches(id, raw) { return Int32(truncatingIfNeeded: id) }
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(truncatingIfNeeded: strings.count)
        spans.append(UInt64(truncatingIfNeeded: arena.count) << 32 | UInt64(truncatingIfNeeded: raw.count))
        arena.append(contentsOf: raw)
        strings.append(String(decoding: raw, as: UTF8.self))
        slots[slot] = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: id) &+ 1)
        if strings.count * 2 > slots.count { grow() }
        return id
    }

    private func matches(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard id >= 0, id < spans.count else { return false }
        let span = spans[id]
        let length = Int(truncatingIfNeeded: span & 0xFFFF_FFFF)
        guard length == bytes.count else { return false }
        guard length > 0 else { return true }
        let start = Int(truncatingIfNeeded: span >> 32)
        return arena.withUnsafeBytes { arena in
            guard let stored = arena.baseAddress, let given = bytes.baseAddress, start + length <= arena.count else { return false }
            // Eight bytes at a time, then the rest byte by byte.
            var j = 0
            while length - j >= 8 {
                if stored.loadUnaligned(fromByteOffset: start + j, as: UInt64.self)
                    != given.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                {
                    return false
                }
                j += 8
            }
            while j < length {
                if stored.load(fromByteOffset: start + j, as: UInt8.self) != given.load(fromByteOffset: j, as: UInt8.self) { return false }
                j += 1
            }
            return true
        }
    }

    private mutating func grow() {
        var larger = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for entry in slots where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = entry
        }
        slots = larger
    }
}
