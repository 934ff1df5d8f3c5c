/// Writes `if` statements of a statement list as expressions where that is shorter and means the same:
/// - `if (a) b(); else c();` as `a?b():c();`
/// - `if (a) b();` and `if (a) { b() }` as `a&&b();`
/// - `if (a) return b; return c;` (or `... else return c;`) as `return a?b:c;`
/// A branch must be one expression statement (or `return` with a value), alone or in a block without
/// declarations; operands are parenthesized where the new operator binds tighter. The new statement starts
/// with the test, so an `if` after a statement ended by a line break alone is left when the test could join
/// that statement (`(`, `[`, a template, `+`, `-`, `/`).
struct ConditionalStatements<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        typealias P = MinifierSyntax.Precedence
        for list in syntax.lists {
            var position = 0
            while position < syntax.statements(list).count {
                defer { position += 1 }
                let index = syntax.statements(list)[position]
                let statement = syntax[index]
                guard statement.kind == .ifStatement, !touched(statement, edits) else { continue }
                let test = syntax[syntax.children(statement)[0]]
                var before = position - 1
                while before >= 0, isRemoved(syntax.statements(list)[before], edits) { before -= 1 }
                let previousClean = before < 0 || syntax.endsCleanly(syntax.statements(list)[before])
                guard previousClean || startsSafely(test) else { continue }
                let ifToken = statement.first
                let consequent = branch(syntax.children(statement)[1])
                let alternate = syntax.children(statement).count > 2 ? branch(syntax.children(statement)[2]) : nil

                if let consequent, consequent.isReturn, let value = consequent.expression {
                    // `if (a) return b; [else] return c;`
                    var elseValue: Int32?
                    var removed: MinifierSyntax.Node?
                    if syntax.children(statement).count > 2 {
                        guard let alternate, alternate.isReturn, let v = alternate.expression else { continue }
                        elseValue = v
                    } else if position + 1 < syntax.statements(list).count {
                        let next = syntax[syntax.statements(list)[position + 1]]
                        guard next.kind == .returnStatement, let v = syntax.children(next).first, !touched(next, edits) else { continue }
                        elseValue = v
                        removed = next
                    }
                    guard let elseValue else { continue }
                    var entries: [TokenEdits.Entry] = [edits.text("return", .keyword, origin: ifToken)]
                    entries += operand(syntax.children(statement)[0], required: P.logicalOr, origin: ifToken, &edits)
                    entries.append(edits.text("?", .punctuator, origin: ifToken))
                    entries += operand(value, required: P.assignment, origin: ifToken, &edits)
                    entries.append(edits.text(":", .punctuator, origin: ifToken))
                    entries += operand(elseValue, required: P.assignment, origin: ifToken, &edits)
                    entries.append(edits.text(";", .punctuator, origin: ifToken))
                    edits.replace(ifToken, with: entries)
                    edits.skip((ifToken + 1)..<statement.end)
                    if let removed { edits.skip(removed.first..<removed.end) }
                    if removed != nil { position += 1 }
                    continue
                }
                guard let consequent, !consequent.isReturn, let thenValue = consequent.expression else { continue }
                var entries: [TokenEdits.Entry] = []
                if syntax.children(statement).count > 2 {
                    guard let alternate, !alternate.isReturn, let elseValue = alternate.expression else { continue }
                    entries += operand(syntax.children(statement)[0], required: P.logicalOr, origin: ifToken, &edits, atStart: true)
                    entries.append(edits.text("?", .punctuator, origin: ifToken))
                    entries += operand(thenValue, required: P.assignment, origin: ifToken, &edits)
                    entries.append(edits.text(":", .punctuator, origin: ifToken))
                    entries += operand(elseValue, required: P.assignment, origin: ifToken, &edits)
                } else {
                    entries += operand(syntax.children(statement)[0], required: P.logicalAnd, origin: ifToken, &edits, atStart: true)
                    entries.append(edits.text("&&", .punctuator, origin: ifToken))
                    entries += operand(thenValue, required: P.bitwiseOr, origin: ifToken, &edits)
                }
                entries.append(edits.text(";", .punctuator, origin: ifToken))
                edits.replace(ifToken, with: entries)
                edits.skip((ifToken + 1)..<statement.end)
            }
        }
    }

    private struct Branch {
        var isReturn: Bool
        var expression: Int32?
    }

    /// The one expression statement or `return` a branch holds (alone or in a block).
    private func branch(_ index: Int32) -> Branch? {
        var node = syntax[index]
        if node.kind == .block {
            guard syntax.children(node).count == 1 else { return nil }
            node = syntax[syntax.children(node)[0]]
        }
        switch node.kind {
        case .expressionStatement: return Branch(isReturn: false, expression: syntax.children(node).first)
        case .returnStatement: return Branch(isReturn: true, expression: syntax.children(node).first)
        default: return nil
        }
    }

    private func isRemoved(_ index: Int32, _ edits: TokenEdits) -> Bool {
        let node = syntax[index]
        return edits.isSkipped(node.first..<node.end)
    }

    /// Whether an earlier pass already edits a token of the statement outside its expressions (its keyword).
    private func touched(_ node: MinifierSyntax.Node, _ edits: TokenEdits) -> Bool {
        edits.isEdited(node.first)
    }

    /// `expression` as an operand needing level `required`, in parentheses when it binds looser.
    private func operand(
        _ index: Int32, required: UInt8, origin: Int32, _ edits: inout TokenEdits, atStart: Bool = false
    ) -> [TokenEdits.Entry] {
        let node = syntax[index]
        var parenthesize = node.level < required
        if atStart {
            let first = tokens[Int(node.first)]
            if text.isPunctuator(first, "{") || text.isKeyword(first, "function") || text.isKeyword(first, "class") { parenthesize = true }
            if first.kind == .identifier, JavaScriptToken.spells(text.text(first), "let") || JavaScriptToken.spells(text.text(first), "async") {
                parenthesize = true
            }
        }
        let span = TokenEdits.Entry.span(node.first, node.end)
        guard parenthesize else { return [span] }
        return [edits.text("(", .punctuator, origin: origin), span, edits.text(")", .punctuator, origin: origin)]
    }

    /// Whether a statement starting with `test` cannot continue the statement before it.
    private func startsSafely(_ test: MinifierSyntax.Node) -> Bool {
        guard test.level >= MinifierSyntax.Precedence.logicalAnd else { return false }
        let first = tokens[Int(test.first)]
        switch first.kind {
        case .identifier, .keyword, .number, .string: return true
        case .punctuator: return text.isPunctuator(first, "!") || text.isPunctuator(first, "~")
        default: return false
        }
    }

}
