import ScriptLowering
import ScriptSyntax

/// Constants written at their uses, and declarations used only from removed declarations left out (what
/// `LocalDeclarationRemoval` does to tokens beyond what `TreeCompressor+LocalDeclarations.swift` does):
/// - `constantInlining`: a `const` (or never written `let`) of one name, declared outside the program scope in a
///   scope no `eval`/`with` reaches, initialized with a number, a string, `null` or a boolean (`!0`/`!1` by then), is
///   written as that literal at each use while that is shorter (`uses * length < length + 3 + uses`: a name is at
///   least one byte), and its declarator left out. Every use (as many as the parse counted) stands in a later
///   statement of the declaration's own list, so it runs after the declaration did (the temporal dead zone gives no
///   error to keep); a use in a function declaration of that list (hoisted, so callable earlier) counts only when
///   nothing before the declaration in the list can call it (only declarations without effects, function
///   declarations and lone strings stand there). A use stays a name, and the constant its declaration, when it is a
///   callee (`this` would change), a tag, a shorthand property, the operand of `delete` or `typeof`, a number's
///   member object (`1.x`), or a string that would be a whole expression statement (a directive there);
/// - `unusedDeclarationChains`: after the walk, uses are counted from the root again (what the rewrites dropped no
///   longer counts), and what `unusedDeclarations` leaves out is left out by those counts, until nothing more goes:
///   `function f(){ const a = () => 1, b = () => a(); return 0; }` is `function f(){return 0}`.
extension TreeCompressorPass {
    /// The symbol of `declarator` and the literal it is written as at each use, with its printed length; nil when it
    /// is no constant to inline.
    func inlinedConstant(_ declarator: Int32) -> (symbol: Int32, literal: Int32, length: Int)? {
        let node = tree[declarator]
        guard node.b >= 0, tree[node.a].kind == .bindingIdentifier else { return nil }
        let symbol = tree[node.a].b
        guard isLocal(symbol), !tree.symbols[Int(symbol)].isWritten, referenceCounts[Int(symbol)] > 0 else { return nil }
        let value = tree[node.b]
        let length: Int
        switch value.kind {
        case .numberLiteral, .stringLiteral:
            let raw = tree.bytes(node.b)
            length = TreeMinifier.literalText(value.kind, raw)?.count ?? raw.count
        case .nullLiteral: length = 4
        case .booleanLiteral: length = 2
        case .unaryExpression where value.operator == .not && tree[value.a].kind == .numberLiteral && tree.bytes(value.a).count == 1:
            length = 2
        default: return nil
        }
        return (symbol, node.b, length)
    }

    /// Statements with the constants of each `let`/`const` written at their uses (see the extension's description).
    mutating func inlineConstants(_ statements: [Int32]) -> [Int32] {
        var result = statements
        var index = 0
        while index < result.count {
            let node = tree[result[index]]
            // Only a declarator of a literal can go: a declaration without one stays as it is.
            guard node.kind == .variableDeclaration, node.op != SyntaxVariableKind.var.rawValue, hasInlinedConstant(node.a)
            else {
                index += 1
                continue
            }
            let declarators = Array(tree.list(node.a))
            let followedByString = index + 1 < result.count && isStringStatement(result[index + 1])
            var kept: [Int32] = []
            for declarator in declarators {
                let isLast = kept.isEmpty && declarator == declarators.last
                if !(isLast && followedByString), let constant = inlinedConstant(declarator),
                    inline(constant, after: index, in: result)
                {
                    continue
                }
                kept.append(declarator)
            }
            if kept.isEmpty {
                result.remove(at: index)
                continue
            }
            if kept.count < declarators.count {
                var changed = node
                changed.a = tree.appendList(kept)
                result[index] = tree.append(changed)
            }
            index += 1
        }
        return result
    }

    /// Whether a declarator of `list` is a constant to inline (`inlinedConstant`), read by index (step 5p: a slice of
    /// the lists and a closure, retained per declaration).
    func hasInlinedConstant(_ list: Int32) -> Bool {
        guard list > 0 else { return false }
        for index in 0..<Int(tree.lists[Int(list)]) where inlinedConstant(tree.lists[Int(list) + 1 + index]) != nil {
            return true
        }
        return false
    }

