/// Numbers distinct strings in order of first appearance (0, 1, 2, ...), for the optimizer's url-filter numbers.
///
/// Open addressing on a hash of the string's UTF-8 bytes read eight at a time; equal hashes are confirmed by
/// comparing the strings. A `[String: Int32]` hashed each url-filter with SipHash, and its `[key, default:]` access
/// allocated twice per key (numbering EasyList + EasyPrivacy's 132,107 rules). Only looked up, never iterated:
/// nothing depends on where a string lands.
struct StringNumbering {
    /// The distinct strings, by number.
    private var strings: [String] = []
    /// Their hashes, by number.
    private var hashes: [UInt64] = []
    /// A number per slot, -1 for an empty slot; the slot count is a power of two.
    private var slots: [Int32]

    /// An empty numbering with room for `capacity` strings before it grows.
    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        strings.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    /// How many distinct strings have numbers.
    var count: Int { strings.count }

    /// The number of `string`: its existing one, or the next one when it is new.
    mutating func number(of string: String) -> Int32 {
        if 2 * (strings.count + 1) > slots.count { grow() }
        let hash = StringNumbering.hash(string)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let number = slots[slot]
            if number < 0 { break }
            if hashes[Int(number)] == hash && strings[Int(number)] == string { return number }
            slot = (slot + 1) & mask
        }
        let number = Int32(truncatingIfNeeded: strings.count)
        slots[slot] = number
        strings.append(string)
        hashes.append(hash)
        return number
    }

    /// Doubles the slots and files every number again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = slots.count - 1
        for number in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[number]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: number)
        }
    }

    /// A hash of the UTF-8 bytes of `string` (equal strings, equal hashes).
    static func hash(_ string: String) -> UInt64 {
        if let hash = string.utf8.withContiguousStorageIfAvailable({ hash(bytes: $0) }) { return hash }
        return hash(bytes: Array(string.utf8))
    }

    private static func hash(bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash(bytes: $0) }
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                index += 8
            }
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
