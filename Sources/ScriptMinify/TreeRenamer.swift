import ScriptSyntax

/// Chooses short names for a syntax tree's local symbols, by `IdentifierRenamer`'s rules, so the tree minifier
/// renames as the token minifier before it did: never the top level, free names, symbols of scopes a direct `eval` or a
/// `with` reaches, function declarations in a block, `arguments`/`eval`, nor anything of a source with module
/// syntax; the most-referenced symbols of a scope first, sibling scopes reusing names, and no new name equal to a
/// free name, a reserved word or a name kept, nor to a name of an enclosing scope's renamed symbols.
///
/// References are counted by walking the tree from its root, not from `SyntaxTree.references`: a rewriting pass
/// (the compressor) removes and moves nodes, and a symbol whose declaration it removed takes no name.
enum TreeRenamer {
    /// Per symbol of `tree`, its new name, or `nil` where it keeps its own (empty when nothing is renamed). `uses`: the
    /// walk of `tree` as it is now (`TreeCompressor.compress` returns it), `nil` to walk it here.
    package static func names(_ tree: SyntaxTree, hasModuleSyntax: Bool, uses: TreeUses? = nil) -> [[UInt8]?] {
        guard !hasModuleSyntax, let plan = plan(tree, uses: uses) else { return [] }
        return plan.namesExaminingOwnSpellings().names
    }

    /// What the renamer reads of a tree apart from the spellings of the names no new name may equal (free names and
    /// names kept): the scopes, the symbols that take a new name with their reference counts, and which name IDs are
    /// kept. A tree whose kept names are spelled otherwise (a scope-hoisted module under another bundle's top-level
    /// names) is renamed from the same plan with those spellings (`names(spelling:)`).
    struct Plan {
        package let parents: [Int]
        let declarationStarts: [Int]
        package let declarations: [Int]
        let renamable: [Bool]
        let referenceCounts: [Int]
        /// The symbols' name IDs, and the tree's names.
        let symbolNames: [Int32]
        package let names: [String]
        /// The name IDs no new name may equal, each once.
        package let kept: [Int32]
        /// The length past which a kept name can never equal a new one.
        package let longest: Int

        /// Per symbol, its new name, or `nil` where it keeps its own; `spelling`: the spelling of a name ID (a kept
        /// name's, or a renamed symbol's own name).
        package func names(spelling: (Int32) -> String) -> [[UInt8]?] {
            namesExamining(spelling: spelling).names
        }

        /// `names(spelling:)`, and how many names of `NameSequence` the choice looked at (skipped ones included).
        func namesExamining(spelling: (Int32) -> String) -> (names: [[UInt8]?], examined: Int) {
            // The kept names that are names of the sequence, by number (no name hashed, step 4u).
            var forbidden: [Int] = []
            forbidden.reserveCapacity(kept.count)
            for id in kept {
                let name = spelling(id)
                if name.utf8.count <= longest, let number = NameSequence.number(of: name) { forbidden.append(number) }
            }
            let symbolNames = symbolNames
            return IdentifierRenamer.assignNames(
                parents: parents, declarationStarts: declarationStarts, declarations: declarations,
                names: { spelling(symbolNames[$0]) }, renamable: renamable, referenceCounts: referenceCounts,
                sequence: NameSequence(forbiddenNumbers: forbidden, avoidingReservedWords: true))
        }

        /// `namesExamining(spelling:)` with each name ID spelled as in `names` (the tree's own spellings). Step 5p: the
        /// names are read in the array, not returned by a closure (a `String` retained and released per kept name and
        /// per renamed symbol, 138 K retains and 162 K releases on the large benchmark tree); lengths are read first
        /// (stored in a native string).
        func namesExaminingOwnSpellings() -> (names: [[UInt8]?], examined: Int) {
            let names = names
            let symbolNames = symbolNames
            var forbidden: [Int] = []
            forbidden.reserveCapacity(kept.count)
            for id in kept where names[Int(id)].utf8.count <= longest {
                if let number = NameSequence.number(of: names[Int(id)]) { forbidden.append(number) }
            }
            return IdentifierRenamer.assignNames(
                parents: parents, declarationStarts: declarationStarts, declarations: declarations,
                isSpelled: { index, name in
                    let id = Int(symbolNames[index])
                    return names[id].utf8.count == name.count && names[id].utf8.elementsEqual(name)
                }, renamable: renamable, referenceCounts: referenceCounts,
                sequence: NameSequence(forbiddenNumbers: forbidden, avoidingReservedWords: true))
        }
    }

    /// The renaming plan of `tree` (a source without module syntax), `nil` when nothing is renamed. `uses`: the walk of
    /// `tree` as it is now, `nil` to walk it here.
    package static func plan(_ tree: SyntaxTree, uses: TreeUses? = nil) -> Plan? {
        guard tree.root >= 0, !tree.symbols.isEmpty else { return nil }
        // Step 5p: the walk given is read where it is (`uses ?? TreeUses(tree)` copied it, its arrays retained).
        if let uses { return plan(tree, walked: uses) }
        return plan(tree, walked: TreeUses(tree))
    }

