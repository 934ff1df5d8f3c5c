/// The member names an object may have, kept as UTF-8 bytes for fast matching against raw keys.
struct KeyList: ExpressibleByArrayLiteral, Sendable {
    let names: [String]
    private let bytes: [[UInt8]]

    init(arrayLiteral elements: String...) {
        self.init(names: elements)
    }

    init(names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
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
        let length = Int(node.end) - 1 - start
        return document.bytes.withUnsafeBufferPointer { buffer -> Int? in
            for (index, candidate) in bytes.enumerated() where candidate.count == length {
                var equal = true
                for offset in 0..<length where buffer[start + offset] != candidate[offset] {
                    equal = false
                    break
                }
                if equal { return index }
            }
            return nil
        }
    }
}
