#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file's bytes held as parts written in order, so a file made of large shared arrays is written
/// without joining them into one copy (issue 41 step 4z: a source map is its head, each `sourcesContent`
/// literal `SourceContentLiterals` holds, and its tail with the mappings).
public struct OutputBytes: Sendable {
    /// The parts, in order (slices of shared arrays: not copied).
    public private(set) var parts: [ArraySlice<UInt8>]
    /// The number of bytes in all.
    public private(set) var count: Int

    /// One part: `bytes` (shared, not copied).
    public init(_ bytes: [UInt8]) {
        parts = [bytes[...]]
        count = bytes.count
    }

    /// `parts`, in order (shared, not copied).
    package init(parts: [ArraySlice<UInt8>]) {
        self.parts = parts
        count = parts.reduce(0) { $0 + $1.count }
    }

    /// The bytes joined into one array (a copy of every part, sized exactly): for callers that need the whole
    /// file at once. The build writes the parts instead.
    public var joined: [UInt8] {
        if parts.count == 1, let only = parts.first, only.startIndex == 0 { return Array(only) }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for part in parts { out.append(contentsOf: part) }
        return out
    }

    /// Whether `self` holds the bytes of `bytes` (one `memcmp` per part).
    package func equals(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == count else { return false }
        return bytes.withUnsafeBytes { whole in
            var offset = 0
            for part in parts {
                let same = part.withUnsafeBytes { raw -> Bool in
                    guard let p = raw.baseAddress, let q = whole.baseAddress else { return true }
                    return memcmp(p, q + offset, raw.count) == 0
                }
                guard same else { return false }
                offset += part.count
            }
            return true
        }
    }

    /// Whether `a` and `b` hold the same bytes: the same parts of the same storage (a staged bundle's own bytes),
    /// or the same contents.
    package static func same(_ a: OutputBytes, _ b: OutputBytes) -> Bool {
        guard a.count == b.count else { return false }
        if a.parts.count == b.parts.count {
            let shared = zip(a.parts, b.parts).allSatisfy { x, y in
                x.withUnsafeBufferPointer { p in
                    y.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress && p.count == q.count }
                }
            }
            if shared { return true }
        }
        if b.parts.count == 1 { return a.equals(b.joined) }
        return b.equals(a.joined)
    }

    /// Writes every part to the open file `fd` in order (`writev`, up to 1,024 parts a call); returns `errno` on
    /// failure, 0 on success.
    package func write(to fd: Int32) -> Int32 {
        var index = 0
        var offset = 0
        while index < parts.count {
            var vectors: [iovec] = []
            vectors.reserveCapacity(min(parts.count - index, 1024))
            // The base addresses stay valid: `parts` holds every array, and nothing mutates them.
            for (position, part) in parts[index...].prefix(1024).enumerated() {
                part.withUnsafeBytes { raw in
                    let skip = position == 0 ? offset : 0
                    guard let base = raw.baseAddress, raw.count > skip else { return }
                    vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: raw.count - skip))
                }
            }
            if vectors.isEmpty {
                index += min(parts.count - index, 1024)
                offset = 0
                continue
            }
            let result = writev(fd, vectors, Int32(vectors.count))
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Advances past the bytes written (a short write stops inside a part).
            var left = result
            while left > 0, index < parts.count {
                let rest = parts[index].count - offset
                if left >= rest {
                    left -= rest
                    index += 1
                    offset = 0
                } else {
                    offset += left
                    left = 0
                }
            }
            while index < parts.count, parts[index].count == offset {
                index += 1
                offset = 0
            }
        }
        return 0
    }
}
