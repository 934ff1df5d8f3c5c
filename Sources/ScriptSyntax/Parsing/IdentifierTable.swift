/// Interns the identifier names of one parse: each distinct name (escapes decoded) gets a small ID the first
/// time it is seen, found again by hashing its UTF-8 bytes, without building a `String` per occurrence.
///
/// The slots, the names' spans and their bytes are memory of the table's own (`Storage`, a final class holding
/// pointers), read and written without the arrays' uniqueness, capacity and bounds checks (issue 41 step 5o: a new
/// name appended to three arrays, each append a uniqueness check; 885 K checks on the large benchmark tree). The
/// names' `String`s are built when `strings` is read (mostly once, when the parse hands its names to the tree), not
/// one by one as names are added. A copy of the table shares its storage: the parser, its one user, never copies it.
struct IdentifierTable {
    private let storage: Storage

    package init() {
        storage = Storage(slotCount: 256, arenaCapacity: 1024)
    }

    /// A table with room for about `expectedNames` distinct names (of about 8 bytes each) before it grows: a parse
    /// sizes it from its token count, so most files never rehash the slots nor copy the names' bytes to grow them.
    package init(expectedNames: Int) {
        let names = max(16, expectedNames)
        var slotCount = 256
        while slotCount < 2 * names { slotCount *= 2 }
        storage = Storage(slotCount: slotCount, arenaCapacity: 8 * names)
    }

    /// Each name as a `String`, in ID order (the ones not built yet are built now).
    package var strings: [String] { storage.strings() }

    /// The number of distinct names.
    package var count: Int { storage.count }

    private final class Storage {
        /// Open addressing: 0 for an empty slot, else the name's hash in the high half and its ID + 1 in the low
        /// half (so most mismatches are told apart without reading the name); `slotCount` slots, a power of two,
        /// all initialized. The spans follow the slots in the same allocation.
        private var slots: UnsafeMutablePointer<UInt64>
        private var slotCount: Int
        /// Each name's bytes in `arena`: start in the high half, length in the low half; `count` initialized, room
        /// for `slotCount / 2 + 1` (the slots grow once more than half of them are used).
        private var spans: UnsafeMutablePointer<UInt64>
        package private(set) var count = 0
        /// The bytes of every distinct name, one after another: `arenaCount` initialized of `arenaCapacity`.
        private var arena: UnsafeMutablePointer<UInt8>
        private var arenaCount = 0
        private var arenaCapacity: Int
        /// The `String`s of the first `built.count` names. Unchecked exclusivity: only `strings()` reads and
        /// writes it, and nothing it calls touches it (the checks were a runtime call on every read of `strings`).
        @exclusivity(unchecked) private var built: [String] = []

        package init(slotCount: Int, arenaCapacity: Int) {
            self.slotCount = slotCount
            let block = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.blockSize(slotCount))
            block.initialize(repeating: 0, count: slotCount)
            slots = block
            spans = block + slotCount
            self.arenaCapacity = max(64, arenaCapacity)
            arena = .allocate(capacity: self.arenaCapacity)
        }

        deinit {
            slots.deallocate()
            arena.deallocate()
        }

        /// The words of one allocation of `slotCount` slots and the spans they may index.
        @inline(__always)
        private static func blockSize(_ slotCount: Int) -> Int { slotCount + slotCount / 2 + 1 }

