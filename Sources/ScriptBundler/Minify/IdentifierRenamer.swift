/// A new, shorter name for one identifier token.
struct IdentifierRename {
    /// The new name (ASCII).
    let name: [UInt8]
    /// The original name, for the source map's `names`.
    let originalName: String
    /// A shorthand property (`{a}`) or pattern (`{a} = o`): write `a:<name>` to keep the property key.
    let isShorthand: Bool
}

/// Chooses short names for local bindings from the parser's scope analysis.
///
/// Never renamed: the top level (globals), free names, bindings in scopes a direct `eval` or a `with` can
/// reach, function declarations left in a block scope (kept as a precaution; the parser hoists sloppy-mode ones),
/// `arguments`/`eval` bindings, and every binding of a source with `import`/`export` syntax (its names are
/// observable). New names never equal a free name, a reserved word, or a name kept anywhere in the source, and
/// never shadow a binding of an enclosing scope; sibling scopes reuse the same short names.
enum IdentifierRenamer {
    /// Renames by token index (of the parsed, comment-free tokens).
    static func renames(_ analysis: ScopeAnalysis) -> IdentifierRenames {
        if analysis.module.hasModuleSyntax { return IdentifierRenames() }
        let declarations = analysis.declarations
        let scopes = analysis.scopes
        var referenceCounts = [Int](repeating: 0, count: declarations.count)
        // Reserved words are skipped from the shared set (`avoidingReservedWords`), not copied into this one.
        var forbidden = Set<String>()
        for reference in analysis.references {
            if let declaration = reference.declaration {
                referenceCounts[declaration] += 1
            } else {
                forbidden.insert(analysis.name(of: reference))
            }
        }
        var renamable = [Bool](repeating: false, count: declarations.count)
        // Per scope, read once (not copied out of `scopes` per declaration).
        let scopeFlags = scopes.map { (isProgram: $0.kind == .program, isVarScope: $0.isVarScope, isUnsafe: $0.isUnsafe) }
        for index in declarations.indices {
            let kind = declarations[index].kind
            let flags = scopeFlags[declarations[index].scope]
            let blockFunction = kind == .function && !flags.isVarScope
            if flags.isProgram || flags.isUnsafe || blockFunction || kind == .import
                || declarations[index].name == "arguments" || declarations[index].name == "eval"
            {
                forbidden.insert(declarations[index].name)
            } else {
                renamable[index] = true
            }
        }

        let newNames = assignNames(
            scopes: scopes, names: { declarations[$0].name }, renamable: renamable,
            referenceCounts: referenceCounts, forbidden: forbidden, avoidingReservedWords: true)

        // One rename per declaration (and one for its shorthand spelling), shared by its references.
        var table = RenameTable(newNames: newNames, originalName: { declarations[$0].name })
        var result = IdentifierRenames(byToken: [Int32](repeating: -1, count: analysis.tokens.count))
        for (index, declaration) in declarations.enumerated() {
            let rename = table.rename(of: index, shorthand: declaration.isShorthandPattern)
            if rename >= 0 { result.byToken[declaration.token] = rename }
        }
        for reference in analysis.references {
            guard let declaration = reference.declaration else { continue }
            let rename = table.rename(of: declaration, shorthand: reference.isShorthandProperty)
            if rename >= 0 { result.byToken[reference.token] = rename }
        }
        result.table = table.renames
        return result
    }

