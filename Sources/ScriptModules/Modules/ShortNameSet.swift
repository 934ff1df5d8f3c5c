import ScriptSyntax

/// A set of short names: one to three characters, the first one of `a`...`z`, `A`...`Z`, `_`, `$`, the others
/// also digits. Kept as one bit per name, at the name's index in the order `RuntimeNames.CandidateNames` lists
/// them, so adding or finding a name hashes nothing. A second, small bit table marks the words of the first that
/// hold a name, so listing the names (`indexes`) reads only those words (issue 41 step 4x: reading all 3,511 words
/// for every file was 52 M instructions of the large tree's build).
@usableFromInline package struct ShortNameSet {
    package static let firstCharacters: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".utf8)
    static let otherCharacters: [UInt8] = firstCharacters + Array("0123456789".utf8)
    @inlinable package static var maxLength: Int { 3 }
    /// The number of short names.
    package static let count = firstCharacters.count * (1 + otherCharacters.count + otherCharacters.count * otherCharacters.count)

    /// Per byte: its position among the first characters, or -1.
    private static let firstPositions = positions(of: firstCharacters)
    /// Per byte: its position among the other characters, or -1.
    private static let otherPositions = positions(of: otherCharacters)

    /// The number of words of the name bits.
    private static let wordCount = (count + 63) / 64
    /// The name bits (`wordCount` words), then one bit per word of them that is not zero.
    private var bits = [UInt64](repeating: 0, count: ShortNameSet.wordCount + (ShortNameSet.wordCount + 63) / 64)

    package init() {}

    private static func positions(of characters: [UInt8]) -> [Int16] {
        var positions = [Int16](repeating: -1, count: 256)
        for (position, byte) in characters.enumerated() { positions[Int(byte)] = Int16(position) }
        return positions
    }

    /// The index of the short name spelled `bytes`; `nil` when it is not one.
    package static func index<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Int? {
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
    package static func name(at index: Int) -> String? {
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
    package mutating func insert<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        guard let index = Self.index(of: bytes) else { return }
        set(index)
    }

    /// Adds the name spelled by `bytes` (nothing when it is not a short name): `insert(_:)` for the bytes of a
    /// token, with each byte's position computed from its value instead of read from a table (the identifier
    /// tokens of every file are inserted).
    @inline(__always)
    package mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let index = Self.index(of: base, length: bytes.count)
        guard index >= 0 else { return }
        set(index)
    }

    /// Adds the identifier tokens of `tokens` of at most `maxLength` bytes (each spelled by `bytes` at its range),
    /// with the table written through a pointer (no uniqueness check per name).
    mutating func insertIdentifiers(of tokens: [JavaScriptToken], in bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let limit = bytes.count
        bits.withUnsafeMutableBufferPointer { words in
            tokens.withUnsafeBufferPointer { tokens in
                for token in tokens where token.kind == .identifier {
                    let start = token.start, end = token.end
                    guard end - start <= Self.maxLength, end <= limit else { continue }
                    let index = Self.index(of: base + start, length: end - start)
                    guard index >= 0 else { continue }
                    Self.set(index, in: words)
                }
            }
        }
    }

    /// The index of the short name spelled by the `length` bytes at `base`, or -1 (`index(of:)` with each byte's
    /// position computed from its value instead of read from a table).
    @inline(__always)
    private static func index(of base: UnsafePointer<UInt8>, length: Int) -> Int {
        guard length >= 1, length <= maxLength else { return -1 }
        let first = position(of: base[0])
        guard first >= 0, first < firstCharacterCount else { return -1 }
        var index = first
        if length >= 2 {
            let second = position(of: base[1])
            guard second >= 0 else { return -1 }
            index += firstCharacterCount + second * firstCharacterCount
            if length == 3 {
                let third = position(of: base[2])
                guard third >= 0 else { return -1 }
                index += firstCharacterCount * otherCharacterCount + third * firstCharacterCount * otherCharacterCount
            }
        }
        return index
    }

    /// Sets the bit of `index` (in range) and the mark of its word.
    @inline(__always)
    private mutating func set(_ index: Int) {
        bits.withUnsafeMutableBufferPointer { words in Self.set(index, in: words) }
    }

    /// The mark is written only when the word held no name before (most inserts find their word marked).
    @inline(__always)
    private static func set(_ index: Int, in words: UnsafeMutableBufferPointer<UInt64>) {
        let word = index >> 6
        let old = words[word]
        if old == 0 { words[wordCount + (word >> 6)] |= 1 << UInt64(word & 63) }
        words[word] = old | 1 << UInt64(index & 63)
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
    package mutating func insert(index: Int) {
        guard index >= 0, index < Self.count else { return }
        set(index)
    }

    /// The indexes of the names in the set, ascending.
    package var indexes: [Int32] {
        var result: [Int32] = []
        for mark in Self.wordCount..<bits.count where bits[mark] != 0 {
            var words = bits[mark]
            while words != 0 {
                let word = (mark - Self.wordCount) << 6 | words.trailingZeroBitCount
                words &= words &- 1
                var rest = bits[word]
                while rest != 0 {
                    result.append(Int32(truncatingIfNeeded: word << 6 | rest.trailingZeroBitCount))
                    rest &= rest &- 1
                }
            }
        }
        return result
    }

    /// Empties the set, writing only the words that hold a name and their marks (not the whole 28 KB table), so
    /// that a set can be used again (`ShortNameSetPool`).
    package mutating func removeAll() {
        bits.withUnsafeMutableBufferPointer { words in
            for mark in Self.wordCount..<words.count where words[mark] != 0 {
                var marked = words[mark]
                while marked != 0 {
                    words[(mark - Self.wordCount) << 6 | marked.trailingZeroBitCount] = 0
                    marked &= marked &- 1
                }
                words[mark] = 0
            }
        }
    }

    /// Whether the set holds no name (its marks are all zero).
    package var isEmpty: Bool { bits[Self.wordCount...].allSatisfy { $0 == 0 } }

    /// Whether the short name at `index` is in the set.
    package func contains(index: Int) -> Bool {
        guard index >= 0, index < Self.count else { return false }
        return bits[index >> 6] & (1 << UInt64(index & 63)) != 0
    }
}
