/// Writes the body of `if`, `else`, `for` and `while` without braces when the block holds one statement that
/// is complete in itself: `if(w&&w.ok){return await w.json()}` as `if(w&&w.ok)return await w.json()`. The
/// statement must be an expression statement, `return`, `throw`, `break`, `continue`, `do`-`while`, `switch`
/// or `try` (or an `if` an earlier pass wrote as an expression): never a declaration (`let` alone is no body),
/// and never an `if` or a loop, whose end could take an `else` that followed the block. The block's `}` becomes
/// the statement's `;` when it had none (the writer drops it again before a `}`).
struct BlockBraces<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        for node in syntax.nodes {
            switch node.kind {
            case .ifStatement:
                guard !edits.isEdited(node.first) else { continue }
                for child in syntax.children(node).dropFirst() { unbrace(child, &edits) }
            case .otherStatement:
                guard text.isKeyword(tokens[Int(node.first)], "for") || text.isKeyword(tokens[Int(node.first)], "while"),
                    let body = syntax.children(node).first
                else { continue }
                unbrace(body, &edits)
            default:
                continue
            }
        }
    }

    private func unbrace(_ index: Int32, _ edits: inout TokenEdits) {
        let block = syntax[index]
        guard block.kind == .block else { return }
        let open = block.first, close = block.end - 1
        guard close > open, text.isPunctuator(tokens[Int(open)], "{"), text.isPunctuator(tokens[Int(close)], "}"),
            !edits.isEdited(open), !edits.isEdited(close)
        else { return }
        // The statements an earlier pass left in place.
        let kept = syntax.children(block).filter { child in
            let statement = syntax[child]
            return !edits.isSkipped(statement.first..<statement.end)
        }
        guard kept.count == 1, let only = kept.first else { return }
        let statement = syntax[only]
        guard let endsWithSemicolon = closedStatement(statement, edits) else { return }
        edits.skip(open..<(open + 1))
        if endsWithSemicolon {
            edits.skip(close..<(close + 1))
        } else {
            edits.replace(close, with: [edits.text(";", .punctuator, origin: close)])
        }
    }

    /// For a statement that can stand alone as a body and takes no `else`: whether it ends with its own `;` (or
    /// `}`), so the block's `}` can go rather than become a `;`.
    private func closedStatement(_ node: MinifierSyntax.Node, _ edits: TokenEdits) -> Bool? {
        let first = tokens[Int(node.first)]
        switch node.kind {
        case .expressionStatement:
            if first.kind == .identifier, JavaScriptToken.spells(text.text(first), "let") { return nil }
            return node.semicolon >= 0 && !edits.isEdited(node.semicolon)
        case .returnStatement, .throwStatement:
            return node.semicolon >= 0 && !edits.isEdited(node.semicolon)
        case .ifStatement:
            // Written as an expression statement ending in `;` by `ConditionalStatements`, or as the branch it keeps
            // by `DeadBranches`; not when `DeadBranches` wrote more than one statement (the dropped branch's
            // `var x;` or a `;` before the kept branch) or nothing: `if(a)var x;{...}` would leave the block out of
            // the `if`.
            guard edits.isEdited(node.first), edits.isSkipped((node.first + 1)..<node.end),
                let entries = edits.replacement(of: node.first), let first = entries.first
            else { return nil }
            for case .text(let index, .keyword, _) in entries where edits.texts[Int(index)].elementsEqual("var".utf8) { return nil }
            if case .text(let index, .punctuator, _) = first, edits.texts[Int(index)].elementsEqual(";".utf8) { return nil }
            return true
        case .otherStatement:
            if text.isKeyword(first, "break") || text.isKeyword(first, "continue") || text.isKeyword(first, "debugger") {
                return node.semicolon >= 0 && !edits.isEdited(node.semicolon)
            }
            // Ended by their own `}`.
            if text.isKeyword(first, "switch") || text.isKeyword(first, "try") { return true }
            return nil
        default:
            return nil
        }
    }
}
