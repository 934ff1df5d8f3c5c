/// A set of short names: one to three characters, the first one of `a`...`z`, `A`...`Z`, `_`, `$`, the others
/// also digits. Kept as one bit per name, at the name's index in the order `RuntimeNames.CandidateNames` lists
/// them, so adding or finding a name hashes nothing.
struct ShortNameSet {
    static let firstCharacters: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".utf8)
    static let otherCharacters: [UInt8] = firstCharacters + Array("0123456789".utf8)
    static let maxLength = 3
    /// The number of short names.
    static let count = firstCharacters.count * (1 + otherCharacters.count + otherCharacters.count * otherCharacters.count)

    /// Per byte: its position among the first characters, or -1.
    private static let firstPositions = positions(of: firstCharacters)
    /// Per byte: its position among the other characters, or -1.
    private static let otherPositions = positions(of: otherCharacters)

    private var bits = [UInt64](repeating: 0, count: (ShortNameSet.count + 63) / 64)

    private static func positions(of characters: [UInt8]) -> [Int16] {
        var positions = [Int16](repeating: -1, count: 256)
        for (position, byte) in characters.enumerated() { positions[Int(byte)] = Int16(position) }
        return positions
    }

    /// The index of the short name spelled `bytes`; `nil` when it is not one.
    static func index<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Int? {
        let length = bytes.count
        guard length >= 1, length <= maxLength else { return nil }
        let firstCount = firstCharacters.count, otherCount = otherCharacters.count
        var index = 0
        var scale = 1
        var offset = 0
        var levelSize = firstCount
        for (k, byte) in bytes.enumerated() {
            let position = Int(k == 0 ? firstPositions[Int(byte)] : otherPositions[Int(byte)])
            guard position >= 0 else { return nil }
            index += position * scale
            scale *= k == 0 ? firstCount : otherCount
            if k > 0 {
                offset += levelSize
                levelSize *= otherCount
            }
        }
        return offset + index
    }

    /// The short name at `index`; `nil` when `index` is out of range.
    static func name(at index: Int) -> String? {
        guard index >= 0, index < count else { return nil }
        var remaining = index
        var length = 1
        var levelSize = firstCharacters.count
        while remaining >= levelSize {
            remaining -= levelSize
            length += 1
            levelSize *= otherCharacters.count
        }
        var bytes = [firstCharacters[remaining % firstCharacters.count]]
        remaining /= firstCharacters.count
        for _ in 1..<length {
            bytes.append(otherCharacters[remaining % otherCharacters.count])
            remaining /= otherCharacters.count
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Adds the name spelled `bytes` (nothing when it is not a short name).
    mutating func insert<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        guard let index = Self.index(of: bytes) else { return }
        bits[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// Adds the name spelled by `bytes` (nothing when it is not a short name): `insert(_:)` for the bytes of a
    /// token, with each byte's position computed from its value instead of read from a table (the identifier
    /// tokens of every file are inserted).
    @inline(__always)
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length >= 1, length <= Self.maxLength, let base = bytes.baseAddress else { return }
        let first = Self.position(of: base[0])
        guard first >= 0, first < Self.firstCharacterCount else { return }
        var index = first
        if length >= 2 {
            let second = Self.position(of: base[1])
            guard second >= 0 else { return }
            index += Self.firstCharacterCount + second * Self.firstCharacterCount
            if length == 3 {
                let third = Self.position(of: base[2])
                guard third >= 0 else { return }
                index += Self.firstCharacterCount * Self.otherCharacterCount + third * Self.firstCharacterCount * Self.otherCharacterCount
            }
        }
        bits[index >> 6] |= 1 << UInt64(index & 63)
    }

    private static let firstCharacterCount = 54
    private static let otherCharacterCount = 64

    /// The position of `byte` among `otherCharacters` (the first 54 are `firstCharacters`), or -1.
    @inline(__always)
    private static func position(of byte: UInt8) -> Int {
        switch byte {
        case 0x61...0x7A: Int(byte) - 0x61
        case 0x41...0x5A: Int(byte) - 0x41 + 26
        case 0x5F: 52
        case 0x24: 53
        case 0x30...0x39: Int(byte) - 0x30 + 54
        default: -1
        }
    }

    /// Adds the short name at `index` (see `index(of:)`; nothing when out of range).
    mutating func insert(index: Int) {
        guard index >= 0, index < Self.count else { return }
        bits[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// The indexes of the names in the set, ascending.
    var indexes: [Int32] {
        var result: [Int32] = []
        for (word, value) in bits.enumerated() where value != 0 {
            var rest = value
            while rest != 0 {
                result.append(Int32(truncatingIfNeeded: word << 6 | rest.trailingZeroBitCount))
                rest &= rest &- 1
            }
        }
        return result
    }

    /// Whether the short name at `index` is in the set.
    func contains(index: Int) -> Bool {
        guard index >= 0, index < Self.count else { return false }
        return bits[index >> 6] & (1 << UInt64(index & 63)) != 0
    }
}
