import Foundation
import ScriptModules
import ScriptSyntax

/// A scope-hoisted module minified from its tree (`TreeHoistedPiece`), kept so that the module's piece in another
/// bundle of the build is made by putting that bundle's names in (issue 41, step 4i), without parsing, editing,
/// compressing or printing the module again.
///
/// What decides a tree piece besides its file is the linker's edits, the top-level names, `needsTerminator` and the
/// map source. Of the edits' texts and the top-level names, the words that are names of the shared scope (a top-level
/// name, a free name an edit writes) are slots (`Key`): numbered in order of first appearance, one per spelling, so
/// two bundles with equal keys write the same structure and differ only in how each slot is spelled. A spelling
/// changes nothing else, with the exceptions the template checks (`fits(_:)`):
/// - the compressor, the printer and the renamer read a few spellings (`undefined`, the error constructors, `eval`,
///   `arguments`, `let`, `async`): a slot spelled as one of `specialWords` must be spelled so in both bundles;
/// - with mappings, a mapping is named by the original name of a top-level name spelled as the word the mapping
///   starts at (as the text route names it), and a built name is named only when it differs from the source text
///   under it: a slot spelled as a name of the file's parse or a source word under a built name must be spelled so
///   in both (`sensitiveWords`, `parsedNames`);
/// - the renamer's new names avoid the slots' spellings: they are chosen again from the kept plan (`plan`), and a
///   symbol that keeps its own name in one bundle but not the other (its mapping is named then) makes no piece here.
struct TreePieceTemplate: @unchecked Sendable {
    /// Everything of a tree piece besides its file and the slots' spellings.
    struct Key: Equatable {
        /// Per edit: its tokens, its mapped token (-1 for none) and its text with slots (`-1 - slot`) for names and
        /// bytes (0...255) for the rest.
        let editTokens: [Int]
        let editTexts: [[Int32]]
        /// The top-level names: declaration and slot, by declaration.
        let topLevel: [Int]
        let slotCount: Int
        package let needsTerminator: Bool
        package let mapSource: String?

