/// Interns the identifier names of one parse: each distinct name (escapes decoded) gets a small ID the first
/// time it is seen, found again by hashing its UTF-8 bytes, without building a `String` per occurrence.
struct IdentifierTable {
    /// The bytes of every distinct name, one after another.
    private var arena: Arena
    /// Each name's bytes in `arena`: start in the high half, length in the low half.
    private var spans: [UInt64] = []
    /// Each name as a `String`, built once.
    private(set) var strings: [String] = []
    /// Open addressing: 0 for an empty slot, else the name's hash in the high half and its ID + 1 in the low
    /// half (so most mismatches are told apart without reading the name); the count is a power of two.
    private var slots: [UInt64]

    init() {
        slots = Array(repeating: 0, count: 256)
        arena = Arena(capacity: 1024)
    }

    /// A table with room for about `expectedNames` distinct names (of about 8 bytes each) before it grows: a parse
    /// sizes it from its token count, so most files never rehash the slots nor copy the names' arrays to grow them.
    init(expectedNames: Int) {
        let names = max(16, expectedNames)
        var slotCount = 256
        while slotCount < 2 * names { slotCount *= 2 }
        slots = Array(repeating: 0, count: slotCount)
        spans.reserveCapacity(names)
        strings.reserveCapacity(names)
        arena = Arena(capacity: 8 * names)
    }

    /// Bytes appended one after another, in memory of its own: an array's append of a name's bytes was a call of about
    /// ninety instructions. Only appended to, so tables that share it (a copied table) each find their own names.
    private final class Arena {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(64, capacity)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// Appends `bytes` and returns the offset of the first.
        @inline(__always)
        func append(_ bytes: UnsafeRawBufferPointer) -> Int {
            let start = count
            let length = bytes.count
            if length > capacity &- start { grow(toHold: start &+ length) }
            if let source = bytes.baseAddress {
                (base + start).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: length)
            }
            count = start &+ length
            return start
        }

        private func grow(toHold needed: Int) {
            var larger = capacity * 2
            while larger < needed { larger *= 2 }
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            storage.moveInitialize(from: base, count: count)
            base.deallocate()
            base = storage
            capacity = larger
        }
    }

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

    /// `hash(_:)` of a name of 1 to 8 bytes whose `TokenCode` is `code`: the same value, from the word the scanner
    /// already loaded (`hash(_:)` read a short name's bytes one by one).
    @inline(__always)
    private static func hash(code: UInt64, count: Int) -> UInt32 {
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ code) &* 0x9E37_79B9_7F4A_7C15
        if count == 8 { h ^= h >> 29 }
        h ^= h >> 32
        h = h &* 0xD6E8_FEB8_6659_FD93
        return UInt32(truncatingIfNeeded: h >> 32)
    }

    /// The ID of the name spelled by `raw` (already decoded).
    mutating func id(of raw: UnsafeRawBufferPointer) -> Int32 {
        id(of: raw, hash: Self.hash(raw))
    }

    /// The ID of the name spelled by `raw` (already decoded), whose `TokenCode` is `code` (`raw` holds 1 to 8 bytes,
    /// which `code` packs).
    mutating func id(of raw: UnsafeRawBufferPointer, code: UInt64) -> Int32 {
        id(of: raw, hash: Self.hash(code: code, count: raw.count))
    }

    @inline(__always)
    private mutating func id(of raw: UnsafeRawBufferPointer, hash: UInt32) -> Int32 {
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
        let start = arena.append(raw)
        spans.append(UInt64(truncatingIfNeeded: start) << 32 | UInt64(truncatingIfNeeded: raw.count))
        strings.append(Self.string(raw))
        slots[slot] = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: id) &+ 1)
        if strings.count * 2 > slots.count { grow() }
        return id
    }

    /// `raw` as a `String`. A name of up to 15 bytes is a small string: built in place, an ASCII one is not validated
    /// again (`String(decoding:as:)` validated and repaired every name, about 190 instructions each).
    @inline(__always)
    private static func string(_ raw: UnsafeRawBufferPointer) -> String {
        let count = raw.count
        guard count <= 15, let base = raw.baseAddress else { return String(decoding: raw, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress.unsafelyUnwrapped.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: count)
            return count
        }
    }

    private func matches(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard id >= 0, id < spans.count else { return false }
        let span = spans[id]
        let length = Int(truncatingIfNeeded: span & 0xFFFF_FFFF)
        guard length == bytes.count else { return false }
        guard length > 0 else { return true }
        let start = Int(truncatingIfNeeded: span >> 32)
        guard let given = bytes.baseAddress, start + length <= arena.count else { return false }
        let stored = UnsafeRawPointer(arena.base)
        // Eight bytes at a time, then the rest byte by byte.
        var j = 0
        while length - j >= 8 {
            if stored.loadUnaligned(fromByteOffset: start + j, as: UInt64.self) != given.loadUnaligned(fromByteOffset: j, as: UInt64.self) {
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