    /// `plan(_:uses:)` from `uses`, the walk of `tree` as it is now.
    private static func plan(_ tree: SyntaxTree, walked uses: TreeUses) -> Plan? {
        let symbols = tree.symbols
        // Step 5p: the per-symbol tables are written through pointers (a write through an array checked its
        // uniqueness: 298 K checks on the large benchmark tree); every index is checked against the table's length.
        // A repeated declaration (`var a; var a;`) counts as a reference, as in the token view.
        var referenceCounts = [Int](repeating: 0, count: symbols.count)
        referenceCounts.withUnsafeMutableBufferPointer { referenceCounts in
            for index in referenceCounts.indices {
                referenceCounts[index] = Int(uses.references[index]) + Int(uses.repeatedDeclarations[index])
            }
        }
        let present = uses.present
        // Names no new name may equal, marked by name ID (each name looked at once, no string hashed here): free
        // names, and built bindings the tree's scopes do not know, whose names stay; reserved words are skipped from
        // the shared set (`avoidingReservedWords`).
        let names = tree.names
        var isKept = [Bool](repeating: false, count: names.count)
        var kept: [Int32] = []
        for name in uses.freeNames {
            isKept[Int(name)] = true
            kept.append(name)
        }
        var renamable = [Bool](repeating: false, count: symbols.count)
        var renamableCount = 0
        renamable.withUnsafeMutableBufferPointer { renamable in
            isKept.withUnsafeMutableBufferPointer { isKept in
                for index in symbols.indices where present[index] {
                    let symbol = symbols[index]
                    let scope = tree.scopes[Int(symbol.scope)]
                    let blockFunction = symbol.kind == .function && !scope.isVarScope
                    if scope.kind == .program || scope.isUnsafe || blockFunction || symbol.kind == .import
                        || isArgumentsOrEval(names[Int(symbol.name)])
                    {
                        // `names[Int(symbol.name)]` checked the name ID (`isKept` has `names.count` elements).
                        let name = Int(symbol.name)
                        precondition(name >= 0 && name < isKept.count, "name out of range")
                        if !isKept[name] {
                            isKept[name] = true
                            kept.append(symbol.name)
                        }
                    } else {
                        precondition(index < renamable.count, "symbol out of range")
                        renamable[index] = true
                        renamableCount += 1
                    }
                }
            }
        }
        // The sequence looks at most `renamableCount` names plus one per name it skips, so a kept name longer than
        // the last of those can never equal one: only the shorter are hashed into the set.
        let longest = NameSequence.spelledLength(renamableCount + kept.count + ReservedNames.words.count)
        // Each scope's declarations, in symbol order, in one table (by a count per scope, then a place per symbol).
        let scopeCount = tree.scopes.count
        var starts = [Int](repeating: 0, count: scopeCount + 1)
        starts.withUnsafeMutableBufferPointer { starts in
            for symbol in symbols {
                let scope = Int(symbol.scope)
                precondition(scope >= 0 && scope < scopeCount, "scope out of range")
                starts[scope + 1] += 1
            }
            for index in 0..<scopeCount { starts[index + 1] += starts[index] }
        }
        var next = starts
        var declarations = [Int](repeating: 0, count: symbols.count)
        // Each scope's places run from its start below the next scope's (the counts above): every place is below
        // `symbols.count`.
        next.withUnsafeMutableBufferPointer { next in
            declarations.withUnsafeMutableBufferPointer { declarations in
                for index in symbols.indices {
                    let scope = Int(symbols[index].scope)
                    let place = next[scope]
                    precondition(place < declarations.count, "place out of range")
                    declarations[place] = index
                    next[scope] = place + 1
                }
            }
        }
        return Plan(
            parents: tree.scopes.map { Int($0.parent) }, declarationStarts: starts, declarations: declarations,
            renamable: renamable, referenceCounts: referenceCounts, symbolNames: symbols.map(\.name), names: names,
            kept: kept, longest: longest)
    }

    /// Whether `name` is `arguments` or `eval` (its length looked at first: most names are neither long).
    @inline(__always)
    private static func isArgumentsOrEval(_ name: String) -> Bool {
        switch name.utf8.count {
        case 9: return name == "arguments"
        case 4: return name == "eval"
        default: return false
        }
    }

    /// Per name ID of `tree`, the new spelling (without `#`) of the private names spelled so, or `nil`: every private
    /// name reachable from the root written short, the most written first (ties in order of first appearance), one
    /// name to one name, as the token minifier's `PrivateNames` did; a private name is visible only inside its class body and
    /// never through a string, so the same declarations and shadowing hold under the new names. Empty (nothing
    /// renamed) when the code names `eval` (an evaluated string may name a private name) or has no private name.
    /// `uses`: the walk of `tree` as it is now, `nil` to walk it here (only when the tree has a private name).
    static func privateNames(_ tree: SyntaxTree, uses: TreeUses? = nil) -> [[UInt8]?] {
        guard tree.root >= 0 else { return [] }
        // Step 5p: the walk given is read where it is (assigned to a local, it was copied, its arrays retained).
        if let uses { return privateNames(tree, walked: uses) }
        // Most code has no private name: then nothing is renamed, whatever the walk would find.
        guard tree.nodes.contains(where: { $0.kind == .privateName }) else { return [] }
        return privateNames(tree, walked: TreeUses(tree))
    }