        /// The key of a piece, and its slots' spellings (`nil` for an edit text the key does not take apart).
        package static func of(
            edits: [TokenEdit], topLevelNames: [Int: String], needsTerminator: Bool, mapSource: String?
        ) -> (key: Key, spellings: [String], structuralWords: [String])? {
            // Room for every slot up front (step 5d: the table grew through ten rehashes on a large module).
            var slotOf: [String: Int] = [:]
            slotOf.reserveCapacity(topLevelNames.count + edits.count)
            var spellings: [String] = []
            spellings.reserveCapacity(topLevelNames.count + edits.count)
            var structural: [String] = []
            // One look-up per name (the `default:` subscript's in-place access inserts a new one where it finds none).
            func found(_ value: inout Int) -> Int { value }
            func slot(_ name: String) -> Int {
                let next = spellings.count
                let known = found(&slotOf[name, default: next])
                if known == next { spellings.append(name) }
                return known
            }
            var topLevel: [Int] = []
            topLevel.reserveCapacity(topLevelNames.count * 2)
            for declaration in topLevelNames.keys.sorted() {
                guard let name = topLevelNames[declaration] else { continue }
                topLevel.append(declaration)
                topLevel.append(slot(name))
            }
            var editTokens: [Int] = []
            editTokens.reserveCapacity(edits.count * 3)
            var editTexts: [[Int32]] = []
            editTexts.reserveCapacity(edits.count)
            for edit in edits {
                editTokens.append(edit.start)
                editTokens.append(edit.end)
                editTokens.append(edit.mappedToken ?? -1)
                var text: [Int32] = []
                let bytes = Array(edit.text.utf8)
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    guard SyntaxPrinter.isWordByte(byte) else {
                        guard byte < 0x80 else { return nil }
                        text.append(Int32(byte))
                        index += 1
                        continue
                    }
                    var end = index
                    while end < bytes.count, SyntaxPrinter.isWordByte(bytes[end]) { end += 1 }
                    let word = bytes[index..<end]
                    guard word.allSatisfy({ $0 < 0x80 }) else { return nil }
                    if index > 0 && bytes[index - 1] == 0x2E || (0x30...0x39).contains(byte) {
                        // A property name or a number: structure.
                        for byte in word { text.append(Int32(byte)) }
                        structural.append(String(decoding: word, as: UTF8.self))
                    } else {
                        text.append(-1 - Int32(slot(String(decoding: word, as: UTF8.self))))
                    }
                    index = end
                }
                editTexts.append(text)
            }
            let key = Key(
                editTokens: editTokens, editTexts: editTexts, topLevel: topLevel, slotCount: spellings.count,
                needsTerminator: needsTerminator, mapSource: mapSource)
            return (key, spellings, structural)
        }
    }

    /// Spellings the compressor, the printer or the renamer read (see the type's description).
    static let specialWords: Set<String> = [
        "undefined", "eval", "arguments", "let", "async", "void", "this", "super", "new", "of", "get", "set", "static",
        "yield", "await", "as", "from", "target", "meta", "NaN", "Infinity", "Error", "TypeError", "RangeError",
        "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError",
    ]

    /// The piece with its slots and renamed symbols' names as places (`RenamedPieceTemplate`): its renames are the
    /// slots in order, then the symbols of `renamedSymbols`.
    let template: RenamedPieceTemplate
    /// The slots' spellings the piece was made with.
    let spellings: [String]
    /// Words a slot's spelling must not differ at besides `specialWords` (see the type's description).
    let sensitiveWords: TemplateWords
    /// The renamer's plan of the compressed tree (`nil`: nothing renamed), the slot of each of its name IDs (-1 for
    /// none), and the new names it gave with `spellings`.
    package let plan: TreeRenamer.Plan?
    let slotOfName: [Int32]
    let symbolNames: [[UInt8]?]
    /// The renamed symbols whose names the piece holds, in rename order after the slots.
    let renamedSymbols: [Int32]
    /// With mappings, the names of the file's parse, sensitive words too (kept apart from `sensitiveWords`, whose set
    /// would be made for every template: step 4r); `nil` without mappings.
    var parsedNames: ParsedNameSet? = nil
    /// How many names of `NameSequence` the renamer looked at when it named `symbolNames` (step 4u), and per slot
    /// whether one of its name IDs is a name the renamer keeps (bit 0, its spelling then one no new name may equal) or
    /// the name of a renamed symbol (bit 1); empty: not known (every use renames again).
    var examinedNames = 0
    var slotUses: [UInt8] = []

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(
        template: RenamedPieceTemplate,
        spellings: [String],
        sensitiveWords: TemplateWords,
        plan: TreeRenamer.Plan?,
        slotOfName: [Int32],
        symbolNames: [[UInt8]?],
        renamedSymbols: [Int32],
        parsedNames: ParsedNameSet? = nil,
        examinedNames: Int = 0,
        slotUses: [UInt8] = []
    ) {
        self.template = template
        self.spellings = spellings
        self.sensitiveWords = sensitiveWords
        self.plan = plan
        self.slotOfName = slotOfName
        self.symbolNames = symbolNames
        self.renamedSymbols = renamedSymbols
        self.parsedNames = parsedNames
        self.examinedNames = examinedNames
        self.slotUses = slotUses
    }

    /// `slotUses` of a template: per slot (`slotOfName` gives the slot of each name ID), whether `plan` keeps one of
    /// its name IDs (bit 0) or renames a symbol of one (bit 1).
    static func slotUses(plan: TreeRenamer.Plan, slotOfName: [Int32], slotCount: Int) -> [UInt8] {
        var uses = [UInt8](repeating: 0, count: slotCount)
        func slot(_ id: Int32) -> Int {
            let slot = Int(id) >= 0 && Int(id) < slotOfName.count ? Int(slotOfName[Int(id)]) : -1
            return slot < slotCount ? slot : -1
        }
        for id in plan.kept {
            let found = slot(id)
            if found >= 0 { uses[found] |= 1 }
        }
        for (symbol, renamed) in plan.renamable.enumerated() where renamed && symbol < plan.symbolNames.count {
            let found = slot(plan.symbolNames[symbol])
            if found >= 0 { uses[found] |= 2 }
        }
        return uses
    }

    /// Whether the renamer names every symbol as `symbolNames` with slot spellings `other` (of an equal key): each
    /// slot spelled otherwise names no renamed symbol, and where the renamer keeps it, neither spelling is among the
    /// names of `NameSequence` it looked at, so no choice of a name sees the difference (step 4u: most uses of a
    /// template differ only in top-level names the renamer never reached).
    func renamesAlike(_ other: [String]) -> Bool {
        guard plan != nil, slotUses.count == spellings.count, other.count == spellings.count else { return false }
        for (slot, own) in spellings.enumerated() {
            let new = other[slot]
            guard own != new else { continue }
            let uses = slotUses[slot]
            if uses & 2 != 0 { return false }
            if uses & 1 != 0,
                NameSequence.isAmong(own, first: examinedNames) || NameSequence.isAmong(new, first: examinedNames)
            {
                return false
            }
        }
        return true
    }

    /// `specialWords` as a `WordTable` (what `fits(_:)` tests).
    static let specialWordTable = WordTable(words: specialWords)

    /// Whether slot spellings `spellings` (of an equal key) make the same piece but for the names: each slot
    /// spelled as a sensitive word is spelled the same in both. (Step 5d: each word hashed once, on its bytes, for
    /// the three tables.)
    func fits(_ other: [String]) -> Bool {
        guard other.count == spellings.count else { return false }
        func sensitive(_ word: String) -> Bool {
            let tested = TestedWord(word)
            if Self.specialWordTable.contains(tested) || sensitiveWords.contains(tested) { return true }
            if let parsedNames, parsedNames.contains(tested) { return true }
            return false
        }
        for (own, new) in zip(spellings, other) where own != new {
            if sensitive(own) || sensitive(new) { return false }
        }
        return true
    }

    /// The piece with slot spellings `other` (`fits(_:)`), its symbols renamed against them; `nil` where a symbol
    /// keeps its own name in one but not the other, or the names cannot be put in.
    @inline(never)
    package func piece(spelling other: [String]) -> MinifiedPiece? {
        // The new names back to back (step 5d: not an array per name).
        let own = template.flatNames
        guard own.count == other.count + renamedSymbols.count else { return nil }
        var newNames = RenamedPieceTemplate.Names(capacity: own.count)
        for spelling in other { newNames.append(spelling) }
        if renamesAlike(other) {
            // The renamed symbols' names are the template's own.
            for symbol in renamedSymbols {
                guard Int(symbol) < symbolNames.count, symbolNames[Int(symbol)] != nil else { return nil }
            }
            newNames.append(from: other.count, of: own)
        } else if let plan {
            let slotOfName = slotOfName
            let renamed = plan.names { id in
                let slot = Int(id) < slotOfName.count ? Int(slotOfName[Int(id)]) : -1
                return slot >= 0 ? other[slot] : plan.names[Int(id)]
            }
            guard renamed.count == symbolNames.count else { return nil }
            for (own, new) in zip(symbolNames, renamed) where (own == nil) != (new == nil) { return nil }
            for symbol in renamedSymbols {
                guard let name = renamed[Int(symbol)] else { return nil }
                newNames.append(name)
            }
        } else if !renamedSymbols.isEmpty {
            return nil
        }
        return template.substituting(newNames)
    }
}

