/// Writes `if` statements of a statement list as expressions where that is shorter and means the same:
/// - `if (a) b(); else c();` as `a?b():c();`
/// - `if (a) b();` and `if (a) { b() }` as `a&&b();`
/// - `if (a) return b; return c;` (or `... else return c;`) as `return a?b:c;`, and with expression statements
///   (or `if` statements written as expressions) between them, `if (a) return b; X; Y; return c;` as
///   `return a?b:(X,Y,c);` (a declaration between them stops it)
/// - `if (a) return; X; Y;` ending a function body as `a||(X,Y);`
/// - `else if (a) b();` as `else a&&b();` (and `if (a) b(); else if (c) d();` as `a?b():c&&d();`)
/// - a test `!a` (or `!a && x`) joined by `&&` is written `a||...` (see `LogicalNegations`), and
///   `if (!a) b(); else c();` is `a?c():b();`
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
                    // `if (a) return b; [else] return c;`, or `if (a) return b; X; Y; return c;` as
                    // `return a?b:(X,Y,c);` (X, Y: expression statements, or `if` statements written as expressions).
                    var elseValue: Int32?
                    var end = statement.end
                    var between: [Int32] = []
                    var last = position
                    if syntax.children(statement).count > 2 {
                        guard let alternate, alternate.isReturn, let v = alternate.expression else { continue }
                        elseValue = v
                    } else {
                        var p = position + 1
                        while p < syntax.statements(list).count {
                            let nextIndex = syntax.statements(list)[p]
                            if isRemoved(nextIndex, edits) {
                                p += 1
                                continue
                            }
                            let next = syntax[nextIndex]
                            if next.kind == .returnStatement {
                                if let v = syntax.children(next).first, !touched(next, edits) {
                                    elseValue = v
                                    end = next.end
                                    last = p
                                }
                                break
                            }
                            guard isExpression(nextIndex, edits) else { break }
                            between.append(nextIndex)
                            p += 1
                        }
                    }
                    guard let elseValue else { continue }
                    var entries: [TokenEdits.Entry] = [edits.text("return", .keyword, origin: ifToken)]
                    entries += operand(syntax.children(statement)[0], required: P.logicalOr, origin: ifToken, &edits)
                    entries.append(edits.text("?", .punctuator, origin: ifToken))
                    entries += operand(value, required: P.assignment, origin: ifToken, &edits)
                    entries.append(edits.text(":", .punctuator, origin: ifToken))
                    if between.isEmpty {
                        entries += operand(elseValue, required: P.assignment, origin: ifToken, &edits)
                    } else {
                        entries.append(edits.text("(", .punctuator, origin: ifToken))
                        for index in between {
                            entries += expression(index, origin: ifToken, &edits)
                            entries.append(edits.text(",", .punctuator, origin: ifToken))
                        }
                        entries += operand(elseValue, required: P.sequence, origin: ifToken, &edits)
                        entries.append(edits.text(")", .punctuator, origin: ifToken))
                    }
                    entries.append(edits.text(";", .punctuator, origin: ifToken))
                    edits.replace(ifToken, with: entries)
                    edits.skip((ifToken + 1)..<end)
                    position = last
                    continue
                }
                if let consequent, consequent.isReturn, consequent.expression == nil, syntax.children(statement).count == 2,
                    list.open >= 0, syntax.functionBodies.contains(list.open)
                {
                    // `if (a) return; X; Y;` ending a function body as `a||(X,Y);`.
                    var between: [Int32] = []
                    var p = position + 1
                    var complete = true
                    while p < syntax.statements(list).count {
                        let nextIndex = syntax.statements(list)[p]
                        p += 1
                        if isRemoved(nextIndex, edits) { continue }
                        guard isExpression(nextIndex, edits) else {
                            complete = false
                            break
                        }
                        between.append(nextIndex)
                    }
                    guard complete, !between.isEmpty else { continue }
                    let test = syntax.children(statement)[0]
                    var entries: [TokenEdits.Entry]
                    let negated = LogicalNegations<Text>.negatedOperand(test, syntax: syntax, tokens: tokens, text: text, edits: edits)
                    if let negated {
                        // `if (!a) return; X;` as `a&&X;`.
                        entries = operand(negated, required: P.logicalAnd, origin: ifToken, &edits, atStart: true)
                        entries.append(edits.text("&&", .punctuator, origin: ifToken))
                    } else {
                        entries = operand(test, required: P.logicalOr, origin: ifToken, &edits, atStart: true)
                        entries.append(edits.text("||", .punctuator, origin: ifToken))
                    }
                    // `a||b&&c` runs as `a||(b&&c)`, and `a&&b&&c` as `a&&(b&&c)`: one operand binding as tightly as `&&`
                    // needs no parentheses.
                    if between.count == 1, let only = between.first, let single = expressionNode(only),
                        syntax[single].level >= P.logicalAnd
                    {
                        entries += operand(single, required: P.logicalAnd, origin: ifToken, &edits)
                    } else if negated == nil, between.count == 1, let only = between.first, syntax[only].kind == .ifStatement,
                        syntax.children(syntax[only]).count == 2
                    {
                        // `a||b&&c` or `a||b||c` (an `if (!b) c()`); after `&&`, `b||c` would need parentheses.
                        entries += ifExpression(syntax[only], origin: ifToken, atStart: false, &edits)
                    } else {
                        entries.append(edits.text("(", .punctuator, origin: ifToken))
                        for (n, index) in between.enumerated() {
                            if n > 0 { entries.append(edits.text(",", .punctuator, origin: ifToken)) }
                            entries += expression(index, origin: ifToken, &edits)
                        }
                        entries.append(edits.text(")", .punctuator, origin: ifToken))
                    }
                    entries.append(edits.text(";", .punctuator, origin: ifToken))
                    let lastStatement = syntax[syntax.statements(list)[syntax.statements(list).count - 1]]
                    edits.replace(ifToken, with: entries)
                    edits.skip((ifToken + 1)..<lastStatement.end)
                    position = syntax.statements(list).count
                    continue
                }
                guard isExpression(index, edits) else { continue }
                var entries = ifExpression(statement, origin: ifToken, atStart: true, &edits)
                entries.append(edits.text(";", .punctuator, origin: ifToken))
                edits.replace(ifToken, with: entries)
                edits.skip((ifToken + 1)..<statement.end)
            }
        }
        // `else if (a) b();` of an `if` left a statement: `else a&&b();`.
        for node in syntax.nodes where node.kind == .ifStatement && node.childCount == 3 {
            let alternateIndex = syntax.children(node)[2]
            let alternate = syntax[alternateIndex]
            guard alternate.kind == .ifStatement, !edits.isEdited(node.first), node.op >= 0, !edits.isEdited(node.op),
                isExpression(alternateIndex, edits)
            else { continue }
            var entries = ifExpression(alternate, origin: alternate.first, atStart: true, &edits)
            entries.append(edits.text(";", .punctuator, origin: alternate.first))
            edits.replace(alternate.first, with: entries)
            edits.skip((alternate.first + 1)..<alternate.end)
        }
    }

    /// `if` statement `statement` (whose branches are expression statements) as an expression: `a?b:c`, or `a&&b`
    /// (`a||b` when the test is `!a`, see `LogicalNegations`). `atStart`: it starts a statement.
    private func ifExpression(
        _ statement: MinifierSyntax.Node, origin ifToken: Int32, atStart: Bool, _ edits: inout TokenEdits
    ) -> [TokenEdits.Entry] {
        typealias P = MinifierSyntax.Precedence
        let children = syntax.children(statement)
        let test = children[0]
        var entries: [TokenEdits.Entry] = []
        guard let thenValue = branch(children[1])?.expression else { return entries }
        if children.count > 2 {
            let alternate = syntax[children[2]]
            let elseValue = branch(children[2])?.expression
            guard elseValue != nil || alternate.kind == .ifStatement else { return entries }
            // `if (!a) b(); else c();` as `a?c():b();`.
            let negated = LogicalNegations<Text>.negatedOperand(test, syntax: syntax, tokens: tokens, text: text, edits: edits)
            entries += operand(negated ?? test, required: P.logicalOr, origin: ifToken, &edits, atStart: atStart)
            entries.append(edits.text("?", .punctuator, origin: ifToken))
            var branches: [[TokenEdits.Entry]] = [operand(thenValue, required: P.assignment, origin: ifToken, &edits)]
            if let elseValue {
                branches.append(operand(elseValue, required: P.assignment, origin: ifToken, &edits))
            } else {
                // `else if (c) d();`: `c&&d()`, `c||d()` and `c?d():e()` all bind as a branch of `?:` may.
                branches.append(ifExpression(alternate, origin: ifToken, atStart: false, &edits))
            }
            if negated != nil { branches.reverse() }
            entries += branches[0]
            entries.append(edits.text(":", .punctuator, origin: ifToken))
            entries += branches[1]
        } else if let negated = LogicalNegations<Text>.negatedOperand(test, syntax: syntax, tokens: tokens, text: text, edits: edits) {
            // `if (!a) b();` as `a||b();`.
            entries += operand(negated, required: P.logicalOr, origin: ifToken, &edits, atStart: atStart)
            entries.append(edits.text("||", .punctuator, origin: ifToken))
            entries += operand(thenValue, required: P.bitwiseOr, origin: ifToken, &edits)
        } else {
            // `if (!a && x) b();` as `a||x&&b();`.
            LogicalNegations<Text>.foldNegatedChain(test, syntax: syntax, tokens: tokens, text: text, &edits)
            entries += operand(test, required: P.logicalAnd, origin: ifToken, &edits, atStart: atStart)
            entries.append(edits.text("&&", .punctuator, origin: ifToken))
            entries += operand(thenValue, required: P.bitwiseOr, origin: ifToken, &edits)
        }
        return entries
    }

    /// Whether statement `index` can be written as an expression: an expression statement no earlier pass
    /// rewrote as a whole, or an `if` whose branches are expression statements.
    private func isExpression(_ index: Int32, _ edits: TokenEdits) -> Bool {
        let node = syntax[index]
        switch node.kind {
        case .expressionStatement:
            guard syntax.children(node).first != nil, edits.skipEnd(at: node.first) == nil else { return false }
            return node.semicolon < 0 || !edits.isEdited(node.semicolon)
        case .ifStatement:
            guard !touched(node, edits) else { return false }
            let children = syntax.children(node)
            guard let consequent = branch(children[1]), !consequent.isReturn, consequent.expression != nil else { return false }
            if children.count > 2 {
                if syntax[children[2]].kind == .ifStatement { return isExpression(children[2], edits) }
                guard let alternate = branch(children[2]), !alternate.isReturn, alternate.expression != nil else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// The expression of expression statement `index` (`nil` for any other statement).
    private func expressionNode(_ index: Int32) -> Int32? {
        let node = syntax[index]
        return node.kind == .expressionStatement ? syntax.children(node).first : nil
    }

    /// Statement `index` (see `isExpression`) as an element of a sequence expression.
    private func expression(_ index: Int32, origin: Int32, _ edits: inout TokenEdits) -> [TokenEdits.Entry] {
        if let value = expressionNode(index) {
            return operand(value, required: MinifierSyntax.Precedence.sequence, origin: origin, &edits)
        }
        return ifExpression(syntax[index], origin: origin, atStart: false, &edits)
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
            if first.kind == .identifier,
                JavaScriptToken.spells(text.text(first), "let") || JavaScriptToken.spells(text.text(first), "async")
            {
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