    /// Chooses the new names: each renamable declaration takes the lowest slot its scope chain does not use
    /// (most-referenced first within a scope, ties in declaration order); slots are ranked by how often their
    /// declarations are written (declaration and references, over all scopes), and the slot of rank `r` takes
    /// the `r`-th short name not in `forbidden` (nor, when `avoidingReservedWords`, in `ReservedNames.words`).
    /// Returns per declaration its new name, or `nil` (not renamed, or unchanged).
    /// `scopes[s].declarations` lists the declarations of scope `s` (indexes into `renamable`); scope 0 holds
    /// `extraInScopeZero` first.
    static func assignNames(
        scopes: [Scope], extraInScopeZero: [Int] = [], names declarationName: (Int) -> String, renamable: [Bool],
        referenceCounts: [Int], forbidden: Set<String>, avoidingReservedWords: Bool = false
    ) -> [[UInt8]?] {
        var parents = [Int](repeating: -1, count: scopes.count)
        var starts: [Int] = []
        starts.reserveCapacity(scopes.count + 1)
        var list: [Int] = []
        list.reserveCapacity(renamable.count + extraInScopeZero.count)
        for index in scopes.indices {
            parents[index] = scopes[index].parent ?? -1
            starts.append(list.count)
            if index == 0 { list.append(contentsOf: extraInScopeZero) }
            list.append(contentsOf: scopes[index].declarations)
        }
        starts.append(list.count)
        return assignNames(
            parents: parents, declarationStarts: starts, declarations: list, names: declarationName, renamable: renamable,
            referenceCounts: referenceCounts, forbidden: forbidden, avoidingReservedWords: avoidingReservedWords)
    }

    /// `assignNames(scopes:…)` on scopes given as tables: per scope its parent (-1 for none), and its declarations,
    /// `declarations[declarationStarts[s]..<declarationStarts[s + 1]]` (one table for all scopes, not an array each).
    ///
    /// The slots a scope chain uses are always `0..<n`: a scope's own declarations take the slots right after
    /// its parent chain's, so no chain needs walking.
    static func assignNames(
        parents: [Int], declarationStarts: [Int], declarations: [Int], names declarationName: (Int) -> String,
        renamable: [Bool], referenceCounts: [Int], forbidden: Set<String>, avoidingReservedWords: Bool
    ) -> [[UInt8]?] {
        var names = NameSequence(forbidden: forbidden, avoidingReservedWords: avoidingReservedWords)
        var slotOf = [Int](repeating: -1, count: renamable.count)
        // Per scope: how many slots it and its ancestors use.
        var chainSlots = [Int](repeating: 0, count: parents.count)
        var own: [Int] = []
        // Per declaration of `own`: minus its reference count, then its position (keys sort as the ranks go).
        var keys: [(negativeCount: Int, position: Int)] = []
        for scopeIndex in parents.indices {
            let parent = parents[scopeIndex]
            let base = parent >= 0 && parent < scopeIndex ? chainSlots[parent] : 0
            own.removeAll(keepingCapacity: true)
            for declaration in declarations[declarationStarts[scopeIndex]..<declarationStarts[scopeIndex + 1]]
            where renamable[declaration] {
                own.append(declaration)
            }
            chainSlots[scopeIndex] = base + own.count
            guard !own.isEmpty else { continue }
            // Most-referenced first, so they get the shortest names; ties keep declaration order.
            keys.removeAll(keepingCapacity: true)
            for (position, declaration) in own.enumerated() { keys.append((0 &- referenceCounts[declaration], position)) }
            keys.sort { $0 < $1 }
            for (rank, key) in keys.enumerated() { slotOf[own[key.position]] = base + rank }
        }
        // Slots used most often across the source take the shortest names: a slot deep in the chains (the first
        // local of every nested function) usually outnumbers one near the top (a top-level function called
        // twice). Any one-to-one map from slots to names keeps each chain's names distinct.
        let slotCount = chainSlots.max() ?? 0
        var uses = [Int](repeating: 0, count: slotCount)
        for index in slotOf.indices where slotOf[index] >= 0 { uses[slotOf[index]] += referenceCounts[index] + 1 }
        let order = uses.indices.sorted { uses[$0] != uses[$1] ? uses[$0] > uses[$1] : $0 < $1 }
        var rankOf = [Int](repeating: 0, count: slotCount)
        for (rank, slot) in order.enumerated() { rankOf[slot] = rank }
        var result = [[UInt8]?](repeating: nil, count: renamable.count)
        for index in slotOf.indices where slotOf[index] >= 0 {
            let name = names.name(rankOf[slotOf[index]])
            // Lengths first: a new name is mostly shorter than the old (`utf8.count` of a native string is stored).
            let old = declarationName(index)
            if old.utf8.count != name.count || !old.utf8.elementsEqual(name) { result[index] = name }
        }
        return result
    }
}

