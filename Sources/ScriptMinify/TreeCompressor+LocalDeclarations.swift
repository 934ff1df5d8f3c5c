import ScriptLowering
import ScriptSyntax

/// Local declarations left out or inlined (what `LocalDeclarationRemoval` and `SingleUseInlining` do to tokens), for
/// names declared outside the program scope (its names may be shared with other code of a bundle) in a scope no
/// `eval` or `with` reaches, counted from the parse (`referenceCounts`; a use a rewrite dropped still counts, so a
/// count is never too low):
/// - a `let`/`const` used once, never written, whose one use is the first thing the next statement evaluates, is
///   written there: `const r = a + b; return r;` is `return a+b;`. The first thing evaluated is reached through
///   left operands, tests, member objects, callees that are not names, and operands of unary operators other than
///   `delete` and `typeof`; never under `&&`/`||`/`?:` right of the test, never a callee (`this` would change), an assignment
///   target or a shorthand property. An initializer naming `arguments` or `eval` stays;
/// - a `let`/`const` declarator no code refers to, whose initializer has no effect (literals, function and arrow
///   expressions, array and object literals of those), goes; so does a function declaration of a function body no
///   code refers to.
extension TreeCompressorPass {
    /// How many references resolve to each symbol (indexed by symbol ID), from the parse.
    static func referenceCounts(_ tree: SyntaxTree) -> [Int32] {
        var counts = [Int32](repeating: 0, count: tree.symbols.count)
        for reference in tree.references where reference.symbol >= 0 { counts[Int(reference.symbol)] += 1 }
        return counts
    }

    /// Whether symbol `symbol` is declared outside the program scope, where no `eval` or `with` reaches.
    func isLocal(_ symbol: Int32) -> Bool {
        guard symbol >= 0, Int(symbol) < tree.symbols.count else { return false }
        let scope = tree.symbols[Int(symbol)].scope
        return scope > 0 && !tree.scopes[Int(scope)].isUnsafe
    }

    /// The symbol `statement` declares when it is a `let`/`const` of one plain name with an initializer.
    func singleConstant(_ statement: Int32) -> (symbol: Int32, initializer: Int32)? {
        let node = tree[statement]
        guard node.kind == .variableDeclaration, node.op != SyntaxVariableKind.var.rawValue, tree.list(node.a).count == 1,
            let declarator = tree.list(node.a).first
        else { return nil }
        let target = tree[tree[declarator].a]
        guard target.kind == .bindingIdentifier, tree[declarator].b >= 0 else { return nil }
        return (target.b, tree[declarator].b)
    }