/// A word tested against the word tables of `TreePieceTemplate.fits(_:)` (step 5d): its bytes' hash, taken once for
/// all the tables it is tested against, and whether it is ASCII.
struct TestedWord {
    package let word: String
    let hash: UInt64
    let isASCII: Bool

    package init(_ word: String) {
        self.word = word
        var bytes = word
        (hash, isASCII) = bytes.withUTF8 { (Self.hash(of: $0), Self.isASCII($0)) }
    }

    /// Whether `bytes` are all ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0
        for byte in bytes { bits |= byte }
        return bits < 0x80
    }

    /// The hash `init` takes of `bytes`.
    static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

/// Words by their bytes in an open-addressed table of the bytes' hashes (`TestedWord.hash(of:)`), each found as its
/// index in the order added (step 5d): the words of `WordTable` and of `HoistedMappingNames`, which hashed them
/// with the standard hasher as strings or byte slices.
struct ByteWordTable {
    /// The words' bytes one after another, where each ends, and each one's hash.
    private var bytes: [UInt8] = []
    private var ends: [Int32] = []
    private var hashes: [UInt64] = []
    /// Per table entry: 0 empty, else 1 + the index of a word.
    private var table: [Int32] = [0]

    package init() {}

    /// The number of words.
    package var count: Int { ends.count }

