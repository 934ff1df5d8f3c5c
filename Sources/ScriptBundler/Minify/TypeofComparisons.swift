/// Shortens comparisons whose operands are both strings: `typeof x === "string"` as `typeof x=="string"` (`==`
/// and `===` agree on two strings), and a test for `"undefined"` as `typeof x>"u"` (`<"u"` for `!==`): of the
/// strings `typeof` gives, only `"undefined"` sorts after `"u"`. An operand is a string when it is a `typeof`
/// expression or a string literal; one side must be `typeof`.
struct TypeofComparisons<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    func run(_ edits: inout TokenEdits) {
        for node in syntax.nodes where node.kind == .binary && syntax.children(node).count == 2 {
            let op = node.op
            guard op >= 0, !edits.isEdited(op) else { continue }
            let token = tokens[Int(op)]
            let strict = text.isPunctuator(token, "===")
            guard strict || text.isPunctuator(token, "!==") else { continue }
            let left = syntax[syntax.children(node)[0]], right = syntax[syntax.children(node)[1]]
            guard isTypeof(left) || isTypeof(right), isString(left), isString(right) else { continue }
            if isTypeof(left), right.end == right.first + 1, isUndefinedString(tokens[Int(right.first)]), !edits.isEdited(right.first) {
                edits.replace(op, with: [edits.text(strict ? ">" : "<", .punctuator, origin: op)])
                edits.replace(right.first, with: [edits.text("\"u\"", .string, origin: right.first)])
                continue
            }
            edits.replace(op, with: [edits.text(strict ? "==" : "!=", .punctuator, origin: op)])
        }
    }

    private func isTypeof(_ node: MinifierSyntax.Node) -> Bool {
        node.kind == .unary && node.op >= 0 && text.isKeyword(tokens[Int(node.op)], "typeof")
    }

    private func isString(_ node: MinifierSyntax.Node) -> Bool {
        if isTypeof(node) { return true }
        return node.kind == .literal && node.end == node.first + 1 && tokens[Int(node.first)].kind == .string
    }

    private func isUndefinedString(_ token: JavaScriptToken) -> Bool {
        let t = text.text(token)
        guard t.count == 11 else { return false }
        return UnsafeBufferPointer(rebasing: t[1..<10]).elementsEqual("undefined".utf8)
    }
}