    /// `privateNames(_:uses:)` from `found`, the walk of `tree` as it is now.
    private static func privateNames(_ tree: SyntaxTree, walked found: TreeUses) -> [[UInt8]?] {
        let order = found.privateNameOrder
        guard !found.namesEval, !order.isEmpty else { return [] }
        let counts = found.privateNameCounts
        let ranked = order.indices.sorted { a, b in
            let (countA, countB) = (counts[Int(order[a])], counts[Int(order[b])])
            return countA != countB ? countA > countB : a < b
        }
        var sequence = NameSequence(forbidden: [])
        var result = [[UInt8]?](repeating: nil, count: tree.names.count)
        for (rank, index) in ranked.enumerated() { result[Int(order[index])] = sequence.name(rank) }
        return result
    }

    /// Calls `visit` with every identifier node reachable from the root, in the order of `walk` (parents before
    /// children, each list's first child first). Step 5k: the walk of `TreeUses` (a stack in memory of its own, one
    /// read of `fieldTable` per node, a node's fields read where used) for the wrapped ES module's bindings, which
    /// `walk` (a dispatch on `SyntaxKind.fields` and a call of `visit` per node) passed through at about 56
    /// instructions a node.
    static func walkIdentifiers(_ tree: SyntaxTree, _ visit: (Int32, SyntaxNode) -> Void) {
        guard tree.root >= 0 else { return }
        let table = fieldTable
        tree.nodes.withUnsafeBufferPointer { nodes in
            tree.lists.withUnsafeBufferPointer { lists in
                guard let first = nodes.baseAddress else { return }
                var capacity = 1024
                var stack = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
                stack[0] = tree.root
                var count = 1
                while count > 0 {
                    count &-= 1
                    let id = stack[count]
                    precondition(UInt(bitPattern: Int(id)) < UInt(nodes.count), "node out of range")
                    let node = first + Int(id)
                    let kind = node.pointee.kind
                    if kind == .identifier {
                        visit(id, node.pointee)
                        continue
                    }
                    let children = table[Int(kind.rawValue)]
                    if children == 0 { continue }
                    // At most four fields' nodes: room checked once per node (and per list).
                    if count &+ 4 > capacity { TreeUses.grow(&stack, &capacity, count: count, needed: count + 4) }
                    TreeUses.push(node.pointee.d, 3, children, lists, &stack, &capacity, &count)
                    TreeUses.push(node.pointee.c, 2, children, lists, &stack, &capacity, &count)
                    TreeUses.push(node.pointee.b, 1, children, lists, &stack, &capacity, &count)
                    TreeUses.push(node.pointee.a, 0, children, lists, &stack, &capacity, &count)
                }
                stack.deallocate()
            }
        }
    }

    /// Per raw `SyntaxKind`: bit `i` when field `i` (`a`…`d`) holds a node, bit `4 + i` when it holds a list (what
    /// `SyntaxKind.fields` says). Made once, never freed.
    nonisolated(unsafe) static let fieldTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for kind in SyntaxKind.allCases {
            let shape = kind.fields
            var entry: UInt8 = 0
            for (index, field) in [shape.0, shape.1, shape.2, shape.3].enumerated() {
                if field == .node { entry |= 1 << index }
                if field == .list { entry |= 0x10 << index }
            }
            table[Int(kind.rawValue)] = entry
        }
        return UnsafePointer(table)
    }()

    /// Calls `visit` with every node reachable from the root (parents before children), by an explicit stack (in
    /// memory of its own: as an array, each push checked its uniqueness, and each list was a slice, retained).
    static func walk(_ tree: SyntaxTree, _ visit: (Int32, SyntaxNode) -> Void) {
        let stack = SyntaxListStack()
        stack.append(tree.root)
        tree.lists.withUnsafeBufferPointer { lists in
            while !stack.isEmpty {
                let id = stack.removeLast()
                let node = tree[id]
                visit(id, node)
                let fields = node.kind.fields
                push(node.d, fields.3, lists, stack)
                push(node.c, fields.2, lists, stack)
                push(node.b, fields.1, lists, stack)
                push(node.a, fields.0, lists, stack)
            }
        }
    }

    /// Pushes field `value` (of kind `field`): a node, or a list's nodes last to first (so the first is visited first).
    @inline(__always)
    private static func push(_ value: Int32, _ field: SyntaxField, _ lists: UnsafeBufferPointer<Int32>, _ stack: SyntaxListStack) {
        switch field {
        case .node:
            if value >= 0 { stack.append(value) }
        case .list:
            // `SyntaxTree.list(_:)`: the count at `value`, the nodes after it.
            guard value > 0 else { return }
            let start = Int(value)
            var k = start + Int(lists[start])
            while k > start {
                let child = lists[k]
                if child >= 0 { stack.append(child) }
                k -= 1
            }
        case .unused, .name, .binding:
            break
        }
    }
}