    /// Statements with each single-use constant written at its use in the next statement, and unused declarations left out.
    mutating func removeLocalDeclarations(_ statements: [Int32], isFunctionBody: Bool) -> [Int32] {
        // Only a `let`/`const` declaration or a function declaration is inlined or left out: most lists hold none.
        guard
            statements.contains(where: { statement in
                let node = tree[statement]
                return node.kind == .functionDeclaration
                    || (node.kind == .variableDeclaration && node.op != SyntaxVariableKind.var.rawValue)
            })
        else { return statements }
        var result = does(.constantInlining) ? inlineConstants(statements) : statements
        if does(.singleUseInlining) {
            var index = 0
            while index + 1 < result.count {
                if inline(result[index], into: result[index + 1]) {
                    result.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
        if does(.unusedDeclarations) {
            // A statement before a lone string stays (without it the string could become a directive). A new array
            // is made only from the first statement that changes (most lists keep every statement).
            var changed: [Int32]? = nil
            for index in result.indices {
                let statement = result[index]
                let kept =
                    index + 1 < result.count && isStringStatement(result[index + 1])
                    ? statement : withoutUnused(statement, isFunctionBody: isFunctionBody)
                if changed == nil, kept != statement {
                    var prefix: [Int32] = []
                    prefix.reserveCapacity(result.count)
                    prefix.append(contentsOf: result[..<index])
                    changed = prefix
                }
                if changed != nil, let kept { changed?.append(kept) }
            }
            if let changed { result = changed }
        }
        return result
    }

    /// Writes the initializer of `declaration` (see `singleConstant`) at its one use, the first thing `next`
    /// evaluates; false when that is not so.
    package mutating func inline(_ declaration: Int32, into next: Int32) -> Bool {
        guard let (symbol, initializer) = singleConstant(declaration), isLocal(symbol), referenceCounts[Int(symbol)] == 1,
            !tree.symbols[Int(symbol)].isWritten, let slot = firstEvaluatedName(in: next)
        else { return false }
        let use = tree[child(at: slot)]
        guard use.b >= 0, tree.references[Int(use.b)].symbol == symbol, !mentionsArgumentsOrEval(initializer) else { return false }
        place(initializer, at: slot)
        return true
    }

    /// The node at `slot`.
    package func child(at slot: NameSlot) -> Int32 {
        slot.list > 0
            ? tree.list(slot.list)[tree.list(slot.list).startIndex + slot.field] : LoweringPass.field(tree[slot.parent], slot.field)
    }

    /// Puts node `id` at `slot`.
    package mutating func place(_ id: Int32, at slot: NameSlot) {
        if slot.list > 0 {
            tree.replaceListElement(slot.list, at: slot.field, with: id)
        } else {
            var parent = tree[slot.parent]
            LoweringPass.setField(&parent, slot.field, id)
            tree.replace(slot.parent, with: parent)
        }
    }

    /// The place of the name that statement `id` evaluates first (see the extension's description).
    func firstEvaluatedName(in id: Int32) -> NameSlot? {
        var slot = NameSlot(parent: id, list: 0, field: 0)
        let statement = tree[id]
        switch statement.kind {
        case .expressionStatement, .returnStatement, .throwStatement, .ifStatement, .switchStatement: break
        case .variableDeclaration:
            guard let first = tree.list(statement.a).first, tree[tree[first].a].kind == .bindingIdentifier else { return nil }
            slot = NameSlot(parent: first, list: 0, field: 1)
        default: return nil
        }
        while true {
            let current = child(at: slot)
            guard current >= 0 else { return nil }
            let node = tree[current]
            switch node.kind {
            case .identifier:
                return slot
            case .binaryExpression, .logicalExpression, .conditionalExpression, .awaitExpression, .memberExpression,
                .chainExpression:
                break
            // Not `typeof`: `typeof x` of an undeclared `x` does not throw where `const r = x` did.
            case .unaryExpression where node.operator != .delete && node.operator != .typeof:
                break
            case .callExpression where tree[node.a].kind != .identifier:
                break
            case .callExpression where isStableName(node.a) && !node.flags.contains(.optional):
                // `f(r)`: reading a local function declaration never written runs nothing and cannot throw, so the
                // first argument is the first thing with an effect.
                guard tree.list(node.b).first != nil else { return nil }
                slot = NameSlot(parent: current, list: node.b, field: 0)
                continue
            case .templateLiteral:
                // An untagged template evaluates its substitutions in order (its strings run nothing), and each one's
                // `ToString` comes right after it, as it came after the read of the name the value was stored in.
                // Its list alternates strings and substitutions, so the first substitution is its second element.
                guard tree.list(node.a).count > 1 else { return nil }
                slot = NameSlot(parent: current, list: node.a, field: 1)
                continue
            default:
                return nil
            }
            slot = NameSlot(parent: current, list: 0, field: 0)
        }
    }

    /// Whether identifier `id` reads a function declaration of a local scope that is never written. Not a parameter:
    /// in a sloppy function with simple parameters, code the initializer calls may write it through `arguments`.
    func isStableName(_ id: Int32) -> Bool {
        let node = tree[id]
        guard node.b >= 0 else { return false }
        let symbol = tree.references[Int(node.b)].symbol
        guard isLocal(symbol) else { return false }
        let declared = tree.symbols[Int(symbol)]
        return !declared.isWritten && declared.kind == .function
    }

    /// Whether `id` or a node inside it is the name `arguments` or `eval`.
    func mentionsArgumentsOrEval(_ id: Int32) -> Bool {
        var pending = [id]
        while let next = pending.popLast() {
            guard next >= 0 else { continue }
            let node = tree[next]
            if node.kind == .identifier {
                let name = tree.names[Int(node.a)]
                if name == "arguments" || name == "eval" { return true }
            }
            let shape = node.kind.fields
            for (field, value) in [(shape.0, node.a), (shape.1, node.b), (shape.2, node.c), (shape.3, node.d)] {
                switch field {
                case .node: pending.append(value)
                case .list: pending.append(contentsOf: tree.list(value))
                default: continue
                }
            }
        }
        return false
    }

    /// Statement `id` without its unused declarators (nil when nothing of it is left), by the parse's reference
    /// counts or by `counts` (indexed by symbol).
    mutating func withoutUnused(_ id: Int32, isFunctionBody: Bool) -> Int32? {
        // Step 5p: read through the tree's arrays by index (a nested function over a slice of the lists copied the
        // whole pass, and each slice retained the lists), a new list written only when a declarator goes.
        let node = tree.nodes[Int(id)]
        switch node.kind {
        case .functionDeclaration:
            guard isFunctionBody, node.a >= 0 else { return id }
            // First declared as the function: a parameter of the same name (which `arguments` may read) keeps it.
            let symbol = tree.nodes[Int(node.a)].b
            guard isLocal(symbol), referenceCounts[Int(symbol)] == 0, tree.symbols[Int(symbol)].kind == .function else {
                return id
            }
            return nil
        case .variableDeclaration where node.op != SyntaxVariableKind.var.rawValue:
            let list = Int(node.a)
            guard list > 0 else { return id }
            let count = Int(tree.lists[list])
            // Mostly every declarator stays: then the declaration is kept without making a list of them.
            var keptCount = 0
            for index in 0..<count where keepsDeclarator(tree.lists[list + 1 + index]) { keptCount += 1 }
            if keptCount == count { return id }
            if keptCount == 0 { return nil }
            // Appended in place: `keepsDeclarator` reads the lists (an initializer's array or object), so they stay
            // in the tree while the kept list is written (moved out, they read as empty: a fuzzing find).
            let kept = Int32(truncatingIfNeeded: tree.lists.count)
            tree.lists.append(Int32(truncatingIfNeeded: keptCount))
            for index in 0..<count {
                let declarator = tree.lists[list + 1 + index]
                if keepsDeclarator(declarator) { tree.lists.append(declarator) }
            }
            var changed = node
            changed.a = kept
            return tree.append(changed)
        default:
            return id
        }
    }

    /// Whether `withoutUnused` keeps `declarator`: its target is no local name unused by `referenceCounts`, or its
    /// initializer may have an effect.
    func keepsDeclarator(_ declarator: Int32) -> Bool {
        let node = tree.nodes[Int(declarator)]
        let target = tree.nodes[Int(node.a)]
        guard target.kind == .bindingIdentifier, isLocal(target.b), referenceCounts[Int(target.b)] == 0 else { return true }
        return node.b >= 0 && !isEffectFree(node.b)
    }

    /// Whether evaluating expression `id` has no effect: a literal, a function or arrow expression, an array or object
    /// literal of those (object keys not computed, no spread).
    func isEffectFree(_ id: Int32) -> Bool {
        let node = tree.nodes[Int(id)]
        switch node.kind {
        case .numberLiteral, .stringLiteral, .booleanLiteral, .nullLiteral, .regexLiteral, .functionExpression, .arrowFunction:
            return true
        case .templateLiteral:
            // Its parts and substitutions alternate in one list: one part, no substitution.
            return node.a > 0 && tree.lists[Int(node.a)] == 1
        case .unaryExpression:
            // `!0`, `-1`, `void 0`: of a primitive literal, no conversion can run code.
            switch tree.nodes[Int(node.a)].kind {
            case .numberLiteral, .stringLiteral, .booleanLiteral, .nullLiteral: break
            default: return false
            }
            return node.operator == .not || node.operator == .minus || node.operator == .void || node.operator == .bitNot
        case .arrayExpression:
            // By index, not a slice of the lists with a closure (step 5p).
            let list = Int(node.a)
            guard list > 0 else { return true }
            for index in 0..<Int(tree.lists[list]) {
                let element = tree.lists[list + 1 + index]
                let kind = tree.nodes[Int(element)].kind
                guard kind != .spreadElement, kind == .elision || isEffectFree(element) else { return false }
            }
            return true
        case .objectExpression:
            let list = Int(node.a)
            guard list > 0 else { return true }
            for index in 0..<Int(tree.lists[list]) {
                let property = tree.nodes[Int(tree.lists[list + 1 + index])]
                guard property.kind == .property, !property.flags.contains(.computed), isEffectFree(property.b) else { return false }
            }
            return true
        default:
            return false
        }
    }
}