        @inline(__always)
        package func id(of raw: UnsafeRawBufferPointer, hash: UInt32) -> Int32 {
            let mask = slotCount &- 1
            var slot = Int(hash) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { break }
                if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                    let id = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                    if matches(id, raw) { return Int32(truncatingIfNeeded: id) }
                }
                slot = (slot &+ 1) & mask
            }
            let id = count
            let start = append(raw)
            spans[id] = UInt64(truncatingIfNeeded: start) << 32 | UInt64(truncatingIfNeeded: raw.count)
            slots[slot] = UInt64(hash) << 32 | UInt64(truncatingIfNeeded: id &+ 1)
            count = id &+ 1
            if count &* 2 > slotCount { grow() }
            return Int32(truncatingIfNeeded: id)
        }

        /// Appends `bytes` to the arena and returns the offset of the first.
        @inline(__always)
        private func append(_ bytes: UnsafeRawBufferPointer) -> Int {
            let start = arenaCount
            let length = bytes.count
            if length > arenaCapacity &- start { growArena(toHold: start &+ length) }
            if let source = bytes.baseAddress {
                (arena + start).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: length)
            }
            arenaCount = start &+ length
            return start
        }

        @inline(never)
        private func growArena(toHold needed: Int) {
            var larger = arenaCapacity * 2
            while larger < needed { larger *= 2 }
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            storage.moveInitialize(from: arena, count: arenaCount)
            arena.deallocate()
            arena = storage
            arenaCapacity = larger
        }

        /// Whether name `id` (below `count`, as every slot's is) is spelled by `bytes`.
        @inline(__always)
        private func matches(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
            guard UInt(bitPattern: id) < UInt(bitPattern: count) else { return false }
            let span = spans[id]
            let length = Int(truncatingIfNeeded: span & 0xFFFF_FFFF)
            guard length == bytes.count else { return false }
            guard length > 0 else { return true }
            let start = Int(truncatingIfNeeded: span >> 32)
            guard let given = bytes.baseAddress else { return false }
            let stored = UnsafeRawPointer(arena)
            // Eight bytes at a time, then the rest byte by byte.
            var j = 0
            while length &- j >= 8 {
                if stored.loadUnaligned(fromByteOffset: start &+ j, as: UInt64.self)
                    != given.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                {
                    return false
                }
                j &+= 8
            }
            while j < length {
                if stored.load(fromByteOffset: start &+ j, as: UInt8.self) != given.load(fromByteOffset: j, as: UInt8.self) {
                    return false
                }
                j &+= 1
            }
            return true
        }

        @inline(never)
        private func grow() {
            let larger = slotCount * 2
            let block = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.blockSize(larger))
            block.initialize(repeating: 0, count: larger)
            let mask = larger - 1
            for index in 0..<slotCount {
                let entry = slots[index]
                if entry == 0 { continue }
                var slot = Int(truncatingIfNeeded: entry >> 32) & mask
                while block[slot] != 0 { slot = (slot &+ 1) & mask }
                block[slot] = entry
            }
            (block + larger).moveInitialize(from: spans, count: count)
            slots.deallocate()
            slots = block
            spans = block + larger
            slotCount = larger
        }

        /// Every name's `String`, in ID order: those not built yet are built now, from their bytes. The first build
        /// (mostly the only one: the parse hands its names to the tree once, at its end) writes them in place; a
        /// later one (the parser read a name before its end) appends the names added since.
        package func strings() -> [String] {
            let done = built.count, total = count
            guard done < total else { return built }
            if done == 0 {
                let spans = self.spans, arena = self.arena
                built = [String](unsafeUninitializedCapacity: total) { buffer, initialized in
                    for k in 0..<total {
                        buffer.initializeElement(at: k, to: Self.string(spans[k], arena))
                    }
                    initialized = total
                }
            } else {
                // One append of them all: an append per name checked the array's uniqueness each time.
                let spans = self.spans, arena = self.arena
                built.append(contentsOf: (done..<total).lazy.map { Self.string(spans[$0], arena) })
            }
            return built
        }

        /// The `String` of the name whose span is `span`.
        @inline(__always)
        private static func string(_ span: UInt64, _ arena: UnsafeMutablePointer<UInt8>) -> String {
            let start = Int(truncatingIfNeeded: span >> 32)
            let length = Int(truncatingIfNeeded: span & 0xFFFF_FFFF)
            return IdentifierTable.string(UnsafeRawBufferPointer(start: arena + start, count: length))
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
    package mutating func id(of raw: UnsafeRawBufferPointer) -> Int32 {
        storage.id(of: raw, hash: Self.hash(raw))
    }

    /// The ID of the name spelled by `raw` (already decoded), whose `TokenCode` is `code` (`raw` holds 1 to 8 bytes,
    /// which `code` packs).
    package mutating func id(of raw: UnsafeRawBufferPointer, code: UInt64) -> Int32 {
        storage.id(of: raw, hash: Self.hash(code: code, count: raw.count))
    }

    /// `raw` as a `String`. A name of up to 15 bytes is a small string: built in place, an ASCII one is not validated
    /// again (`String(decoding:as:)` validated and repaired every name, about 190 instructions each).
    @inline(__always)
    fileprivate static func string(_ raw: UnsafeRawBufferPointer) -> String {
        let count = raw.count
        guard count <= 15, let base = raw.baseAddress else { return String(decoding: raw, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            buffer.baseAddress.unsafelyUnwrapped.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: count)
            return count
        }
    }
}
