import Foundation

/// The JSON string literals of source contents (`sourcesContent`), kept so that a content several maps hold
/// is escaped once: the groups of a build share one array per file (see `ParsedFileCache`), and watch mode
/// keeps those arrays between builds. A content is known by its array's storage address, which the entry keeps
/// alive (so no other array can take that address, and the content cannot change in place; arrays that share the
/// storage hold the same bytes). Bounded: when the kept bytes pass `capacity`, everything is dropped.
final class SourceContentLiterals: @unchecked Sendable {
    /// The literals of the process's maps.
    package static let shared = SourceContentLiterals(capacity: 128 << 20)

    /// Contents shorter than this are escaped each time (cheap, and their storage may be shared).
    static let minimumCount = 256

    private struct Entry {
        package let content: [UInt8]
        package let literal: [UInt8]
    }

    private let lock = NSLock()
    /// By storage address (an integer key: a string made of the address and count, hashed, cost about 400
    /// instructions a look-up, 25,000 look-ups in a production build of the large tree).
    private var entries: [Int: Entry] = [:]
    private var keptBytes = 0
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// `content` as a JSON string literal (quoted and escaped, see `JSONStringEscaping`).
    package func literal(for content: [UInt8]) -> [UInt8] {
        guard content.count >= Self.minimumCount else { return Self.escaped(content) }
        let key = content.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        lock.lock()
        let known = entries[key]
        lock.unlock()
        if let known, known.content.count == content.count { return known.literal }
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
