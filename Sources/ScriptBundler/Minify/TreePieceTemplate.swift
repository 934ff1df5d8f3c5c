import Foundation

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
        let needsTerminator: Bool
        let mapSource: String?

        /// The key of a piece, and its slots' spellings (`nil` for an edit text the key does not take apart).
        static func of(
            edits: [TokenEdit], topLevelNames: [Int: String], needsTerminator: Bool, mapSource: String?
        ) -> (key: Key, spellings: [String], structuralWords: [String])? {
            var slotOf: [String: Int] = [:]
            var spellings: [String] = []
            var structural: [String] = []
            func slot(_ name: String) -> Int {
                if let known = slotOf[name] { return known }
                slotOf[name] = spellings.count
                spellings.append(name)
                return spellings.count - 1
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
    let plan: TreeRenamer.Plan?
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

    /// Whether slot spellings `spellings` (of an equal key) make the same piece but for the names: each slot
    /// spelled as a sensitive word is spelled the same in both.
    func fits(_ other: [String]) -> Bool {
        guard other.count == spellings.count else { return false }
        for (own, new) in zip(spellings, other) where own != new {
            if Self.specialWords.contains(own) || Self.specialWords.contains(new) { return false }
            if sensitiveWords.contains(own) || sensitiveWords.contains(new) { return false }
            if let parsedNames, parsedNames.contains(own) || parsedNames.contains(new) { return false }
        }
        return true
    }

    /// The piece with slot spellings `other` (`fits(_:)`), its symbols renamed against them; `nil` where a symbol
    /// keeps its own name in one but not the other, or the names cannot be put in.
    @inline(never)
    func piece(spelling other: [String]) -> MinifiedPiece? {
        var newNames: [[UInt8]] = other.map { Array($0.utf8) }
        if renamesAlike(other) {
            for symbol in renamedSymbols {
                guard Int(symbol) < symbolNames.count, let name = symbolNames[Int(symbol)] else { return nil }
                newNames.append(name)
            }
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
    private var set: Set<String>?

    init(words: [String], bytes: [UInt8] = [], ends: [Int32] = []) {
        self.words = words
        self.bytes = bytes
        self.ends = ends
    }

    convenience init(arrayLiteral elements: String...) {
        self.init(words: elements)
    }

    /// Whether `word` is one of the words.
    func contains(_ word: String) -> Bool {
        if words.isEmpty && ends.isEmpty { return false }
        lock.lock()
        defer { lock.unlock() }
        if let set { return set.contains(word) }
        var made = Set<String>(minimumCapacity: words.count + ends.count)
        for word in words { made.insert(word) }
        var start = 0
        for end in ends {
            let stop = min(max(Int(end), start), bytes.count)
            made.insert(String(decoding: bytes[start..<stop], as: UTF8.self))
            start = stop
        }
        set = made
        return made.contains(word)
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
    private var set: Set<String>?

    init(names: [String], count: Int) {
        self.names = names
        self.count = min(count, names.count)
    }

    /// Whether `name` is one of the names.
    func contains(_ name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let set { return set.contains(name) }
        var made = Set<String>(minimumCapacity: count)
        for index in 0..<count { made.insert(names[index]) }
        set = made
        return made.contains(name)
    }
}
