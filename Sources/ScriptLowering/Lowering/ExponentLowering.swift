import ScriptSyntax

/// Exponentiation, on request (`SyntaxLowering.Options.exponentiation`; every Safari target has it):
/// `a ** b` becomes `Math.pow(a, b)`, `o.p **= b` becomes `(_a = o).p = Math.pow(_a.p, b)`. A file that declares
/// a `Math` of its own keeps `**` (every target parses it).
extension LoweringPass {
    /// `Math.pow(left, right)` of visited operands.
    package mutating func power(_ left: Int32, _ right: Int32, at range: SourceRange) -> Int32 {
        let pow = member(identifier("Math", at: range), "pow", at: range)
        return call(pow, [left, right], at: range)
    }

    mutating func lowerExponentAssignment(_ id: Int32) -> Int32 {
        let node = tree[id]
        // The store's reference is evaluated first (object and key), then the read, the value and the store.
        let (write, read) = assignmentTarget(node.a)
        let value = visit(node.b)
        return assignment(write, power(read, value, at: node.range), at: node.range)
    }
}
