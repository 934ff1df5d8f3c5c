/// Drops a `!` whose value only decides whether the rest runs, in an expression statement (whose value nothing
/// reads) that stays a statement: `!a&&b();` as `a||b();`, `!a&&x&&b();` as `a||x&&b();` (`(!a&&x)&&b` runs the same as `!a&&(x&&b)`),
/// and `!a||b();` as `a&&b();` (a single `||` only: `!a||x||b` would need parentheses). The operand of `!` must
/// start with a name, number, string, `!` or `~`, so the statement still starts as one that nothing before it can
/// continue, and as an expression (not a declaration).
struct LogicalNegations<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        // An expression an earlier pass wrote elsewhere (`ConditionalStatements` writes statements as operands)
        // may stand where `||` would bind differently from `&&`: left as it is.
        let moved = edits.movedSpanEnds.firsts
        for node in syntax.nodes where node.kind == .expressionStatement && !edits.isEdited(node.first) {
            guard let expression = syntax.children(node).first, !moved.contains(node.first) else { continue }
            let value = syntax[expression]
            guard value.kind == .logical, value.first == node.first else { continue }
            if text.isPunctuator(tokens[Int(value.op)], "||") {
                let left = syntax.children(value)[0]
                guard !edits.isEdited(value.op), let bang = Self.negation(left, syntax: syntax, tokens: tokens, text: text, edits: edits)
                else { continue }
                edits.skip(bang..<(bang + 1))
                edits.replace(value.op, with: [edits.text("&&", .punctuator, origin: value.op)])
            } else {
                Self.foldNegatedChain(expression, syntax: syntax, tokens: tokens, text: text, &edits)
            }
        }
    }

    /// The operand of `index` when it is `!a` with `a` starting safely (see the type's description).
    static func negatedOperand(_ index: Int32, syntax: MinifierSyntax, tokens: [JavaScriptToken], text: Text, edits: TokenEdits) -> Int32? {
        guard negation(index, syntax: syntax, tokens: tokens, text: text, edits: edits) != nil else { return nil }
        return syntax.children(syntax[index]).first
    }

    /// For a `&&` chain whose leftmost operand is `!a` (see `negatedOperand`): leaves out the `!` and writes the
    /// `&&` after `!a` as `||`. Does nothing to any other expression.
    static func foldNegatedChain(_ index: Int32, syntax: MinifierSyntax, tokens: [JavaScriptToken], text: Text, _ edits: inout TokenEdits) {
        var node = syntax[index]
        guard node.kind == .logical, text.isPunctuator(tokens[Int(node.op)], "&&") else { return }
        // Down the left operands of the chain to the innermost `&&`.
        while node.kind == .logical, let left = syntax.children(node).first, syntax[left].kind == .logical,
            text.isPunctuator(tokens[Int(syntax[left].op)], "&&")
        {
            node = syntax[left]
        }
        let left = syntax.children(node)[0]
        guard !edits.isEdited(node.op), let bang = negation(left, syntax: syntax, tokens: tokens, text: text, edits: edits) else { return }
        edits.skip(bang..<(bang + 1))
        edits.replace(node.op, with: [edits.text("||", .punctuator, origin: node.op)])
    }

    /// The `!` token of `index` when it is `!a` (neither edited) and `a` starts with a name (not `let`, `async`),
    /// number, string, `!`, `~`, `this`, `typeof` or `void`.
    private static func negation(_ index: Int32, syntax: MinifierSyntax, tokens: [JavaScriptToken], text: Text, edits: TokenEdits) -> Int32?
    {
        let node = syntax[index]
        guard node.kind == .unary, node.op == node.first, text.isPunctuator(tokens[Int(node.op)], "!"),
            let operand = syntax.children(node).first, !edits.isEdited(node.op)
        else { return nil }
        let start = syntax[operand].first
        guard start == node.op + 1, !edits.isEdited(start) else { return nil }
        let first = tokens[Int(start)]
        switch first.kind {
        case .identifier:
            let name = text.text(first)
            if JavaScriptToken.spells(name, "let") || JavaScriptToken.spells(name, "async") { return nil }
        case .number, .string:
            break
        case .keyword:
            guard text.isKeyword(first, "this") || text.isKeyword(first, "typeof") || text.isKeyword(first, "void") else { return nil }
        case .punctuator:
            guard text.isPunctuator(first, "!") || text.isPunctuator(first, "~") else { return nil }
        default:
            return nil
        }
        return node.op
    }
}
