#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each name of a source map's `names` list is, looked up by its UTF-8 bytes: an open-addressing table with
/// a cheap byte hash, for the composer's many lookups of short identifier names (the standard dictionary hashes
/// each name with a keyed hash, several times the cost for names this short). Names are equal when their bytes
/// are, as JavaScript compares identifiers (no Unicode normalization: `a\u{301}` and `\u{e1}` are two names).
struct NameIndexTable {
    /// Per slot: an index into the names, or -1 for an empty slot. The slot count is a power of two.
    private var slots: [Int32] = []
    /// Per name (by index): its hash, kept for growing the table.
    private var hashes: [UInt64] = []

    /// The index of `name` in `names`, appending it first when it is not there.
    mutating func index(of name: String, in names: inout [String]) -> Int {
        let hash = Self.hash(name)
        if (hashes.count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            if hashes[index] == hash, Self.sameBytes(names[index], name) { return index }
            slot = (slot + 1) & mask
        }
        let index = names.count
        names.append(name)
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: index)
        return index
    }

    private mutating func grow() {
        let count = max(64, slots.count * 2)
        slots = [Int32](repeating: -1, count: count)
        let mask = count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }

    /// Whether two names have the same UTF-8 bytes (compared in place: names are native, contiguous strings).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    /// FNV-1a over the name's UTF-8 bytes, its bits mixed so that the low ones (the slot) depend on all of them.
    private static func hash(_ name: String) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        var name = name
        name.withUTF8 { bytes in
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        value ^= value >> 29
        value = value &* 0xBF58_476D_1CE4_E5B9
        return value ^ (value >> 32)
    }
}
