/// Leaves out parentheses the grammar does not need: `((c[b.key]=b),c)` as `(c[b.key]=b,c)`,
/// `a||(b&&c)` as `a||b&&c`, `x?y:(z?1:2)` as `x?y:z?1:2`. An expression in parentheses loses them only where its
/// place (known from the node holding it) takes an expression that binds at least as tightly, and never:
/// - as an assignment target, an update operand, a tagged template's tag or a `new` callee (`new (f())()`);
/// - as the object or callee of `.`, `[` or a call when it is an optional chain (`(a?.b).c` does not short-circuit
///   `.c`), `new C` without arguments, a number (`(1).x`) or `eval` (`(eval)(s)` stays a direct call);
/// - where it starts a statement, an arrow function's expression body (`x=>({})[x]`) or a range another pass
///   moves (which may start a statement) and begins with `{`,
///   `function`, `class`, `let`, `async` or a string (`("use strict")` is no directive);
/// - when its first token is on a new line (a `return (` line break would end the `return`);
/// - around `??` next to `||`/`&&` (levels keep them: `??` is recorded looser than both);
/// - as an arrow function's whole expression body or a class heritage, whose places the syntax does not record.
/// Parentheses another pass moves or edits are left as they are.
struct RedundantParentheses<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    private typealias P = MinifierSyntax.Precedence

    func run(_ edits: inout TokenEdits) {
        var parents = [Int32](repeating: -1, count: syntax.nodes.count)
        var hasParentheses = false
        for (index, node) in syntax.nodes.enumerated() {
            if node.kind == .parenthesized { hasParentheses = true }
            for child in syntax.children(node) where Int(child) < parents.count { parents[Int(child)] = Int32(truncatingIfNeeded: index) }
        }
        guard hasParentheses else { return }
        let moved = edits.movedSpanEnds, movedSpans = edits.movedSpans
        // Tokens right after a left-out range: an expression whose last tokens another pass leaves out (`new C()`
        // written `new C`) may no longer bind as its node says.
        let skipEnds = edits.skippedRangeEnds
        // Per token: whether it starts a statement, an arrow function's expression body or a moved range.
        var statementStarts = [Bool](repeating: false, count: tokens.count)
        for k in moved.firsts where k >= 0 && Int(k) < tokens.count { statementStarts[Int(k)] = true }
        for k in syntax.arrowBodyStarts where k >= 0 && Int(k) < tokens.count { statementStarts[Int(k)] = true }
        for node in syntax.nodes where node.kind == .expressionStatement && Int(node.first) < tokens.count {
            statementStarts[Int(node.first)] = true
        }
        // Checked against the other passes' edits only (this pass's own are made after the loop); parentheses left
        // out here are followed through `removed` (an inner pair left out makes the outer pair hold what the inner
        // one held).
        var removed = TokenIndexSet(), removedOpens = TokenIndexSet()
        var skipped: [Int32] = []
        for (index, node) in syntax.nodes.enumerated() where node.kind == .parenthesized {
            let index32 = Int32(truncatingIfNeeded: index)
            let parent = parents[index]
            guard parent >= 0, var inner = syntax.children(node).first else { continue }
            let open = node.first, close = node.end - 1
            guard syntax[inner].first == open + 1, syntax[inner].end == close, text.isPunctuator(tokens[Int(open)], "("),
                text.isPunctuator(tokens[Int(close)], ")")
            else { continue }
            while syntax[inner].kind == .parenthesized, removed.contains(inner), let next = syntax.children(syntax[inner]).first {
                inner = next
            }
            let value = syntax[inner]
            guard let required = requiredLevel(of: index32, in: syntax[parent], value: value), value.level >= required else { continue }
            // A line break inside the parentheses would stand where the `(` stood (`return (` then a line).
            guard !((open + 1)...value.first).contains(where: { tokens[Int($0)].newlineBefore }) else { continue }
            if statementStarts[Int(open)], startsAmbiguously(value, removedOpens: removedOpens) { continue }
            guard !edits.isEdited(open), !edits.isEdited(close), !movedSpans.contains(open..<(close + 1)),
                !edits.isEdited(value.first), !edits.isEdited(value.end - 1), !skipEnds.contains(value.end)
            else { continue }
            skipped.append(open)
            skipped.append(close)
            removed.insert(index32)
            removedOpens.insert(open)
        }
        for token in skipped { edits.skip(token..<(token + 1)) }
    }

    /// The level the place of child `child` of `parent` requires, or nil where parentheses always stay.
    private func requiredLevel(of child: Int32, in parent: MinifierSyntax.Node, value: MinifierSyntax.Node) -> UInt8? {
        let position = syntax.children(parent).firstIndex(of: child) ?? -1
        switch parent.kind {
        case .expressionStatement, .returnStatement, .throwStatement, .parenthesized, .template:
            return P.sequence
        case .ifStatement:
            return position == 0 ? P.sequence : nil
        case .declarator, .sequence, .array, .property, .computed, .spread:
            return P.assignment
        case .assignment:
            return position == 1 ? P.assignment : nil
        case .conditional:
            return position == 0 ? P.logicalOr : P.assignment
        case .logical:
            // `??` takes no unparenthesized `||`/`&&` operand (and none of another `??`, kept simple).
            if parent.level == P.conditional { return P.bitwiseOr }
            return position == 0 ? parent.level : parent.level + 1
        case .binary:
            if parent.level == P.exponent { return position == 0 ? P.postfix : P.exponent }
            return position == 0 ? parent.level : parent.level + 1
        case .unary:
            // `delete (x)` and `await (x)` (a call where `await` is a name) stay as written.
            let op = tokens[Int(parent.op)]
            if text.isKeyword(op, "delete") || text.isKeyword(op, "await") || op.kind == .identifier { return nil }
            return P.prefix
        case .member, .index:
            guard position == 0 else { return P.sequence }
            return canBeObject(value) ? P.call : nil
        case .call:
            guard position == 0 else { return P.assignment }
            return canBeObject(value) && !isEval(value) ? P.call : nil
        case .new:
            return position == 0 ? nil : P.assignment
        default:
            return nil
        }
    }

    /// Whether `value` can be written bare as the object of `.`/`[`/a call and mean the same.
    private func canBeObject(_ value: MinifierSyntax.Node) -> Bool {
        if value.isOptionalChain { return false }
        if value.kind == .new, value.op < 0 { return false }
        if value.kind == .literal, tokens[Int(value.first)].kind == .number { return false }
        return true
    }

    private func isEval(_ value: MinifierSyntax.Node) -> Bool {
        value.kind == .identifier && JavaScriptToken.spells(text.text(tokens[Int(value.first)]), "eval")
    }

    /// Whether an expression statement starting with `value` would be read as something else.
    /// `removedOpens`: the `(` of parentheses left out, which `value` may start with (`(({}).k)`).
    private func startsAmbiguously(_ value: MinifierSyntax.Node, removedOpens: TokenIndexSet) -> Bool {
        var k = value.first
        while removedOpens.contains(k), k + 1 < value.end { k += 1 }
        let first = tokens[Int(k)]
        if first.kind == .string { return true }
        if text.isPunctuator(first, "{") || text.isKeyword(first, "function") || text.isKeyword(first, "class") { return true }
        if first.kind == .identifier || first.kind == .keyword {
            let name = text.text(first)
            if JavaScriptToken.spells(name, "let") || JavaScriptToken.spells(name, "async") { return true }
        }
        return false
    }
}
