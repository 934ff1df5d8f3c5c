import ScriptSyntax

/// Chooses short names for the renamable declarations of a program (`TreeRenamer` says which are renamable: not the
/// top level, free names, bindings a direct `eval` or a `with` can reach, nor any binding of a source with module
/// syntax). New names never equal a name in `forbidden` (free names, names kept) or, when asked, a reserved word,
/// and never shadow a binding of an enclosing scope; sibling scopes reuse the same short names.
enum IdentifierRenamer {
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
        assignNames(
            parents: parents, declarationStarts: declarationStarts, declarations: declarations, names: declarationName,
            renamable: renamable, referenceCounts: referenceCounts,
            sequence: NameSequence(forbidden: forbidden, avoidingReservedWords: avoidingReservedWords)
        ).names
    }

    /// `assignNames(parents:…)` taking its names from `sequence` (which skips the forbidden names); returns them, and
    /// how many names of the sequence it looked at (`NameSequence.counter`): a forbidden name past them changed
    /// nothing (`TreePieceTemplate.renamesAlike`, step 4u).
    static func assignNames(
        parents: [Int], declarationStarts: [Int], declarations: [Int], names declarationName: (Int) -> String,
        renamable: [Bool], referenceCounts: [Int], sequence: NameSequence
    ) -> (names: [[UInt8]?], examined: Int) {
        assignNames(
            parents: parents, declarationStarts: declarationStarts, declarations: declarations,
            isSpelled: { index, name in
                // Lengths first: a new name is mostly shorter than the old (`utf8.count` of a native string is stored).
                let old = declarationName(index)
                return old.utf8.count == name.count && old.utf8.elementsEqual(name)
            }, renamable: renamable, referenceCounts: referenceCounts, sequence: sequence)
    }

    /// `assignNames(parents:…names:…)` with whether declaration `index` is spelled `name` told by `isSpelled` (step 5p:
    /// a caller holding the names in an array compares them there, without a `String` returned, retained and released
    /// per declaration).
    static func assignNames(
        parents: [Int], declarationStarts: [Int], declarations: [Int], isSpelled: (Int, [UInt8]) -> Bool,
        renamable: [Bool], referenceCounts: [Int], sequence: NameSequence
    ) -> (names: [[UInt8]?], examined: Int) {
        var names = sequence
        var slotOf = [Int](repeating: -1, count: renamable.count)
        // Per scope: how many slots it and its ancestors use.
        var chainSlots = [Int](repeating: 0, count: parents.count)
        // Per renamable declaration of a scope with more than one: minus its reference count, its position, and the
        // declaration (the first two sort as the ranks go; positions differ, so the declaration never decides).
        // Step 5p: in memory of its own, as long as the declarations table (a scope's keys are at most its share of
        // it; an append to an array checked its uniqueness per declaration). Trivial elements: nothing to deinitialize.
        let keys = UnsafeMutablePointer<(negativeCount: Int, position: Int, declaration: Int)>.allocate(
            capacity: max(declarations.count, 1))
        defer { keys.deallocate() }
        // `slotOf` and `chainSlots` are written through pointers (step 4x, second part): a write through the array
        // checked its uniqueness, several times per scope. A declaration is below `slotOf.count` (`renamable[declaration]`
        // checked it: both have `renamable.count` elements) and a scope below `chainSlots.count` (`parents.indices`).
        slotOf.withUnsafeMutableBufferPointer { slotOf in
            chainSlots.withUnsafeMutableBufferPointer { chainSlots in
                for scopeIndex in parents.indices {
                    let parent = parents[scopeIndex]
                    let base = parent >= 0 && parent < scopeIndex ? chainSlots[parent] : 0
                    // By index, not a slice of `declarations` (retained per scope; most scopes have one declaration
                    // or none). Counted first: the declarations are listed only for a scope with more than one.
                    let start = declarationStarts[scopeIndex]
                    let end = declarationStarts[scopeIndex + 1]
                    var ownCount = 0
                    var first = -1
                    var k = start
                    while k < end {
                        let declaration = declarations[k]
                        if renamable[declaration] {
                            if ownCount == 0 { first = declaration }
                            ownCount += 1
                        }
                        k += 1
                    }
                    chainSlots[scopeIndex] = base + ownCount
                    switch ownCount {
                    case 0:
                        continue
                    case 1:
                        slotOf[first] = base
                        continue
                    default:
                        break
                    }
                    // Most-referenced first, so they get the shortest names; ties keep declaration order.
                    // At most `end - start` keys, below `declarations.count`.
                    var keyCount = 0
                    k = start
                    while k < end {
                        let declaration = declarations[k]
                        if renamable[declaration] {
                            precondition(keyCount < declarations.count, "keys beyond the declarations")
                            (keys + keyCount).initialize(to: (0 &- referenceCounts[declaration], keyCount, declaration))
                            keyCount += 1
                        }
                        k += 1
                    }
                    var scopeKeys = UnsafeMutableBufferPointer(start: keys, count: keyCount)
                    scopeKeys.sort {
                        $0.negativeCount != $1.negativeCount ? $0.negativeCount < $1.negativeCount : $0.position < $1.position
                    }
                    for (rank, key) in scopeKeys.enumerated() {
                        slotOf[key.declaration] = base + rank
                    }
                }
            }
        }
        // Slots used most often across the source take the shortest names: a slot deep in the chains (the first
        // local of every nested function) usually outnumbers one near the top (a top-level function called
        // twice). Any one-to-one map from slots to names keeps each chain's names distinct.
        let slotCount = chainSlots.max() ?? 0
        var uses = [Int](repeating: 0, count: slotCount)
        // A slot is below its scope's `chainSlots`, so below `slotCount`; `result` has `slotOf`'s count.
        uses.withUnsafeMutableBufferPointer { uses in
            for index in slotOf.indices where slotOf[index] >= 0 { uses[slotOf[index]] += referenceCounts[index] + 1 }
        }
        let order = uses.indices.sorted { uses[$0] != uses[$1] ? uses[$0] > uses[$1] : $0 < $1 }
        var rankOf = [Int](repeating: 0, count: slotCount)
        for (rank, slot) in order.enumerated() { rankOf[slot] = rank }
        var result = [[UInt8]?](repeating: nil, count: renamable.count)
        result.withUnsafeMutableBufferPointer { result in
            for index in slotOf.indices where slotOf[index] >= 0 {
                let name = names.name(rankOf[slotOf[index]])
                if !isSpelled(index, name) { result[index] = name }
            }
        }
        return (result, names.counter)
    }
}
