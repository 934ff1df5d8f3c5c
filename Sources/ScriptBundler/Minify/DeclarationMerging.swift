/// Merges adjacent declarations of one kind in a statement list: `var a=1;var b=2` becomes `var a=1,b=2` (the
/// same bindings in the same scope, initialized in the same order). Only when the first ends with `;` and both
/// keywords are written the same (a `const` written as `let` merges with `let`; other `const`s only with `const`).
struct DeclarationMerging<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax
    /// `const` keywords the writer writes as `let`.
    let letConsts: TokenIndexSet

    func run(_ edits: inout TokenEdits) {
        for list in syntax.lists {
            // The last declaration kept (not left out by an earlier pass), to merge the next one into.
            var open: MinifierSyntax.Node?
            for index in syntax.statements(list) {
                let statement = syntax[index]
                // Left out by an earlier pass (inlined): the declarations around it are adjacent.
                if edits.isSkipped(statement.first..<statement.end) { continue }
                guard statement.kind == .declaration else {
                    open = nil
                    continue
                }
                if let previous = open, previous.semicolon >= 0, sameKeyword(previous.op, statement.op),
                    !edits.isEdited(previous.semicolon)
                {
                    edits.replace(previous.semicolon, with: [edits.text(",", .punctuator, origin: previous.semicolon)])
                    edits.replace(statement.op, with: [])
                    var merged = statement
                    merged.op = previous.op
                    open = merged
                } else {
                    open = statement
                }
            }
        }
    }

    /// Whether the keywords at `a` and `b` are written the same: equal text, or `let` and a `const` written as `let`.
    private func sameKeyword(_ a: Int32, _ b: Int32) -> Bool {
        let aIsLet = letConsts.contains(a) || isLet(a), bIsLet = letConsts.contains(b) || isLet(b)
        if aIsLet || bIsLet { return aIsLet && bIsLet }
        return JavaScriptToken.spells(text.text(tokens[Int(a)]), text.text(tokens[Int(b)]))
    }

    private func isLet(_ k: Int32) -> Bool {
        let bytes = text.text(tokens[Int(k)])
        return bytes.count == 3 && bytes[0] == 0x6C && bytes[1] == 0x65 && bytes[2] == 0x74
    }
}

extension JavaScriptToken {
    /// Whether two token texts are the same bytes.
    static func spells(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var k = 0
        while k < a.count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }
}
