/// A set of ASCII code units (0–127) as two 64-bit words. In matching, unit 0 stands for the end of the URL.
public struct ASCIISet: Sendable, Hashable {
    /// Units 0–63, one bit each.
    public var low: UInt64
    /// Units 64–127, one bit each.
    public var high: UInt64

    /// Creates a set from its two words (empty by default).
    public init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    /// Every unit but the end marker 0: what `.` and inverted sets draw from.
    public static let anyCharacter = ASCIISet(low: ~UInt64(1), high: ~UInt64(0))
    /// Only the end marker: WebKit's `$`.
    public static let endOfLine = ASCIISet(low: 1, high: 0)

    /// Whether `unit` is in the set (false for units over 127).
    @inline(__always) public func contains(_ unit: UInt8) -> Bool {
        unit < 64 ? low & (1 << UInt64(unit)) != 0 : unit < 128 ? high & (1 << UInt64(unit - 64)) != 0 : false
    }

    /// Adds `unit` to the set.
    public mutating func insert(_ unit: UInt8) {
        if unit < 64 { low |= 1 << UInt64(unit) } else if unit < 128 { high |= 1 << UInt64(unit - 64) }
    }

    /// Inserts `low...high`, clamped to ASCII.
    public mutating func insert(range lowUnit: UInt32, _ highUnit: UInt32) {
        guard lowUnit <= highUnit, lowUnit < 128 else { return }
        for unit in lowUnit...min(highUnit, 127) { insert(UInt8(unit)) }
    }

    /// Adds the other case of every ASCII letter in the set.
    public func addingOtherCases() -> ASCIISet {
        // Upper case A–Z are units 65–90 (high word bits 1–26); lower case a–z are 97–122 (bits 33–58).
        let upper = high & (UInt64(0x3FF_FFFF) << 1)
        let lower = high & (UInt64(0x3FF_FFFF) << 33)
        return ASCIISet(low: low, high: high | (upper << 32) | (lower >> 32))
    }

    /// The units in either set.
    public func union(_ other: ASCIISet) -> ASCIISet { ASCIISet(low: low | other.low, high: high | other.high) }
    /// The units in both sets.
    public func intersection(_ other: ASCIISet) -> ASCIISet { ASCIISet(low: low & other.low, high: high & other.high) }
    /// The units of `anyCharacter` not in the set.
    public var inverted: ASCIISet { ASCIISet(low: ~low & ASCIISet.anyCharacter.low, high: ~high) }
    /// Whether the set has no unit.
    public var isEmpty: Bool { low == 0 && high == 0 }
    /// The number of units in the set.
    public var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }
    /// Whether every unit of the set is in `other`.
    public func isSubset(of other: ASCIISet) -> Bool { low & ~other.low == 0 && high & ~other.high == 0 }

    /// The single unit of a one-element set.
    public var singleUnit: UInt8? {
        guard count == 1 else { return nil }
        return low != 0 ? UInt8(low.trailingZeroBitCount) : UInt8(64 + high.trailingZeroBitCount)
    }

    /// The units in ascending order.
    public var units: [UInt8] { (0..<128).compactMap { contains(UInt8($0)) ? UInt8($0) : nil } }
}
