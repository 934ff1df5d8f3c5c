/// The declaration of each name per scope during one parse, keyed by (scope, interned name ID): open
/// addressing on the packed key with a multiplicative hash, cheaper than a `Dictionary` and its seeded
/// hasher on the parser's hottest lookups.
///
/// The slots and masks are memory of the table's own (`Storage`, a final class holding pointers), read and written
/// without the arrays' uniqueness, capacity and bounds checks (issue 41 step 5i: an insert wrote three arrays, each
/// write a uniqueness check; about 160 instructions an insert on the large benchmark tree). A copy of the table
/// shares its storage: the parser, its one user, never copies it.
struct ScopedNameTable {
    private let storage: Storage

    /// A table sized for about `capacity` names.
    package init(capacity: Int = 64) {
        var size = 64
        while size < capacity * 2 { size *= 2 }
        storage = Storage(size: size)
    }

    /// The declaration of `name` in `scope`, if any.
    @inline(__always)
    package func declaration(scope: Int, name: Int32) -> Int? { storage.declaration(scope: scope, name: name) }

    /// Records `declaration` for `name` in `scope` (which must not have one yet).
    package mutating func insert(_ declaration: Int, scope: Int, name: Int32) { storage.insert(declaration, scope: scope, name: name) }

    private final class Storage {
        /// Packed keys (`scope << 32 | name`) of the occupied slots; a key is read only where its slot's value is
        /// set (>= 0), so keys are left as the allocator gave them.
        private var keys: UnsafeMutablePointer<UInt64>
        /// The declaration index of each slot, -1 for an empty one.
        private var values: UnsafeMutablePointer<Int32>
        /// The slot count, a power of two.
        private var size: Int
        private var shift: UInt64
        private var occupied = 0
        /// Per scope: bit `name & 63` is set when the scope declares some name with those low bits. Most lookups
        /// are for names a scope does not declare (resolution walks every enclosing scope); the mask answers them
        /// without hashing or probing. `maskCount` masks, all initialized.
        private var masks: UnsafeMutablePointer<UInt64>
        private var maskCount: Int

        package init(size: Int) {
            self.size = size
            shift = UInt64(64 - size.trailingZeroBitCount)
            keys = .allocate(capacity: size)
            values = .allocate(capacity: size)
            values.initialize(repeating: -1, count: size)
            maskCount = 64
            masks = .allocate(capacity: maskCount)
            masks.initialize(repeating: 0, count: maskCount)
        }

        deinit {
            keys.deallocate()
            values.deallocate()
            masks.deallocate()
        }

        @inline(__always)
        private static func key(scope: Int, name: Int32) -> UInt64 {
            UInt64(truncatingIfNeeded: scope) << 32 | UInt64(UInt32(bitPattern: name))
        }

        @inline(__always)
        private func slot(for key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
        }

        /// `scope` is tested against the masks' count first; a slot is a hash shifted to the table's bits or masked
        /// by its size, in range by construction.
        @inline(__always)
        package func declaration(scope: Int, name: Int32) -> Int? {
            guard UInt(bitPattern: scope) < UInt(bitPattern: maskCount),
                masks[scope] & (1 &<< UInt64(truncatingIfNeeded: name & 63)) != 0
            else { return nil }
            let key = Self.key(scope: scope, name: name)
            let mask = size &- 1
            var slot = slot(for: key)
            while true {
                let value = values[slot]
                if value < 0 { return nil }
                if keys[slot] == key { return Int(value) }
                slot = (slot &+ 1) & mask
            }
        }

        package func insert(_ declaration: Int, scope: Int, name: Int32) {
            precondition(scope >= 0, "negative scope")
            if (occupied + 1) * 2 > size { grow() }
            if scope >= maskCount { growMasks(toInclude: scope) }
            masks[scope] |= 1 &<< UInt64(truncatingIfNeeded: name & 63)
            place(Self.key(scope: scope, name: name), Int32(truncatingIfNeeded: declaration))
            occupied += 1
        }

        @inline(__always)
        private func place(_ key: UInt64, _ value: Int32) {
            let mask = size &- 1
            var slot = slot(for: key)
            while values[slot] >= 0 { slot = (slot &+ 1) & mask }
            keys[slot] = key
            values[slot] = value
        }

        @inline(never)
        private func growMasks(toInclude scope: Int) {
            let count = max(scope + 1, maskCount * 2)
            let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
            larger.moveInitialize(from: masks, count: maskCount)
            (larger + maskCount).initialize(repeating: 0, count: count - maskCount)
            masks.deallocate()
            masks = larger
            maskCount = count
        }

        @inline(never)
        private func grow() {
            let oldKeys = keys, oldValues = values, oldSize = size
            size = oldSize * 2
            shift -= 1
            keys = .allocate(capacity: size)
            values = .allocate(capacity: size)
            values.initialize(repeating: -1, count: size)
            for index in 0..<oldSize where oldValues[index] >= 0 {
                place(oldKeys[index], oldValues[index])
            }
            oldKeys.deallocate()
            oldValues.deallocate()
        }
    }
}
