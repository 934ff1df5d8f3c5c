/// The declaration of each name per scope during one parse, keyed by (scope, interned name ID): open
/// addressing on the packed key with a multiplicative hash, cheaper than a `Dictionary` and its seeded
/// hasher on the parser's hottest lookups.
struct ScopedNameTable {
    /// Packed keys (`scope << 32 | name`) of the occupied slots.
    private var keys: [UInt64]
    /// The declaration index of each slot, -1 for an empty one.
    private var values: [Int32]
    private var shift: UInt64
    private var occupied = 0
    /// Per scope: bit `name & 63` is set when the scope declares some name with those low bits. Most lookups are
    /// for names a scope does not declare (resolution walks every enclosing scope); the mask answers them without
    /// hashing or probing.
    private var masks: [UInt64] = []

    /// A table sized for about `capacity` names.
    init(capacity: Int = 64) {
        var size = 64
        while size < capacity * 2 { size *= 2 }
        keys = Self.unsetKeys(size)
        values = [Int32](repeating: -1, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// `count` keys left as the allocator gave them: a key is read only where its slot's value is set (>= 0),
    /// so the table need not write every key first (a parse makes one table sized by its tokens).
    private static func unsetKeys(_ count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    @inline(__always)
    private static func key(scope: Int, name: Int32) -> UInt64 {
        UInt64(truncatingIfNeeded: scope) << 32 | UInt64(UInt32(bitPattern: name))
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The declaration of `name` in `scope`, if any.
    /// The reads go through the arrays' storage without bounds checks where the index is in range by construction
    /// (step 4s): `scope` is tested against the masks' count first, and a slot is a hash shifted to the table's bits
    /// or masked by its size (`keys` and `values` have the same count, a power of two).
    @inline(__always)
    func declaration(scope: Int, name: Int32) -> Int? {
        let declares = masks.withUnsafeBufferPointer { masks -> Bool in
            UInt(bitPattern: scope) < UInt(bitPattern: masks.count)
                && masks.baseAddress.unsafelyUnwrapped[scope] & (1 &<< UInt64(truncatingIfNeeded: name & 63)) != 0
        }
        guard declares else { return nil }
        let key = Self.key(scope: scope, name: name)
        var slot = slot(for: key)
        return values.withUnsafeBufferPointer { values in
            keys.withUnsafeBufferPointer { keys -> Int? in
                let mask = values.count &- 1
                let valueBase = values.baseAddress.unsafelyUnwrapped
                let keyBase = keys.baseAddress.unsafelyUnwrapped
                while true {
                    let value = valueBase[slot]
                    if value < 0 { return nil }
                    if keyBase[slot] == key { return Int(value) }
                    slot = (slot &+ 1) & mask
                }
            }
        }
    }

    /// Records `declaration` for `name` in `scope` (which must not have one yet).
    mutating func insert(_ declaration: Int, scope: Int, name: Int32) {
        if (occupied + 1) * 2 > values.count { grow() }
        if scope >= masks.count { masks.append(contentsOf: repeatElement(0, count: max(scope + 1 - masks.count, masks.count))) }
        masks[scope] |= 1 &<< UInt64(truncatingIfNeeded: name & 63)
        place(Self.key(scope: scope, name: name), Int32(truncatingIfNeeded: declaration))
        occupied += 1
    }

    private mutating func place(_ key: UInt64, _ value: Int32) {
        let mask = values.count - 1
        var slot = slot(for: key)
        while values[slot] >= 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        values[slot] = value
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Self.unsetKeys(oldKeys.count * 2)
        values = [Int32](repeating: -1, count: oldValues.count * 2)
        shift -= 1
        for index in oldValues.indices where oldValues[index] >= 0 {
            place(oldKeys[index], oldValues[index])
        }
    }
}
