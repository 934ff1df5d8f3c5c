/// The mappings a `SyntaxPrinter` records while printing, in memory of its own written through a pointer.
///
/// The printer records about one mapping per node it prints (450,000 in a production build of the firefox-shaped
/// tree): as an `Array`, every append checked the array's uniqueness (a call) and its capacity, and the check of the
/// last mapping for a replacement read it through the array's bounds checks. Here an append is a capacity check and a
/// store. The table is handed over as it is (a sequence: no copy into an array, which was 10.8 MB, byte by byte
/// under callgrind's count, on that build).
///
/// A value of this type owns its memory through a private object, so a copy of it shares the mappings: the printer
/// keeps its one table in place (`SyntaxPrinter.mappings`) and never copies it.
@usableFromInline package struct SyntaxPrinterMappings {
    /// Frees the memory when the table goes (`SyntaxNodeMapping` is plain integers: nothing to deinitialize).
    @usableFromInline final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<SyntaxNodeMapping>

        init(capacity: Int) { base = .allocate(capacity: capacity) }

        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    /// `storage.base`, read without going through the object.
    @usableFromInline var base: UnsafeMutablePointer<SyntaxNodeMapping>
    /// How many mappings are recorded.
    @usableFromInline package internal(set) var count = 0
    private var capacity: Int

    /// An empty table with room for `capacity` mappings (it grows as needed).
    package init(capacity: Int) {
        self.capacity = Swift.max(16, capacity)
        storage = Storage(capacity: self.capacity)
        base = storage.base
    }

    /// The last mapping recorded (only when `count > 0`).
    package var last: SyntaxNodeMapping {
        @inline(__always) get { base[count &- 1] }
    }

    @inline(__always)
    package mutating func append(_ mapping: SyntaxNodeMapping) {
        if count == capacity { grow() }
        (base + count).initialize(to: mapping)
        count &+= 1
    }

    /// Replaces the last mapping recorded (only when `count > 0`).
    @inline(__always)
    mutating func replaceLast(with mapping: SyntaxNodeMapping) {
        base[count &- 1] = mapping
    }

    /// Calls `body` with the mappings recorded, in order, in place (kept alive while it runs).
    @inlinable @inline(__always)
    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<SyntaxNodeMapping>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The mappings recorded, in order, as an array.
    package var array: [SyntaxNodeMapping] {
        withExtendedLifetime(storage) { Array(UnsafeBufferPointer(start: base, count: count)) }
    }

    @inline(never)
    private mutating func grow() {
        let larger = capacity * 2
        let grown = Storage(capacity: larger)
        grown.base.initialize(from: base, count: count)
        storage = grown
        base = grown.base
        capacity = larger
    }
}

extension SyntaxPrinterMappings: Sequence {
    /// Reads the mappings recorded when it was made, keeping their memory alive.
    @usableFromInline package struct Iterator: IteratorProtocol {
        fileprivate let storage: Storage
        private let count: Int
        private var index = 0

        fileprivate init(storage: Storage, count: Int) {
            self.storage = storage
            self.count = count
        }

        @inline(__always)
        @usableFromInline package mutating func next() -> SyntaxNodeMapping? {
            guard index < count else { return nil }
            let mapping = storage.base[index]
            index &+= 1
            return mapping
        }
    }

    @usableFromInline package func makeIterator() -> Iterator { Iterator(storage: storage, count: count) }

    @usableFromInline package var underestimatedCount: Int { count }
}

extension SyntaxPrinterMappings: Equatable {
    @usableFromInline package static func == (a: SyntaxPrinterMappings, b: SyntaxPrinterMappings) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
