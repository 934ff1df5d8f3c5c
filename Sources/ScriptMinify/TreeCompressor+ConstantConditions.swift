import ScriptSyntax

/// Constant tests (what `DeadBranches`, `ConstantConditions` and `ConstantTruthiness` do to tokens): a test is
/// constant when it is a literal (`true`, `0`, `""`, `null`, a regular expression, a template without
/// substitutions), `void` of a constant, or `!` of a constant; nothing with a name or a call (a name can be rebound,
/// a getter can run code).
extension TreeCompressorPass {
    /// What a constant test is worth.
    enum Truthiness {
        case truthy
        /// Falsy but not `null`/`undefined` (for `??`).
        case falsy
        case nullish

        var isTruthy: Bool { self == .truthy }
    }

    /// The value class of expression `id`, or nil when it is not a constant this reads.
    func truthiness(_ id: Int32) -> Truthiness? {
        let node = tree[id]
        switch node.kind {
        case .booleanLiteral:
            return tree.bytes(id).first == UInt8(ascii: "t") ? .truthy : .falsy
        case .nullLiteral:
            return .nullish
        case .stringLiteral:
            return tree.bytes(id).count > 2 ? .truthy : .falsy
        case .regexLiteral:
            return .truthy
        case .templateLiteral:
            let parts = tree.list(node.a)
            guard parts.count == 1, let part = parts.first else { return nil }
            return tree.bytes(part).count > 2 ? .truthy : .falsy
        case .numberLiteral:
            // Decimal digits only (no `0x`, exponents, separators or BigInt suffix to read).
            let digits = tree.bytes(id)
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return digits.contains(where: { $0 != 0x30 }) ? .truthy : .falsy
        case .unaryExpression:
            guard let inner = truthiness(node.a) else { return nil }
            switch node.operator {
            case .not: return inner.isTruthy ? .falsy : .truthy
            case .void: return .nullish
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `c ? a : b`, `c && x`, `c || x`, `c ?? x` with a constant `c`: the operand that is the value. A kept name,
    /// member access, optional chain or sequence is left in its expression: as a callee (`(!0 && o.f)()`), after
    /// `delete` or `typeof`, it would mean something else than the expression's value.
    mutating func foldConstantCondition(_ id: Int32) -> Int32 {
        let node = tree[id]
        guard let value = truthiness(node.a) else { return id }
        let kept: Int32
        if node.kind == .conditionalExpression {
            kept = value.isTruthy ? node.b : node.c
        } else {
            let keepsLeft: Bool
            switch node.operator {
            case .logicalAnd: keepsLeft = !value.isTruthy
            case .logicalOr: keepsLeft = value.isTruthy
            case .nullish: keepsLeft = value != .nullish
            default: return id
            }
            if keepsLeft { return node.a }
            kept = node.b
        }
        switch tree[kept].kind {
        case .identifier, .memberExpression, .chainExpression, .sequenceExpression: return id
        default: return kept
        }
    }

    /// `if` with a constant test: the branch it takes (in a block with `var x;` for the names the `var`
    /// declarations of the dropped branch declare, which still declare them in the function), or `;` when it takes
    /// none. Left as it is when the dropped branch declares a function (sloppy code hoists it too), when the kept
    /// branch is a function declaration (it would become one of the enclosing list), and when it is a lone string
    /// statement (it could become a directive).
    mutating func dropDeadBranch(_ id: Int32) -> Int32? {
        let node = tree[id]
        guard let value = truthiness(node.a) else { return nil }
        let kept = value.isTruthy ? node.b : node.c
        let dropped = value.isTruthy ? node.c : node.b
        if kept >= 0 {
            switch tree[kept].kind {
            case .functionDeclaration, .classDeclaration: return nil
            case .expressionStatement where tree[tree[kept].a].kind == .stringLiteral: return nil
            default: break
            }
        }
        var found: [Int32] = []
        if dropped >= 0, !hoistedNames(dropped, into: &found) { return nil }
        // One declarator per symbol, in source order.
        var symbols = Set<Int32>()
        let names = found.sorted { tree[$0].start < tree[$1].start }.filter { symbols.insert(tree[$0].b).inserted }
        var statements: [Int32] = []
        if !names.isEmpty {
            let declarators = names.map { tree.appendNode(.variableDeclarator, at: tree[$0].range, a: $0) }
            var declaration = SyntaxNode(
                .variableDeclaration, op: SyntaxVariableKind.var.rawValue, start: Int(node.start), end: Int(node.end))
            declaration.a = tree.appendList(declarators)
            statements.append(tree.append(declaration))
        }
        if kept >= 0 { statements.append(kept) }
        switch statements.count {
        case 0: return tree.appendNode(.emptyStatement, at: node.range)
        case 1: return statements[0]
        default: return tree.appendNode(.blockStatement, at: node.range, a: tree.appendList(statements))
        }
    }

    /// Adds the `bindingIdentifier`s the `var` declarations inside statement `id` declare (outside functions and
    /// classes, which keep their own); false when a function is declared there (sloppy code hoists a function of a
    /// block to the function's scope too).
    func hoistedNames(_ id: Int32, into names: inout [Int32]) -> Bool {
        var pending = [id]
        var inVar: [Bool] = [false]
        while let next = pending.popLast() {
            let isVar = inVar.removeLast()
            guard next >= 0 else { continue }
            let node = tree[next]
            switch node.kind {
            case .functionDeclaration: return false
            case .functionExpression, .arrowFunction, .classExpression, .classDeclaration: continue
            case .bindingIdentifier:
                if isVar { names.append(next) }
                continue
            default: break
            }
            let declaresVar = isVar || (node.kind == .variableDeclaration && node.op == SyntaxVariableKind.var.rawValue)
            // Inside a declarator only its target declares; defaults and initializers are expressions.
            if node.kind == .variableDeclarator {
                pending.append(node.a)
                inVar.append(declaresVar)
                continue
            }
            if node.kind == .assignmentPattern {
                pending.append(node.a)
                inVar.append(declaresVar)
                continue
            }
            if node.kind == .property, declaresVar {
                pending.append(node.b)
                inVar.append(true)
                continue
            }
            let shape = node.kind.fields
            for (field, value) in [(shape.0, node.a), (shape.1, node.b), (shape.2, node.c), (shape.3, node.d)] {
                switch field {
                case .node:
                    pending.append(value)
                    inVar.append(declaresVar)
                case .list:
                    for child in tree.list(value).reversed() {
                        pending.append(child)
                        inVar.append(declaresVar)
                    }
                default: continue
                }
            }
        }
        return true
    }
}
