/// The member names an object may have, kept as UTF-8 bytes for fast matching against raw keys.
struct KeyList: ExpressibleByArrayLiteral, Sendable {
    let names: [String]
    /// Each name's length in the low byte and its first seven bytes above it, so that one comparison of words
    /// decides for names of up to seven bytes and rules out almost every other name.
    private let heads: [UInt64]
    /// The bytes of every name, one after the other, for the names longer than seven bytes.
    private let flat: [UInt8]
    /// Where each name starts in `flat`.
    private let starts: [Int]

    init(arrayLiteral elements: String...) {
        self.init(names: elements)
    }

    init(names: [String]) {
        self.names = names
        var heads: [UInt64] = []
        var flat: [UInt8] = []
        var starts: [Int] = []
        for name in names {
            let utf8 = Array(name.utf8)
            starts.append(flat.count)
            flat.append(contentsOf: utf8)
            heads.append(KeyList.head(count: utf8.count) { utf8[$0] })
        }
        self.heads = heads
        self.flat = flat
        self.starts = starts
    }

    var count: Int { names.count }

    /// A name's length (its low byte; 255 for 255 bytes or more) and its first seven bytes (`byte(i)`).
    @inline(__always) private static func head(count: Int, byte: (Int) -> UInt8) -> UInt64 {
        var head = UInt64(min(count, 255))
        for offset in 0..<min(count, 7) { head |= UInt64(byte(offset)) << (8 * UInt64(offset + 1)) }
        return head
    }

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
            let key = KeyList.head(count: length) { buffer[start + $0] }
            return heads.withUnsafeBufferPointer { heads -> Int? in
                for index in heads.indices where heads[index] == key {
                    if length <= 7 { return index }
                    let nameStart = starts[index]
                    // The head holds at most 255 as the length.
                    guard nameStart + length == (index + 1 < starts.count ? starts[index + 1] : flat.count) else { continue }
                    var equal = true
                    for offset in 7..<length where buffer[start + offset] != flat[nameStart + offset] {
                        equal = false
                        break
                    }
                    if equal { return index }
                }
                return nil
            }
        }
    }
}
