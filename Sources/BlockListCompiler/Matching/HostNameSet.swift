/// A set of host names looked up with a hash computed once per request (64-bit FNV-1a of the UTF-8 bytes), so a
/// domain condition costs a few integer comparisons instead of hashing every host suffix for every rule. A hash
/// hit is confirmed by comparing the names.
struct HostNameSet: Sendable {
    /// Hashes in ascending order.
    private let hashes: [UInt64]
    /// The names, in the order of `hashes`.
    private let names: [String]

    init(_ names: some Sequence<String>) {
        let sorted = Set(names).map { (hash: HostNameSet.hash($0), name: $0) }.sorted { ($0.hash, $0.name) < ($1.hash, $1.name) }
        hashes = sorted.map(\.hash)
        self.names = sorted.map(\.name)
    }

    var isEmpty: Bool { hashes.isEmpty }

    /// The FNV-1a hash of `name`'s UTF-8 bytes.
    static func hash(_ name: String) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return value
    }

    /// Whether `name` (whose `hash(_:)` is `hash`) is in the set.
    func contains(_ name: String, hash: UInt64) -> Bool {
        var low = 0, high = hashes.count
        if high <= 8 {
            for index in 0..<high where hashes[index] == hash && names[index] == name { return true }
            return false
        }
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        while low < hashes.count && hashes[low] == hash {
            if names[low] == name { return true }
            low += 1
        }
        return false
    }
}