    /// A place holding a name: field `field` of node `parent`, or element `field` of list `list` when `list > 0`.
    package struct NameSlot {
        package var parent: Int32
        package var list: Int32
        package var field: Int
    }

    /// Writes `constant`'s literal at every use of its symbol when all are in `statements` after `position` and may
    /// take it, and it is shorter; false (nothing changed) otherwise.
    package mutating func inline(_ constant: (symbol: Int32, literal: Int32, length: Int), after position: Int, in statements: [Int32])
        -> Bool
    {
        let uses = Int(referenceCounts[Int(constant.symbol)])
        guard uses * constant.length < constant.length + 3 + uses else { return false }
        let literal = tree[constant.literal]
        var slots: [NameSlot] = []
        for index in (position + 1)..<statements.count {
            let before = slots.count
            guard collectUses(of: constant.symbol, in: statements[index], literal: literal.kind, into: &slots) else { return false }
            if slots.count > before, tree[statements[index]].kind == .functionDeclaration,
                !statements[..<position].allSatisfy({ isInert($0) })
            {
                return false
            }
        }
        guard slots.count == uses else { return false }
        for slot in slots { place(copyLiteral(constant.literal), at: slot) }
        return true
    }

    /// A copy of literal `id` (and of the number under a built `!0`), so no node has two parents.
    mutating func copyLiteral(_ id: Int32) -> Int32 {
        var node = tree[id]
        if node.kind == .unaryExpression { node.a = tree.append(tree[node.a]) }
        return tree.append(node)
    }

    /// Appends the places under `root` naming `symbol` to `slots`; false when one of them may not take a literal of
    /// kind `literal`.
    func collectUses(of symbol: Int32, in root: Int32, literal: SyntaxKind, into slots: inout [NameSlot]) -> Bool {
        var stack: [Int32] = [root]
        while let id = stack.popLast() {
            let node = tree[id]
            let shape = node.kind.fields
            for index in 0..<4 {
                let field = Self.field(shape, index)
                let value = LoweringPass.field(node, index)
                switch field {
                case .node:
                    guard value >= 0 else { continue }
                    if names(symbol, value) {
                        guard mayTakeLiteral(parent: node, field: index, literal: literal) else { return false }
                        slots.append(NameSlot(parent: id, list: 0, field: index))
                    } else {
                        stack.append(value)
                    }
                case .list:
                    for (position, child) in tree.list(value).enumerated() where child >= 0 {
                        if names(symbol, child) {
                            // A list element is an argument, array element or sequence item: any literal may stand there.
                            slots.append(NameSlot(parent: id, list: value, field: position))
                        } else {
                            stack.append(child)
                        }
                    }
                default:
                    continue
                }
            }
        }
        return true
    }

    /// Whether `id` is an identifier referring to `symbol`.
    package func names(_ symbol: Int32, _ id: Int32) -> Bool {
        let node = tree[id]
        return node.kind == .identifier && node.b >= 0 && tree.references[Int(node.b)].symbol == symbol
    }

    /// Whether field `field` of `parent`, a name now, may be written as a literal of kind `literal`.
    func mayTakeLiteral(parent: SyntaxNode, field: Int, literal: SyntaxKind) -> Bool {
        switch parent.kind {
        case .callExpression, .newExpression, .taggedTemplate: return field != 0
        case .property: return !parent.flags.contains(.shorthand)
        case .unaryExpression: return parent.operator != .delete && parent.operator != .typeof
        case .memberExpression: return field != 0 || literal != .numberLiteral
        case .expressionStatement: return literal != .stringLiteral
        default: return true
        }
    }

    /// Whether running statement `id` calls nothing: a function declaration, an empty statement, a lone string, or
    /// a declaration whose initializers have no effect.
    func isInert(_ id: Int32) -> Bool {
        let node = tree[id]
        switch node.kind {
        case .functionDeclaration, .emptyStatement: return true
        case .expressionStatement: return tree[node.a].kind == .stringLiteral
        case .variableDeclaration:
            let list = Int(node.a)
            guard list > 0 else { return true }
            for index in 0..<Int(tree.lists[list]) {
                let d = tree.nodes[Int(tree.lists[list + 1 + index])]
                guard tree.nodes[Int(d.a)].kind == .bindingIdentifier, d.b < 0 || isEffectFree(d.b) else { return false }
            }
            return true
        default: return false
        }
    }

