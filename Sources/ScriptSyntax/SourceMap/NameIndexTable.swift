#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each name of a source map's `names` list is, looked up by its UTF-8 bytes: an open-addressing table with
/// a cheap byte hash, for the composer's many lookups of short identifier names (the standard dictionary hashes
/// each name with a keyed hash, several times the cost for names this short). Names are equal when their bytes
/// are, as JavaScript compares identifiers (no Unicode normalization: `a\u{301}` and `\u{e1}` are two names).
///
/// The table is the list of names itself (step 5m): a name is kept as its bytes only, which the map's JSON writes
/// (`forEachName`), not as a `String` too (each added name was retained into a `[String]`, and each written one
/// retained and released again).
struct NameIndexTable: Sendable {
    /// Per slot: an index into the names, or -1 for an empty slot. The slot count is a power of two.
    private var slots: [Int32] = []
    /// Per name (by index): its hash, kept for growing the table.
    private var hashes: [UInt64] = []
    /// The names' UTF-8 bytes back to back, compared in place (no `String` read or retained per lookup).
    private var storage: [UInt8] = []
    /// Per name: where its bytes start in `storage`, and one more entry for the end.
    private var starts: [Int32] = [0]

    package init() {}

    /// How many names the table holds.
    package var count: Int { hashes.count }

    /// The index of `name`, adding it as the next index when it is not there.
    package mutating func index(of name: String) -> Int {
        if (hashes.count + 1) * 2 > slots.count { grow() }
        if let index = name.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return index }
        return Array(name.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    /// `index(of:)` of the name with UTF-8 bytes `bytes` (the table has room for one more name).
    private mutating func index(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let found = find(bytes)
        if let index = found.index { return index }
        let index = hashes.count
        hashes.append(found.hash)
        storage.append(contentsOf: bytes)
        starts.append(Int32(truncatingIfNeeded: storage.count))
        slots[found.slot] = Int32(truncatingIfNeeded: index)
        return index
    }

    /// Calls `body` with the UTF-8 bytes of each name, in index order.
    func forEachName(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        storage.withUnsafeBufferPointer { storage in
            starts.withUnsafeBufferPointer { starts in
                var index = 0
                while index + 1 < starts.count {
                    body(UnsafeBufferPointer(rebasing: storage[Int(starts[index])..<Int(starts[index + 1])]))
                    index += 1
                }
            }
        }
    }

    /// The name with bytes `bytes`, if known, else the empty slot to put it in, with its hash.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int?, slot: Int, hash: UInt64) {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return storage.withUnsafeBufferPointer { storage in
            while true {
                let index = Int(slots[slot])
                if index < 0 { return (nil, slot, hash) }
                if hashes[index] == hash {
                    let start = Int(starts[index])
                    let count = Int(starts[index + 1]) - start
                    if count == bytes.count, count == 0 || Self.equal(storage.baseAddress, start, bytes.baseAddress, count) {
                        return (index, slot, hash)
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether `count` bytes at `a + start` and at `b` are the same.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>?, _ start: Int, _ b: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
        guard let a, let b else { return false }
        return memcmp(a + start, b, count) == 0
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

    /// FNV-1a over the name's UTF-8 bytes, its bits mixed so that the low ones (the slot) depend on all of them.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        value ^= value >> 29
        value = value &* 0xBF58_476D_1CE4_E5B9
        return value ^ (value >> 32)
    }
}
