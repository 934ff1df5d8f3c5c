/// Folds conditional and logical expressions whose first operand is a constant (`ConstantTruthiness`):
/// `true ? a : b` is `a`, `false && x` is `false`, `0 || x` is `x`, `null ?? x` is `x`. The operand kept is
/// written in the expression's place (parenthesized where it starts like a statement would: `{`, `function`,
/// `class`, `let`). A kept name, member access or index is left alone: in parentheses before a call
/// (`(true && o.f)()`), after `delete` or `typeof` it would mean something else than the expression's value.
struct ConstantConditions<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        let constants = ConstantTruthiness(text: text, tokens: tokens, syntax: syntax)
        for node in syntax.nodes {
            let kept: Int32
            switch node.kind {
            case .conditional:
                guard syntax.children(node).count == 3, let value = constants.value(syntax.children(node)[0]) else { continue }
                kept = value.isTruthy ? syntax.children(node)[1] : syntax.children(node)[2]
            case .logical:
                guard syntax.children(node).count == 2, node.op >= 0, let value = constants.value(syntax.children(node)[0]) else {
                    continue
                }
                let op = tokens[Int(node.op)]
                let keepsLeft: Bool
                if text.isPunctuator(op, "&&") {
                    keepsLeft = !value.isTruthy
                } else if text.isPunctuator(op, "||") {
                    keepsLeft = value.isTruthy
                } else if text.isPunctuator(op, "??") {
                    keepsLeft = value != .nullish
                } else {
                    continue
                }
                kept = keepsLeft ? syntax.children(node)[0] : syntax.children(node)[1]
            default:
                continue
            }
            let keptNode = syntax[kept]
            switch keptNode.kind {
            case .identifier, .member, .index, .sequence: continue
            default: break
            }
            // Nothing inside may be edited yet (an earlier pass may have moved code in or out).
            guard !(node.first..<node.end).contains(where: { edits.isEdited($0) }) else { continue }
            if keptNode.first == node.first {
                // The constant itself: the rest goes.
                edits.skip(keptNode.end..<node.end)
                continue
            }
            let first = tokens[Int(keptNode.first)]
            // After a line break the kept operand could join the statement before (`a()\ntrue ? (b) : c`).
            if tokens[Int(node.first)].newlineBefore,
                first.kind == .punctuator || first.kind == .template || first.kind == .templateHead || first.kind == .regularExpression
            {
                continue
            }
            let statementLike =
                text.isPunctuator(first, "{") || text.isKeyword(first, "function") || text.isKeyword(first, "class")
                || (first.kind == .identifier
                    && (JavaScriptToken.spells(text.text(first), "let") || JavaScriptToken.spells(text.text(first), "async")))
            var entries: [TokenEdits.Entry] = [.span(keptNode.first, keptNode.end)]
            if statementLike {
                entries = [edits.text("(", .punctuator, origin: node.first)] + entries + [edits.text(")", .punctuator, origin: node.first)]
            }
            edits.replace(node.first, with: entries)
            edits.skip((node.first + 1)..<node.end)
        }
    }
}
