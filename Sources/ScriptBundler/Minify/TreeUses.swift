/// What one walk of a (compressed) syntax tree from its root finds about names: how often each symbol is used,
/// which symbols are declared where the walk reaches, the free names, and the private names. The compressor's last
/// round of `unusedDeclarationChains` makes this walk; when that round changes nothing, the same result serves the
/// renamer (`TreeRenamer.names`, `TreeRenamer.privateNames`), so the tree is walked once after compressing instead of
/// three times. Only nodes reachable from the root count: the compressor leaves removed nodes in the arena.
struct TreeUses {
    /// Per symbol, the reachable identifiers that refer to it.
    var references: [Int32]
    /// Per symbol, the reachable binding identifiers of it other than its declaring one (`var a; var a;`).
    var repeatedDeclarations: [Int32]
    /// Per symbol, whether a reachable binding identifier declares it.
    var present: [Bool]
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
    init(_ tree: SyntaxTree) {
        let symbols = tree.symbols
        // Counted in locals (the closure below cannot capture `self` while it is initialized).
        var references = [Int32](repeating: 0, count: symbols.count)
        var repeatedDeclarations = [Int32](repeating: 0, count: symbols.count)
        var present = [Bool](repeating: false, count: symbols.count)
        var localDeclarations: [Int32] = []
        var freeNames: [Int32] = []
        var isFree = [Bool](repeating: false, count: tree.names.count)
        var privateNameCounts: [Int32] = []
        var privateNameOrder: [Int32] = []
        var namesEval = false
        // The name IDs spelled `eval` (a built node's name may repeat a parsed one); mostly none.
        var evalNames: [Int32] = []
        // Lengths first (stored for a native string): comparing every name with `eval` was 9.7 M instructions of the
        // large tree's build (step 4u).
        for (id, name) in tree.names.enumerated() where name.utf8.count == 4 && name == "eval" { evalNames.append(Int32(id)) }
        if tree.root >= 0 {
            TreeRenamer.walk(tree) { id, node in
                switch node.kind {
                case .identifier:
                    let symbol = node.b >= 0 ? tree.references[Int(node.b)].symbol : -1
                    if symbol >= 0 {
                        references[Int(symbol)] += 1
                    } else if !isFree[Int(node.a)] {
                        isFree[Int(node.a)] = true
                        freeNames.append(node.a)
                    }
                    if !evalNames.isEmpty, evalNames.contains(node.a) { namesEval = true }
                case .bindingIdentifier:
                    if !evalNames.isEmpty, evalNames.contains(node.a) { namesEval = true }
                    guard node.b >= 0 else {
                        if !isFree[Int(node.a)] {
                            isFree[Int(node.a)] = true
                            freeNames.append(node.a)
                        }
                        return
                    }
                    let symbol = Int(node.b)
                    present[symbol] = true
                    if symbols[symbol].node != id { repeatedDeclarations[symbol] += 1 }
                case .variableDeclaration:
                    if node.op != SyntaxVariableKind.var.rawValue {
                        for declarator in tree.list(node.a) where declarator >= 0 { localDeclarations.append(declarator) }
                    }
                case .functionDeclaration:
                    localDeclarations.append(id)
                case .privateName:
                    if privateNameCounts.isEmpty { privateNameCounts = [Int32](repeating: 0, count: tree.names.count) }
                    if privateNameCounts[Int(node.a)] == 0 { privateNameOrder.append(node.a) }
                    privateNameCounts[Int(node.a)] += 1
                default:
                    break
                }
            }
        }
        self.references = references
        self.repeatedDeclarations = repeatedDeclarations
        self.present = present
        self.localDeclarations = localDeclarations
        self.freeNames = freeNames
        self.privateNameCounts = privateNameCounts
        self.privateNameOrder = privateNameOrder
        self.namesEval = namesEval
    }
}
