import Foundation

/// The JSON string literals of source contents (`sourcesContent`), kept so that a content several maps hold
/// is escaped once: the groups of a build share one array per file (see `ParsedFileCache`), and watch mode
/// keeps those arrays between builds. A content is known by its array's storage, which the entry keeps alive
/// (so no other array can take its address, and the content cannot change in place). Bounded: when the kept
/// bytes pass `capacity`, everything is dropped.
final class SourceContentLiterals: @unchecked Sendable {
    /// The literals of the process's maps.
    static let shared = SourceContentLiterals(capacity: 128 << 20)

    /// Contents shorter than this are escaped each time (cheap, and their storage may be shared).
    static let minimumCount = 256

    /// A content's key: its storage address and count, as a short string (`String: Hashable` is looked up at
    /// run time by every build anyway; a struct key of its own would cost a scan of the conformance records).
    private static func key(address: UInt, count: Int) -> String {
        String(address, radix: 16) + ":" + String(count, radix: 16)
    }

    private struct Entry {
        let content: [UInt8]
        let literal: [UInt8]
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var keptBytes = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `content` as a JSON string literal (quoted and escaped, see `JSONStringEscaping`).
    func literal(for content: [UInt8]) -> [UInt8] {
        guard content.count >= Self.minimumCount else { return Self.escaped(content) }
        let key = content.withUnsafeBufferPointer { Self.key(address: UInt(bitPattern: $0.baseAddress), count: $0.count) }
        lock.lock()
        let known = entries[key]
        lock.unlock()
        if let known { return known.literal }
        let literal = Self.escaped(content)
        lock.lock()
        if keptBytes + content.count + literal.count > capacity {
            entries.removeAll()
            keptBytes = 0
        }
        if entries[key] == nil {
            entries[key] = Entry(content: content, literal: literal)
            keptBytes += content.count + literal.count
        }
        lock.unlock()
        return literal
    }

    private static func escaped(_ content: [UInt8]) -> [UInt8] {
        var literal: [UInt8] = []
        literal.reserveCapacity(content.count + content.count / 16 + 2)
        JSONStringEscaping.append(content, to: &literal)
        return literal
    }
}
