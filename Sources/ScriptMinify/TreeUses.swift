import ScriptSyntax

/// What one walk of a (compressed) syntax tree from its root finds about names: how often each symbol is used,
/// which symbols are declared where the walk reaches, the free names, and the private names. The compressor's last
/// round of `unusedDeclarationChains` makes this walk; when that round changes nothing, the same result serves the
/// renamer (`TreeRenamer.names`, `TreeRenamer.privateNames`), so the tree is walked once after compressing instead of
/// three times. Only nodes reachable from the root count: the compressor leaves removed nodes in the arena.
struct TreeUses {
    /// Per symbol, the reachable identifiers that refer to it.
    package var references: [Int32]
    /// Per symbol, the reachable binding identifiers of it other than its declaring one (`var a; var a;`).
    var repeatedDeclarations: [Int32]
    /// Per symbol, whether a reachable binding identifier declares it.
    package var present: [Bool]
    /// The reachable function declarations and declarators of `let`/`const` declarations (node IDs): what
    /// `unusedDeclarationChains` may leave out, so a round of it is made only when one of them has no use left.
    var localDeclarations: [Int32] = []
    /// The name IDs of reachable identifiers that resolve to no symbol, and of built binding identifiers without one,
    /// each once, in order of first appearance (marked per name ID: no name ID is hashed, step 4u).
    var freeNames: [Int32] = []
    /// Per name ID, how many reachable private names are spelled so (empty when there is none).
    var privateNameCounts: [Int32] = []
    /// The private names' name IDs in order of first appearance.
    var privateNameOrder: [Int32] = []
    /// Whether a reachable identifier or binding identifier is named `eval`.
    var namesEval = false

    /// Walks `tree` from its root.
    package init(_ tree: SyntaxTree) {
        let symbolCount = tree.symbols.count
        var references = [Int32](repeating: 0, count: symbolCount)
        var repeatedDeclarations = [Int32](repeating: 0, count: symbolCount)
        var present = [Bool](repeating: false, count: symbolCount)
        var found = Found()
        // The name IDs spelled `eval` (a built node's name may repeat a parsed one); mostly none.
        // Lengths first (stored for a native string): comparing every name with `eval` was 9.7 M instructions of the
        // large tree's build (step 4u).
        for (id, name) in tree.names.enumerated() where name.utf8.count == 4 && name == "eval" {
            found.evalNames.append(Int32(id))
        }
        if tree.root >= 0 {
            var isFree = [Bool](repeating: false, count: tree.names.count)
            references.withUnsafeMutableBufferPointer { references in
                repeatedDeclarations.withUnsafeMutableBufferPointer { repeatedDeclarations in
                    present.withUnsafeMutableBufferPointer { present in
                        isFree.withUnsafeMutableBufferPointer { isFree in
                            let counts = Counts(
                                references: references, repeatedDeclarations: repeatedDeclarations, present: present,
                                isFree: isFree)
                            Self.walk(tree, counts, &found)
                        }
                    }
                }
            }
        }
        self.references = references
        self.repeatedDeclarations = repeatedDeclarations
        self.present = present
        localDeclarations = found.localDeclarations
        freeNames = found.freeNames
        privateNameCounts = found.privateNameCounts
        privateNameOrder = found.privateNameOrder
        namesEval = found.namesEval
    }

    /// The per-symbol and per-name tables the walk writes (each as long as `init` made it).
    private struct Counts {
        package let references: UnsafeMutableBufferPointer<Int32>
        let repeatedDeclarations: UnsafeMutableBufferPointer<Int32>
        package let present: UnsafeMutableBufferPointer<Bool>
        let isFree: UnsafeMutableBufferPointer<Bool>
    }

    /// What the walk appends to (seldom: once per free name, declaration or private name).
    private struct Found {
        var localDeclarations: [Int32] = []
        var freeNames: [Int32] = []
        var privateNameCounts: [Int32] = []
        var privateNameOrder: [Int32] = []
        var namesEval = false
        var evalNames: [Int32] = []
    }