    /// Reserves room for `count` words.
    mutating func reserve(_ count: Int) {
        ends.reserveCapacity(count)
        hashes.reserveCapacity(count)
    }

    /// Adds `word` with its hash; `finish()` then makes the table (a word added twice is found at its first index).
    package mutating func add(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        bytes.append(contentsOf: word)
        ends.append(Int32(truncatingIfNeeded: bytes.count))
        hashes.append(hash)
    }

    /// Makes the table of the words added (a power of two, at most half full).
    package mutating func finish() {
        var size = 8
        while size < ends.count * 2 { size *= 2 }
        var table = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(truncatingIfNeeded: index + 1)
        }
        self.table = table
    }

    /// The index of the word spelled `word` (whose hash is `hash`), -1 for none.
    package func index(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        guard !ends.isEmpty else { return -1 }
        return table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                let mask = table.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let entry = Int(table[slot])
                    if entry == 0 { return -1 }
                    let index = entry - 1
                    if hashes[index] == hash {
                        let start = index == 0 ? 0 : Int(ends[index - 1])
                        let end = Int(ends[index])
                        if end - start == word.count, Self.equal(bytes, start, word) { return index }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The word at `index` as a string.
    package func string(at index: Int) -> String {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return String(decoding: bytes[start..<Int(ends[index])], as: UTF8.self)
    }

    /// Whether `bytes` from `start` on begins with `word` (in range: the caller checked the lengths).
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let other = word.baseAddress, start + word.count <= bytes.count else {
            return word.isEmpty
        }
        return memcmp(base + start, other, word.count) == 0
    }
}

/// A set of words tested by `TestedWord` (step 5d), in place of a `Set<String>`, whose every insert and test hashed a
/// string with the standard hasher: the ASCII words in a `ByteWordTable`, compared by bytes; the others kept apart as
/// strings. A test keeps `String ==`'s canonical equivalence: an ASCII word equals only the ASCII word of its bytes,
/// but any word may equal a non-ASCII one (`"K"` and the Kelvin sign), so an ASCII word is looked up in the table and
/// compared with each non-ASCII word, and a non-ASCII word with every word.
final class WordTable: @unchecked Sendable {
    private let ascii: ByteWordTable
    /// The words that are not ASCII.
    private let nonASCII: [String]

