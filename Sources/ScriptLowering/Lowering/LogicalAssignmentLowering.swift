/// Logical assignment: `a ||= b` becomes `a || (a = b)`, `o.p &&= b` becomes `(_a = o).p && (_a.p = b)`,
/// `o[k()] ??= b` becomes `(_a = o)[_b = k()] ?? (_a[_b] = b)` (then `??` is lowered too when the target lacks
/// it): the object and key are evaluated once, the value and the store only when the test does not short-circuit.
extension LoweringPass {
    mutating func lowerLogicalAssignment(_ id: Int32) -> Int32 {
        let node = tree[id]
        let range = node.range
        let (read, write) = assignmentTarget(node.a)
        let value = visit(node.b)
        let store = assignment(write, value, at: range)
        switch node.operator {
        case .nullishAssign?:
            if lowers(.nullishCoalescing) { return nullish(read, store, at: range) }
            return self.node(.logicalExpression, op: .nullish, at: range, a: read, b: store)
        case .logicalAndAssign?:
            return self.node(.logicalExpression, op: .logicalAnd, at: range, a: read, b: store)
        default:
            return self.node(.logicalExpression, op: .logicalOr, at: range, a: read, b: store)
        }
    }

    /// An assignment target as two nodes, the one evaluated first (which captures the object and computed key)
    /// and the one evaluated later (which reads them again): a name twice, a member access with its object and
    /// computed key captured (`super` and private names as they are).
    mutating func assignmentTarget(_ target: Int32) -> (first: Int32, again: Int32) {
        let node = tree[target]
        guard node.kind == .memberExpression else {
            let visited = visit(target)
            return (visited, copy(visited))
        }
        let object: (first: Int32, again: Int32)
        if tree[node.a].kind == .superExpression {
            object = (node.a, copy(node.a))
        } else {
            object = capture(visit(node.a))
        }
        let property = captureProperty(of: target)
        var first = node
        first.a = object.first
        first.b = property.first
        tree.replace(target, with: first)
        var again = node
        again.a = object.again
        again.b = property.again
        return (target, tree.append(again))
    }
}