/// The renames of a set of declarations, built on demand: one per renamed declaration and one for its
/// shorthand spelling (`key:name`), shared by all its tokens.
struct RenameTable {
    private let newNames: [[UInt8]?]
    private let originalName: (Int) -> String
    private var plain: [Int32]
    private var shorthand: [Int32]
    private(set) var renames: [IdentifierRename] = []

    init(newNames: [[UInt8]?], originalName: @escaping (Int) -> String) {
        self.newNames = newNames
        self.originalName = originalName
        plain = [Int32](repeating: -1, count: newNames.count)
        shorthand = [Int32](repeating: -1, count: newNames.count)
    }

    /// The index in `renames` of declaration `declaration`'s rename (its shorthand form when `shorthand`),
    /// or -1 when it keeps its name.
    mutating func rename(of declaration: Int, shorthand isShorthand: Bool) -> Int32 {
        // Most calls find the rename made already: answered before the name is looked at.
        let known = isShorthand ? shorthand[declaration] : plain[declaration]
        if known >= 0 { return known }
        guard let name = newNames[declaration] else { return -1 }
        if isShorthand {
            if shorthand[declaration] < 0 {
                shorthand[declaration] = Int32(truncatingIfNeeded: renames.count)
                renames.append(IdentifierRename(name: name, originalName: originalName(declaration), isShorthand: true))
            }
            return shorthand[declaration]
        }
        if plain[declaration] < 0 {
            plain[declaration] = Int32(truncatingIfNeeded: renames.count)
            renames.append(IdentifierRename(name: name, originalName: originalName(declaration), isShorthand: false))
        }
        return plain[declaration]
    }
}

/// The short names in order (`a`...`z`, `A`...`Z`, `_`, `$`, then two characters, ...), skipping forbidden ones.
struct NameSequence {
    private static let first: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$".utf8)
    private static let rest: [UInt8] = first + Array("0123456789".utf8)

    let forbidden: Set<String>
    /// Whether `ReservedNames.words` are skipped too (the shared set, not copied into `forbidden`).
    let avoidingReservedWords: Bool
    private var names: [[UInt8]] = []
    private var counter = 0

    init(forbidden: Set<String>, avoidingReservedWords: Bool = false) {
        self.forbidden = forbidden
        self.avoidingReservedWords = avoidingReservedWords
    }

    /// The name of `slot` (0-based).
    mutating func name(_ slot: Int) -> [UInt8] {
        while names.count <= slot {
            let candidate = Self.spell(counter)
            counter += 1
            let spelled = String(decoding: candidate, as: UTF8.self)
            if !forbidden.contains(spelled), !(avoidingReservedWords && ReservedNames.words.contains(spelled)) {
                names.append(candidate)
            }
        }
        return names[slot]
    }

    /// The length of the `number`-th name (0-based), skipping nothing: a name of `NameSequence(forbidden: f)`'s first
    /// `n` is never longer than `spelledLength(n - 1 + f.count)`.
    static func spelledLength(_ number: Int) -> Int {
        var n = number / first.count
        var length = 1
        while n > 0 {
            n -= 1
            length += 1
            n /= rest.count
        }
        return length
    }

    private static func spell(_ number: Int) -> [UInt8] {
        var n = number
        var bytes = [first[n % first.count]]
        n /= first.count
        while n > 0 {
            n -= 1
            bytes.append(rest[n % rest.count])
            n /= rest.count
        }
        return bytes
    }
}
