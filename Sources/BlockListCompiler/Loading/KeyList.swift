/// The member names an object may have, kept as UTF-8 bytes for fast matching against raw keys.
struct KeyList: ExpressibleByArrayLiteral, Sendable {
    let names: [String]
    private let table: ByteNameTable

    init(arrayLiteral elements: String...) {
        self.init(names: elements)
    }

    init(names: [String]) {
        self.names = names
        table = ByteNameTable(names: names)
    }

    var count: Int { names.count }

    /// The index of the name the key node spells, if any.
    func index(of keyNode: Int, in document: JSONDocument) -> Int? {
        let node = document[keyNode]
        guard !node.flag else {
            let text = document.string(keyNode)
            return names.firstIndex(of: text)
        }
        let start = Int(node.start) + 1
        let end = Int(node.end) - 1
        return document.withBytes { buffer -> Int? in
            buffer.baseAddress.flatMap { table.index(of: start..<end, in: $0) }
        }
    }
}
