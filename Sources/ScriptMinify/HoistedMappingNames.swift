import ScriptModules
import ScriptSyntax

/// The names a scope-hoisted module's mappings carry where the renamer renamed nothing, as the text route's
/// (`TreeMinifier.OriginalNames`) names them: the original name of the top-level name the text route's piece has at
/// the node's start, if it has one there.
///
/// Asked once per mapping of the module (`TreeHoistedPiece.minified`), so what it remembers per name ID (whether the
/// name is a written name, and its length) is kept in memory of its own, read and written through a pointer: as
/// stored arrays of the class, each look-up began and ended a dynamic exclusivity access, and the name's length was
/// read from its `String` every time.
final class HoistedMappingNames {
    private let tree: SyntaxTree
    private let writtenWords: [Int32]
    /// The written names by their bytes, each at its index in `originals` (step 5d: a table hashed on the bytes by
    /// `TestedWord.hash(of:)`, where a dictionary keyed by byte slices hashed them with the standard hasher, and
    /// made a slice of each name asked for).
    private let names: ByteWordTable
    /// The original names of the written names (what `index(of:)` indexes).
    let originals: [String]
    private let longest: Int
    /// The first bytes and the lengths (bit `min(length, 63)`) of the written names: a word none of them starts
    /// with or is as long as is not looked up.
    private let firstBytes: (UInt64, UInt64, UInt64, UInt64)
    private let lengths: UInt64
    /// Per name ID, once asked for: 0 not yet, -1 no written name is spelled so, else 1 + the index in `originals`.
    private let byNameID: UnsafeMutablePointer<Int32>
    /// Per name ID, once asked for, the length of the name in UTF-8 bytes.
    private let nameLengths: UnsafeMutablePointer<Int32>

    package init(tree: SyntaxTree, edits: TreeHoistEdits) {
        self.tree = tree
        writtenWords = edits.writtenWords
        // One pass over the written names (a table reserved at their count, the longest and the filters taken as they
        // are added: mapping the keys to their lengths and walking them again cost more than the table).
        var names = ByteWordTable()
        var originals: [String] = []
        originals.reserveCapacity(edits.originalNames.count)
        var longest = 0
        var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var lengths: UInt64 = 0
        for (written, original) in edits.originalNames {
            var written = written
            let (count, first) = written.withUTF8 { bytes in
                names.add(bytes, hash: TestedWord.hash(of: bytes))
                return (bytes.count, bytes.first)
            }
            originals.append(original)
            longest = max(longest, count)
            guard let first else { continue }
            let bit = UInt64(1) << (first & 63)
            switch first >> 6 {
            case 0: firstBytes.0 |= bit
            case 1: firstBytes.1 |= bit
            case 2: firstBytes.2 |= bit
            default: firstBytes.3 |= bit
            }
            lengths |= UInt64(1) << min(count, 63)
        }
        names.finish()
        self.names = names
        self.originals = originals
        self.longest = longest
        self.firstBytes = firstBytes
        self.lengths = lengths
        let count = names.count == 0 ? 0 : tree.names.count
        byNameID = .allocate(capacity: count)
        byNameID.initialize(repeating: 0, count: count)
        nameLengths = .allocate(capacity: count)
        nameLengths.initialize(repeating: 0, count: count)
    }

    deinit {
        byNameID.deallocate()
        nameLengths.deallocate()
    }

    /// The name of `mapping` (the text route's, where no renamed local's name is printed): its index in `originals`,
    /// or -1 for none. The piece's names are found by this index (`SyntaxPrinterSegments`), not by hashing the name.
    package func index(of mapping: SyntaxNodeMapping) -> Int32 {
        guard longest > 0 else { return -1 }
        let node = tree[mapping.node]
        switch node.kind {
        case .identifier, .identifierName, .bindingIdentifier:
            // The piece's text there is the name: a built or renamed name's, or a parsed name (unless written with escapes).
            let id = Int(node.a)
            let found = lookUp(id)
            if node.flags.contains(.synthetic) || Int(node.end &- node.start) == Int(nameLengths[id]) {
                return found > 0 ? found &- 1 : -1
            }
        default:
            break
        }
        let offset = Int(node.start)
        let code = tree.source
        // An edit starts at a word (a name or keyword token); any other node starts at the source's text.
        guard offset < code.count, SyntaxPrinter.isWordByte(code[offset]) else { return -1 }
        if offset < writtenWords.count, writtenWords[offset] != 0 {
            let written = writtenWords[offset]
            guard written > 0 else { return -1 }
            let found = lookUp(Int(written - 1))
            return found > 0 ? found &- 1 : -1
        }
        // No written name starts with most words' first byte: those are not scanned.
        guard mayStart(with: code[offset]) else { return -1 }
        var end = offset
        while end < code.count, end - offset <= longest, SyntaxPrinter.isWordByte(code[end]) { end += 1 }
        guard end - offset <= longest, mayBeWritten(first: code[offset], length: end - offset) else { return -1 }
        return code.withUnsafeBufferPointer { code in
            let word = UnsafeBufferPointer(rebasing: code[offset..<end])
            return Int32(truncatingIfNeeded: names.index(of: word, hash: TestedWord.hash(of: word)))
        }
    }

    /// What `byNameID` holds for name `id`, found the first time it is asked for (with the name's length).
    @inline(__always)
    private func lookUp(_ id: Int) -> Int32 {
        let known = byNameID[id]
        if known != 0 { return known }
        return firstLookUp(id)
    }

    @inline(never)
    private func firstLookUp(_ id: Int) -> Int32 {
        var name = tree.names[id]
        let found: Int32 = name.withUTF8 { name in
            nameLengths[id] = Int32(truncatingIfNeeded: name.count)
            guard let first = name.first, mayBeWritten(first: first, length: name.count) else { return -1 }
            let index = names.index(of: name, hash: TestedWord.hash(of: name))
            return index >= 0 ? Int32(truncatingIfNeeded: index) &+ 1 : -1
        }
        byNameID[id] = found
        return found
    }

    /// Whether some written name starts with byte `first` and is `length` bytes long (by the filters).
    private func mayBeWritten(first: UInt8, length: Int) -> Bool {
        mayStart(with: first) && lengths & (UInt64(1) << min(length, 63)) != 0
    }

    /// Whether some written name starts with byte `first` (by the filter).
    @inline(__always)
    private func mayStart(with first: UInt8) -> Bool {
        let starts: UInt64
        switch first >> 6 {
        case 0: starts = firstBytes.0
        case 1: starts = firstBytes.1
        case 2: starts = firstBytes.2
        default: starts = firstBytes.3
        }
        return starts & (UInt64(1) << (first & 63)) != 0
    }
}
