/// A parsed JSON document: the source bytes and a flat table of nodes pointing into them.
///
/// Strings stay as byte ranges and are decoded only when asked for. A document made by ``JSONReader/parse(_:)``
/// owns its bytes; the checker and the loader parse borrowed bytes (a mapped file, the caller's array) into
/// documents that live only as long as the call that made them.
public struct JSONDocument: Sendable {
    /// The source bytes (a copy, when the document borrows them).
    public var bytes: [UInt8] {
        switch source {
        case .owned(let bytes): bytes
        case .borrowed(let buffer): Array(buffer)
        }
    }
    /// All values; the root is node 0. Object members are stored as key node, value node pairs.
    public let nodes: [JSONNode]
    /// Where the bytes are.
    private let source: JSONSource

    init(source: JSONSource, nodes: [JSONNode]) {
        self.source = source
        self.nodes = nodes
    }

    /// Calls `body` with the source bytes.
    @inline(__always) func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch source {
        case .owned(let bytes): bytes.withUnsafeBufferPointer(body)
        case .borrowed(let buffer): body(buffer)
        }
    }

    /// The source byte at `offset`.
    @inline(__always) func byte(at offset: Int) -> UInt8 {
        withBytes { $0[offset] }
    }

    /// The root value's index.
    public var root: Int { 0 }

    /// The node at `index`.
    @inline(__always) public subscript(index: Int) -> JSONNode { nodes[index] }

    /// Indices of the elements of the array at `index`.
    public func elements(of index: Int) -> [Int] {
        var result: [Int] = []
        let node = nodes[index]
        var child = index + 1
        let end = Int(node.next)
        while child < end {
            result.append(child)
            child = Int(nodes[child].next)
        }
        return result
    }

    /// The members of the object at `index` as (key node, value node) pairs, in source order.
    public func members(of index: Int) -> [(key: Int, value: Int)] {
        var result: [(key: Int, value: Int)] = []
        let node = nodes[index]
        var child = index + 1
        let end = Int(node.next)
        while child < end {
            let value = child + 1
            result.append((child, value))
            child = Int(nodes[value].next)
        }
        return result
    }

    /// The value of the last member named `key` in the object at `index` (WebKit keeps the last duplicate).
    public func member(_ key: String, in index: Int) -> Int? {
        var found: Int?
        let node = nodes[index]
        guard node.kind == .object else { return nil }
        var child = index + 1
        let end = Int(node.next)
        while child < end {
            let value = child + 1
            if stringEquals(child, key) { found = value }
            child = Int(nodes[value].next)
        }
        return found
    }

    /// Whether the string node at `index` decodes to exactly `text`.
    public func stringEquals(_ index: Int, _ text: String) -> Bool {
        let node = nodes[index]
        guard node.kind == .string else { return false }
        if !node.flag {
            let start = Int(node.start) + 1
            let length = Int(node.end) - 1 - start
            guard length == text.utf8.count else { return false }
            let equal: Bool? = text.utf8.withContiguousStorageIfAvailable { other in
                withBytes { buffer in
                    for offset in 0..<length where buffer[start + offset] != other[offset] { return false }
                    return true
                }
            }
            if let equal { return equal }
        }
        return string(index) == text
    }

    /// Whether two string nodes hold the same raw text.
    public func sameRawText(_ first: Int, _ second: Int) -> Bool {
        let a = nodes[first], b = nodes[second]
        guard a.end - a.start == b.end - b.start else { return false }
        return withBytes { buffer in
            for offset in 0..<Int(a.end - a.start) where buffer[Int(a.start) + offset] != buffer[Int(b.start) + offset] { return false }
            return true
        }
    }

    /// The decoded text of the string node at `index` (lone surrogates become U+FFFD).
    public func string(_ index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.start) + 1
        let end = Int(node.end) - 1
        guard node.kind == .string, start <= end else { return "" }
        return withBytes { buffer in
            node.flag
                ? JSONStringDecoder.decode(buffer, from: start, to: end)
                : String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// The text of a string node, or `nil` when the node is not a string (WebKit's `getString` null).
    public func stringValue(_ index: Int?) -> String? {
        guard let index, nodes[index].kind == .string else { return nil }
        return string(index)
    }

    /// The number held by the node at `index`.
    public func number(_ index: Int) -> Double? {
        let node = nodes[index]
        guard node.kind == .number else { return nil }
        let text = withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(node.start)..<Int(node.end)]), as: UTF8.self) }
        return Double(text)
    }

    /// The boolean held by the node at `index`.
    public func bool(_ index: Int?) -> Bool? {
        guard let index, nodes[index].kind == .bool else { return nil }
        return nodes[index].flag
    }

    /// The raw source text of the value at `index`.
    public func rawText(_ index: Int) -> String {
        let node = nodes[index]
        return withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(node.start)..<Int(node.end)]), as: UTF8.self) }
    }
}
