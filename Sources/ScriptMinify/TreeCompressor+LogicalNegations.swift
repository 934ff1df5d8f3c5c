/// A `!` dropped where its value only decides whether the rest runs (what `LogicalNegations` does to tokens): in an
/// expression statement, whose value nothing reads, `!a||b();` is `a&&b();`, `!a&&b();` is `a||b();`, and
/// `!a&&x&&b();` is `a||x&&b();` (`(!a&&x)&&b` runs `b` exactly when `a` is falsy and `x` truthy).
extension TreeCompressorPass {
    /// Expression statement `id` with the leading `!` of its logical expression dropped; `id` when it has none.
    mutating func foldNegation(_ id: Int32) -> Int32 {
        let statement = tree[id]
        let value = tree[statement.a]
        guard value.kind == .logicalExpression else { return id }
        switch value.operator {
        case .logicalOr:
            guard let operand = negatedOperand(value.a) else { return id }
            let replaced = tree.appendNode(.logicalExpression, op: .logicalAnd, at: value.range, a: operand, b: value.b)
            return tree.appendNode(.expressionStatement, at: statement.range, a: replaced)
        case .logicalAnd:
            // The chain's operands, leftmost first: `((!a && x) && b)` is `[!a, x, b]`.
            var operands: [Int32] = []
            var current = statement.a
            while tree[current].kind == .logicalExpression, tree[current].operator == .logicalAnd {
                operands.append(tree[current].b)
                current = tree[current].a
            }
            guard let operand = negatedOperand(current) else { return id }
            operands.reverse()
            var rest = operands[0]
            for next in operands.dropFirst() {
                rest = tree.appendNode(.logicalExpression, op: .logicalAnd, at: tree[next].range, a: rest, b: next)
            }
            let replaced = tree.appendNode(.logicalExpression, op: .logicalOr, at: value.range, a: operand, b: rest)
            return tree.appendNode(.expressionStatement, at: statement.range, a: replaced)
        default:
            return id
        }
    }

    /// `a` when `id` is `!a`.
    func negatedOperand(_ id: Int32) -> Int32? {
        let node = tree[id]
        return node.kind == .unaryExpression && node.operator == .not ? node.a : nil
    }
}