    /// Per raw `SyntaxKind`: bit `i` when field `i` (`a`…`d`) holds a node, bit `4 + i` when it holds a list (what
    /// `SyntaxKind.fields` says), and `visited` when the walk looks at the node itself.
    private static let kindTable: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 256)
        for kind in SyntaxKind.allCases {
            let shape = kind.fields
            var entry: UInt16 = 0
            for (index, field) in [shape.0, shape.1, shape.2, shape.3].enumerated() {
                if field == .node { entry |= 1 << index }
                if field == .list { entry |= 0x10 << index }
            }
            switch kind {
            case .identifier, .bindingIdentifier, .variableDeclaration, .functionDeclaration, .privateName: entry |= visited
            default: break
            }
            table[Int(kind.rawValue)] = entry
        }
        return table
    }()

    /// The `kindTable` bit of the kinds the walk looks at.
    private static let visited: UInt16 = 0x100

    /// Visits every node reachable from the root (parents before children, each list's first child first, as
    /// `TreeRenamer.walk`) and counts the uses into `counts` and `found` (step 5e: the walk written out for the
    /// uses, through pointers and one table read per node; most nodes are only passed through).
    private static func walk(_ tree: SyntaxTree, _ counts: Counts, _ found: inout Found) {
        Self.kindTable.withUnsafeBufferPointer { table in
            tree.nodes.withUnsafeBufferPointer { nodes in
                tree.lists.withUnsafeBufferPointer { lists in
                    tree.references.withUnsafeBufferPointer { bindings in
                        guard let first = nodes.baseAddress else { return }
                        // The name IDs spelled `eval`: mostly none or one, compared directly.
                        let evalName = found.evalNames.first ?? -1
                        let moreEvalNames = found.evalNames.count > 1
                        var capacity = 1024
                        var stack = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
                        stack[0] = tree.root
                        var count = 1
                        while count > 0 {
                            count &-= 1
                            let id = stack[count]
                            precondition(UInt(bitPattern: Int(id)) < UInt(nodes.count), "node out of range")
                            // The node's fields are read where used (most nodes are leaves or have one or two).
                            let node = first + Int(id)
                            let entry = table[Int(node.pointee.kind.rawValue)]
                            if entry & visited != 0 {
                                if node.pointee.kind == .identifier {
                                    // The most frequent node looked at, counted here.
                                    let name = node.pointee.a
                                    let reference = node.pointee.b
                                    var symbol: Int32 = -1
                                    if reference >= 0 {
                                        precondition(Int(reference) < bindings.count, "reference out of range")
                                        symbol = bindings[Int(reference)].symbol
                                    }
                                    if symbol >= 0 {
                                        precondition(Int(symbol) < counts.references.count, "symbol out of range")
                                        counts.references[Int(symbol)] &+= 1
                                    } else {
                                        markFree(name, counts, &found)
                                    }
                                    if name == evalName || (moreEvalNames && found.evalNames.contains(name)) {
                                        found.namesEval = true
                                    }
                                    continue
                                }
                                visit(id, node.pointee, tree, counts, &found)
                            }
                            let children = UInt8(truncatingIfNeeded: entry)
                            if children == 0 { continue }
                            // At most four fields' nodes: room checked once per node (and per list).
                            if count &+ 4 > capacity { grow(&stack, &capacity, count: count, needed: count + 4) }
                            push(node.pointee.d, 3, children, lists, &stack, &capacity, &count)
                            push(node.pointee.c, 2, children, lists, &stack, &capacity, &count)
                            push(node.pointee.b, 1, children, lists, &stack, &capacity, &count)
                            push(node.pointee.a, 0, children, lists, &stack, &capacity, &count)
                        }
                        stack.deallocate()
                    }
                }
            }
        }
    }

    /// Pushes field `index` of a node (holding `value`; `children`: the node's `kindTable` byte) when it is a node or
    /// a list: a node when not -1 (room for it was made), a list's nodes last to first (so the first is visited
    /// first), with room left for the fields after it.
    @inline(__always)
    static func push(
        _ value: @autoclosure () -> Int32, _ index: Int, _ children: UInt8, _ lists: UnsafeBufferPointer<Int32>,
        _ stack: inout UnsafeMutablePointer<Int32>, _ capacity: inout Int, _ count: inout Int
    ) {
        if children & (1 << index) != 0 {
            let value = value()
            stack[count] = value
            count &+= value >= 0 ? 1 : 0
        } else if children & (0x10 << index) != 0 {
            // `SyntaxTree.list(_:)`: the count at `value`, the nodes after it.
            let value = value()
            guard value > 0 else { return }
            let start = Int(value)
            precondition(start < lists.count, "list out of range")
            let length = Int(lists[start])
            precondition(length >= 0 && start + length < lists.count, "list out of range")
            if count &+ length &+ 4 > capacity { grow(&stack, &capacity, count: count, needed: count + length + 4) }
            var k = start &+ length
            while k > start {
                let child = lists[k]
                stack[count] = child
                count &+= child >= 0 ? 1 : 0
                k &-= 1
            }
        }
    }

    /// Makes room for at least `needed` entries on `stack`, which holds `count`.
    static func grow(_ stack: inout UnsafeMutablePointer<Int32>, _ capacity: inout Int, count: Int, needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
        moved.moveInitialize(from: stack, count: count)
        stack.deallocate()
        stack = moved
        capacity = larger
    }

    /// Adds name ID `name` (of an identifier resolving to no symbol, or a built binding without one) to the free
    /// names, once.
    @inline(__always)
    private static func markFree(_ name: Int32, _ counts: Counts, _ found: inout Found) {
        precondition(name >= 0 && Int(name) < counts.isFree.count, "name out of range")
        if !counts.isFree[Int(name)] {
            counts.isFree[Int(name)] = true
            found.freeNames.append(name)
        }
    }

    /// Counts node `id` (`node`, of a kind `kindTable` marks `visited`, not an identifier).
    private static func visit(_ id: Int32, _ node: SyntaxNode, _ tree: SyntaxTree, _ counts: Counts, _ found: inout Found) {
        switch node.kind {
        case .bindingIdentifier:
            if !found.evalNames.isEmpty, found.evalNames.contains(node.a) { found.namesEval = true }
            guard node.b >= 0 else {
                markFree(node.a, counts, &found)
                return
            }
            let symbol = Int(node.b)
            precondition(symbol < counts.present.count, "symbol out of range")
            counts.present[symbol] = true
            if tree.symbols[symbol].node != id { counts.repeatedDeclarations[symbol] &+= 1 }
        case .variableDeclaration:
            // By index (step 5p: a slice of the lists, retained and released per declaration).
            let list = Int(node.a)
            if node.op != SyntaxVariableKind.var.rawValue, list > 0 {
                for index in 0..<Int(tree.lists[list]) {
                    let declarator = tree.lists[list + 1 + index]
                    if declarator >= 0 { found.localDeclarations.append(declarator) }
                }
            }
        case .functionDeclaration:
            found.localDeclarations.append(id)
        case .privateName:
            if found.privateNameCounts.isEmpty { found.privateNameCounts = [Int32](repeating: 0, count: tree.names.count) }
            if found.privateNameCounts[Int(node.a)] == 0 { found.privateNameOrder.append(node.a) }
            found.privateNameCounts[Int(node.a)] += 1
        default:
            break
        }
    }
}