    /// The table of `words` and, one after another in `bytes`, of the words ending at each of `ends` (a word of
    /// `bytes` is the string `String(decoding:as:)` makes of it).
    package init(words: some Sequence<String>, bytes wordBytes: [UInt8] = [], ends wordEnds: [Int32] = []) {
        var ascii = ByteWordTable()
        var nonASCII: [String] = []
        ascii.reserve(words.underestimatedCount + wordEnds.count)
        for word in words {
            var bytes = word
            let isASCII = bytes.withUTF8 { bytes in
                guard TestedWord.isASCII(bytes) else { return false }
                ascii.add(bytes, hash: TestedWord.hash(of: bytes))
                return true
            }
            if !isASCII { nonASCII.append(word) }
        }
        var start = 0
        wordBytes.withUnsafeBufferPointer { all in
            for end in wordEnds {
                let stop = min(max(Int(end), start), all.count)
                let word = UnsafeBufferPointer(rebasing: all[start..<stop])
                if TestedWord.isASCII(word) {
                    ascii.add(word, hash: TestedWord.hash(of: word))
                } else {
                    nonASCII.append(String(decoding: word, as: UTF8.self))
                }
                start = stop
            }
        }
        ascii.finish()
        self.ascii = ascii
        self.nonASCII = nonASCII
    }

    /// Whether `tested` is one of the words (by `String ==`).
    package func contains(_ tested: TestedWord) -> Bool {
        if !nonASCII.isEmpty, nonASCII.contains(tested.word) { return true }
        guard ascii.count > 0 else { return false }
        guard tested.isASCII else {
            // Rare: compared with every ASCII word as a string.
            for index in 0..<ascii.count where ascii.string(at: index) == tested.word { return true }
            return false
        }
        var word = tested.word
        return word.withUTF8 { ascii.index(of: $0, hash: tested.hash) >= 0 }
    }
}

/// Words of a template (`TreePieceTemplate.sensitiveWords`: its key's structural words and the source words under its
/// built names) tested for membership through a set made at the first test (step 4u). Most templates are never
/// tested (used only with their own spellings, or not used): the set made for each, with `specialWords` copied in,
/// was a quarter of what making a template cost on the large benchmark tree.
final class TemplateWords: ExpressibleByArrayLiteral, @unchecked Sendable {
    private let words: [String]
    /// More words, their bytes one after another, each ending where its entry of `ends` says.
    private let bytes: [UInt8]
    private let ends: [Int32]
    private let lock = NSLock()
    /// Made at the first `contains(_:)` (under `lock`).
    private var table: WordTable?

    package init(words: [String], bytes: [UInt8] = [], ends: [Int32] = []) {
        self.words = words
        self.bytes = bytes
        self.ends = ends
    }

    package convenience init(arrayLiteral elements: String...) {
        self.init(words: elements)
    }

    /// Whether `word` is one of the words.
    package func contains(_ word: String) -> Bool {
        contains(TestedWord(word))
    }

    /// Whether `tested`'s word is one of the words.
    package func contains(_ tested: TestedWord) -> Bool {
        if words.isEmpty && ends.isEmpty { return false }
        lock.lock()
        defer { lock.unlock() }
        if let table { return table.contains(tested) }
        let made = WordTable(words: words, bytes: bytes, ends: ends)
        table = made
        return made.contains(tested)
    }
}

/// The names a parse interned (`SyntaxTree.names` up to `parsedNameCount`), tested for membership through a set made
/// at the first test (step 4r). A template is mostly used with slot spellings equal to its own, where `fits(_:)` tests
/// no word: the set of a file's names, made for each template, was most of the cost of making one.
final class ParsedNameSet: @unchecked Sendable {
    private let names: [String]
    private let count: Int
    private let lock = NSLock()
    /// Made at the first `contains(_:)` (under `lock`).
    private var table: WordTable?

    package init(names: [String], count: Int) {
        self.names = names
        self.count = min(count, names.count)
    }

    /// Whether `name` is one of the names.
    package func contains(_ name: String) -> Bool {
        contains(TestedWord(name))
    }

    /// Whether `tested`'s word is one of the names.
    package func contains(_ tested: TestedWord) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let table { return table.contains(tested) }
        let made = WordTable(words: names[0..<count])
        table = made
        return made.contains(tested)
    }
}