    // MARK: - Declarations used only from removed declarations

    /// Leaves out, by use counts taken from the root, what `unusedDeclarations` leaves out by the parse's counts,
    /// until nothing more goes (at most eight rounds: each round walks the tree, and rebuilds its statement lists when
    /// a declaration can go). Returns the last walk when the tree has not changed since (the renamer's walk then).
    mutating func removeUnusedChains() -> TreeUses? {
        for _ in 0..<8 {
            // Uses from the root; and the reachable `let`/`const` declarators and function declarations: only one of
            // them that `withoutUnused` leaves out by these counts can go, so without one the round would change
            // nothing (a local `var` or a declarator with effects used to start a round that removed nothing).
            let uses = TreeUses(tree)
            let counts = uses.references
            guard uses.localDeclarations.contains(where: { mayGo($0, counts: counts) }), removeUnused(counts: counts) else {
                return uses
            }
        }
        return nil
    }

    /// Whether `withoutUnused` may leave out declaration `id` (a function declaration or a `let`/`const` declarator)
    /// by `counts`: its name is local, unused, and a declarator's initializer has no effect. A function declaration
    /// goes only from a function body, which is not looked at here (a round for one elsewhere removes nothing).
    func mayGo(_ id: Int32, counts: [Int32]) -> Bool {
        let node = tree[id]
        guard node.a >= 0 else { return false }
        let target = tree[node.a]
        guard isLocal(target.b), counts[Int(target.b)] == 0 else { return false }
        switch node.kind {
        case .functionDeclaration: return tree.symbols[Int(target.b)].kind == .function
        case .variableDeclarator: return target.kind == .bindingIdentifier && (node.b < 0 || isEffectFree(node.b))
        default: return false
        }
    }

    /// Whether field `index` of a node of `kind` holds a list.
    static func isListField(_ kind: SyntaxKind, _ index: Int) -> Bool {
        Self.field(kind.fields, index) == .list
    }

    /// One round of `removeUnusedChains`: every statement list rebuilt without what is unused by `counts`; whether
    /// anything went.
    mutating func removeUnused(counts: [Int32]) -> Bool {
        // `withoutUnused` reads `referenceCounts`: these counts stand there for the round (step 5p: the counts were an
        // argument, and the nested function reading them copied the whole pass).
        let parseCounts = referenceCounts
        referenceCounts = counts
        defer { referenceCounts = parseCounts }
        var removed = false
        var bodies = Set<Int32>()
        var kept: [Int32] = []
        var stack: [Int32] = [tree.root]
        while let id = stack.popLast() {
            var node = tree[id]
            switch node.kind {
            case .functionDeclaration, .functionExpression, .arrowFunction:
                if !node.flags.contains(.expressionBody) { bodies.insert(node.c) }
            default:
                break
            }
            let listField = Self.statementListField(node.kind)
            if listField >= 0, id != tree.root, Self.isListField(node.kind, listField) {
                let list = Int(LoweringPass.field(node, listField))
                // The statements read by index, the kept ones into one scratch array (step 5p).
                let count = list > 0 ? Int(tree.lists[list]) : 0
                let isBody = bodies.contains(id)
                kept.removeAll(keepingCapacity: true)
                for index in 0..<count {
                    let statement = tree.lists[list + 1 + index]
                    if index + 1 < count, isStringStatement(tree.lists[list + 2 + index]) {
                        kept.append(statement)
                    } else if let left = withoutUnused(statement, isFunctionBody: isBody) {
                        kept.append(left)
                    }
                }
                if kept.count != count || !kept.indices.allSatisfy({ kept[$0] == tree.lists[list + 1 + $0] }) {
                    removed = true
                    LoweringPass.setField(&node, listField, tree.appendList(kept))
                    tree.replace(id, with: node)
                }
            }
            let shape = node.kind.fields
            for index in (0..<4).reversed() {
                let field = Self.field(shape, index)
                let value = LoweringPass.field(node, index)
                switch field {
                case .node: if value >= 0 { stack.append(value) }
                case .list:
                    guard value > 0 else { continue }
                    var k = Int(value) + Int(tree.lists[Int(value)])
                    while k > Int(value) {
                        let child = tree.lists[k]
                        if child >= 0 { stack.append(child) }
                        k -= 1
                    }
                default: continue
                }
            }
        }
        return removed
    }
}
