/// Drops the branch of an `if` statement that a constant test never takes: `if (0) a(); else b();` is written
/// `b();`, `if (true) { ... }` as its block. The test must be a constant `ConstantTruthiness` reads (it has no
/// effect to keep). `var` declarations of the dropped branch still declare their names in the function, so
/// they stay as `var x;` (without their initializers); a dropped branch holding a function declaration (which
/// sloppy code also hoists) or a `var` this cannot follow keeps the statement as it is. Only statements of a
/// statement list are rewritten, with a `;` first where the statement before could run on into the new one.
struct DeadBranches<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        let constants = ConstantTruthiness(text: text, tokens: tokens, syntax: syntax)
        for list in syntax.lists {
            for (position, index) in syntax.statements(list).enumerated() {
                let statement = syntax[index]
                guard statement.kind == .ifStatement, syntax.children(statement).count >= 2, !edits.isEdited(statement.first),
                    let value = constants.value(syntax.children(statement)[0])
                else { continue }
                let alternate: Int32? = syntax.children(statement).count > 2 ? syntax.children(statement)[2] : nil
                let kept: Int32? = value.isTruthy ? syntax.children(statement)[1] : alternate
                let dropped: Int32? = value.isTruthy ? alternate : syntax.children(statement)[1]
                var names: [Int32] = []
                if let dropped {
                    // An earlier pass may have moved code into the dropped branch (or out of it): leave it.
                    let node = syntax[dropped]
                    if (node.first..<node.end).contains(where: { edits.isEdited($0) }) { continue }
                    if !hoistedNames(dropped, into: &names) { continue }
                }
                var keptNeedsSemicolon = false
                if let kept {
                    let node = syntax[kept]
                    switch node.kind {
                    case .block: break
                    case .expressionStatement, .returnStatement, .throwStatement, .declaration, .emptyStatement:
                        keptNeedsSemicolon = node.semicolon < 0
                    default: continue
                    }
                }
                var entries: [TokenEdits.Entry] = []
                let origin = statement.first
                if position > 0, !endsCleanly(syntax.statements(list)[position - 1]) {
                    entries.append(edits.text(";", .punctuator, origin: origin))
                }
                if !names.isEmpty {
                    entries.append(edits.text("var", .keyword, origin: origin))
                    for (k, name) in names.enumerated() {
                        if k > 0 { entries.append(edits.text(",", .punctuator, origin: origin)) }
                        entries.append(.span(name, name + 1))
                    }
                    entries.append(edits.text(";", .punctuator, origin: origin))
                }
                if let kept {
                    let node = syntax[kept]
                    entries.append(.span(node.first, node.end))
                    if keptNeedsSemicolon { entries.append(edits.text(";", .punctuator, origin: origin)) }
                }
                edits.replace(statement.first, with: entries)
                edits.skip((statement.first + 1)..<statement.end)
            }
        }
    }

    /// Adds the names the `var` declarations of statement `index` declare; `false` when the statement holds a
    /// function declaration or a `var` not found in its blocks and `if`s (in a loop head, `switch`, a closure).
    private func hoistedNames(_ index: Int32, into names: inout [Int32]) -> Bool {
        let node = syntax[index]
        var varKeywords = 0
        for k in Int(node.first)..<Int(node.end) {
            if text.isKeyword(tokens[k], "function") { return false }
            if text.isKeyword(tokens[k], "var") { varKeywords += 1 }
        }
        guard varKeywords > 0 else { return true }
        var found = 0
        var pending = [index]
        while let next = pending.popLast() {
            let statement = syntax[next]
            switch statement.kind {
            case .block: pending.append(contentsOf: syntax.children(statement))
            case .ifStatement: pending.append(contentsOf: syntax.children(statement).dropFirst())
            case .declaration where text.isKeyword(tokens[Int(statement.op)], "var"):
                found += 1
                for declarator in syntax.children(statement) {
                    let name = syntax[declarator].op
                    guard name >= 0 else { return false }
                    names.append(name)
                }
            default: break
            }
        }
        names.sort()
        return found == varKeywords
    }

    private func endsCleanly(_ index: Int32) -> Bool {
        let node = syntax[index]
        if node.semicolon >= 0 { return true }
        switch node.kind {
        case .block, .functionDeclaration: return true
        default: return false
        }
    }
}
