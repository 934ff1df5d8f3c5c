/// `if` statements written as expressions (what `ConditionalStatements` does to tokens):
/// - `if (a) b();` as `a&&b();` (then `LogicalNegations`: `if (!a) b();` is `a||b();`)
/// - `if (a) b(); else c();` as `a?b():c();`, and `if (!a) b(); else c();` as `a?c():b();`
/// - `if (a) return b; else return c;` as `return a?b:c;`
/// - in a statement list, `if (a) return b; X; Y; return c;` as `return a?b:(X,Y,c);` (X, Y: expression
///   statements; a declaration or any other statement between them stops it)
/// - ending a function body, `if (a) return; X; Y;` as `a||(X,Y);`
/// A branch is one expression statement (or `return`), alone or the one statement of a block. The walk is bottom-up,
/// so an `else if` written as an expression is an expression statement by the time its `if` is read.
extension TreeCompressorPass {
    /// The rewrites of an `if` statement whose children are compressed.
    mutating func rewriteIf(_ id: Int32) -> Int32 {
        if does(.constantConditions), let replacement = dropDeadBranch(id) { return replacement }
        if does(.blocks) { unwrapIfBodies(id) }
        guard does(.conditionalStatements) else { return id }
        let node = tree[id]
        if let then = branchExpression(node.b) {
            if node.c < 0 {
                let test = tree.appendNode(.logicalExpression, op: .logicalAnd, at: node.range, a: node.a, b: then)
                let statement = tree.appendNode(.expressionStatement, at: node.range, a: test)
                return does(.logicalNegations) ? foldNegation(statement) : statement
            }
            if let other = branchExpression(node.c) {
                let (test, branches) = negationSwapped(node.a, then, other)
                let value = tree.appendNode(.conditionalExpression, at: node.range, a: test, b: branches.0, c: branches.1)
                return tree.appendNode(.expressionStatement, at: node.range, a: value)
            }
            return id
        }
        if node.c >= 0, let then = branchReturn(node.b), then >= 0, let other = branchReturn(node.c), other >= 0 {
            let (test, branches) = negationSwapped(node.a, then, other)
            let value = tree.appendNode(.conditionalExpression, at: node.range, a: test, b: branches.0, c: branches.1)
            return tree.appendNode(.returnStatement, at: node.range, a: value)
        }
        return id
    }

    /// `test` and the two branches, with a `!` of the test dropped and the branches swapped (`!a?b:c` is `a?c:b`)
    /// when `logicalNegations` is on.
    func negationSwapped(_ test: Int32, _ then: Int32, _ other: Int32) -> (Int32, (Int32, Int32)) {
        let node = tree[test]
        if does(.logicalNegations), node.kind == .unaryExpression, node.operator == .not { return (node.a, (other, then)) }
        return (test, (then, other))
    }

    /// The expression of a branch that is one expression statement, alone or in a block; nil otherwise.
    func branchExpression(_ id: Int32) -> Int32? {
        let statement = loneStatement(id)
        return tree[statement].kind == .expressionStatement ? tree[statement].a : nil
    }

    /// The value of a branch that is one `return`, alone or in a block (`SyntaxTree.none` for `return;`); nil otherwise.
    func branchReturn(_ id: Int32) -> Int32? {
        let statement = loneStatement(id)
        return tree[statement].kind == .returnStatement ? tree[statement].a : nil
    }

    /// The one statement of block `id`, or `id` when it is no block of one statement.
    func loneStatement(_ id: Int32) -> Int32 {
        let node = tree[id]
        guard node.kind == .blockStatement, let only = tree.list(node.a).first, tree.list(node.a).count == 1 else { return id }
        return only
    }

    /// Statements `if (a) return b; X; Y; return c;` of a compressed list as `return a?b:(X,Y,c);`, from the end
    /// of the list backwards (so `if (a) return 1; if (b) return 2; return 3;` is `return a?1:b?2:3;`), and a
    /// function body ending in `if (a) return; X; Y;` as `a||(X,Y);`.
    mutating func mergeReturns(_ statements: [Int32], isFunctionBody: Bool) -> [Int32] {
        // Only an `if` without `else` is merged: most lists hold none, and are then kept as they are.
        guard statements.contains(where: { tree[$0].kind == .ifStatement && tree[$0].c < 0 }) else { return statements }
        var reversed: [Int32] = []  // the compressed statements after the one read, last first
        reversed.reserveCapacity(statements.count)
        for statement in statements.reversed() {
            let node = tree[statement]
            guard node.kind == .ifStatement, node.c < 0, let value = branchReturn(node.b) else {
                reversed.append(statement)
                continue
            }
            // The expression statements after it, then a `return`.
            var between: [Int32] = []
            var index = reversed.count - 1
            while index >= 0, tree[reversed[index]].kind == .expressionStatement {
                between.append(tree[reversed[index]].a)
                index -= 1
            }
            if value >= 0, index >= 0, tree[reversed[index]].kind == .returnStatement, tree[reversed[index]].a >= 0 {
                let last = tree[reversed[index]].a
                let otherwise =
                    between.isEmpty
                    ? last : tree.appendNode(.sequenceExpression, at: tree[last].range, a: tree.appendList(between + [last]))
                let (test, branches) = negationSwapped(node.a, value, otherwise)
                let choice = tree.appendNode(.conditionalExpression, at: node.range, a: test, b: branches.0, c: branches.1)
                reversed.removeSubrange(index...)
                reversed.append(tree.appendNode(.returnStatement, at: node.range, a: choice))
                continue
            }
            if value < 0, isFunctionBody, index < 0, !between.isEmpty {
                let rest =
                    between.count == 1 ? between[0] : tree.appendNode(.sequenceExpression, at: node.range, a: tree.appendList(between))
                let either = tree.appendNode(.logicalExpression, op: .logicalOr, at: node.range, a: node.a, b: rest)
                let replacement = tree.appendNode(.expressionStatement, at: node.range, a: either)
                reversed.removeAll()
                reversed.append(does(.logicalNegations) ? foldNegation(replacement) : replacement)
                continue
            }
            reversed.append(statement)
        }
        return reversed.reversed()
    }
}
