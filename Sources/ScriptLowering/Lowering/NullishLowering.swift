import ScriptSyntax

/// Nullish coalescing: `a ?? b` becomes `a != null ? a : b` (`(_a = f()) != null ? _a : b` when the left side is
/// not a name, `this` or a literal), so the left side is evaluated once and the right side only when it is used.
extension LoweringPass {
    /// `left ?? right` of visited operands.
    package mutating func nullish(_ left: Int32, _ right: Int32, at range: SourceRange) -> Int32 {
        let (first, again) = capture(left)
        return conditional(isNullish(first, negated: true, at: range), again, right, at: range)
    }
}
