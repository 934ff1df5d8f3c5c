/// The encoded `mappings` text of a source map being built: bytes kept ahead of need (zero-filled a stretch
/// at a time), so a segment is written through one pointer instead of one checked append per digit.
struct MappingsBuffer: Sendable {
    private var storage: [UInt8] = []
    /// The number of bytes written.
    package private(set) var count = 0

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(storage: [UInt8] = [], count: Int = 0) {
        self.storage = storage
        self.count = count
    }

    /// Reserves memory for `capacity` bytes in all (zero-filled only as writing reaches it).
    package mutating func reserveCapacity(_ capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Appends one byte.
    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        write(maximum: 1) { buffer, index in
            buffer[index] = byte
            return index + 1
        }
    }

    /// Appends `bytes`.
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        write(maximum: bytes.count) { buffer, index in
            if let target = buffer.baseAddress { (target + index).update(from: base, count: bytes.count) }
            return index + bytes.count
        }
    }

    /// Lets `body` write at most `maximum` bytes at the index it is given; it returns the index after them.
    @inline(__always)
    package mutating func write(maximum: Int, _ body: (UnsafeMutableBufferPointer<UInt8>, Int) -> Int) {
        if count + maximum > storage.count { grow(toHold: count + maximum) }
        let start = count
        count = storage.withUnsafeMutableBufferPointer { body($0, start) }
    }

    /// Zero-fills the next stretch (at least 4 KiB) so `needed` bytes fit; the array's own capacity
    /// grows geometrically underneath.
    private mutating func grow(toHold needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(needed - storage.count, 4_096)))
    }

    /// The bytes written.
    package var bytes: [UInt8] { Array(storage[0..<count]) }

    /// The bytes written, sharing the buffer's storage (not copied).
    package var written: ArraySlice<UInt8> { storage[0..<count] }

    /// Appends the bytes written to `out`.
    package func append(to out: inout [UInt8]) {
        storage.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}
