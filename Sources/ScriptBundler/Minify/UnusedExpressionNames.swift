/// Leaves out the name of a function or class expression that nothing inside refers to: `return function b(g){...}`
/// as `return function(g){...}`. The name binds only inside the expression, so no other reference can see it;
/// only its `.name` changes, and only names the renamer rewrites anyway (`renamed`) are left out, so `.name` never
/// held the source's name. Not in a scope `eval` or `with` reaches.
struct UnusedExpressionNames<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let bindings: TokenBindings
    /// Whether the renamer rewrites the name at a token.
    let renamed: (Int) -> Bool

    func run(_ edits: inout TokenEdits) {
        for (index, declaration) in bindings.declarations.enumerated() where declaration.kind == .expressionName {
            guard bindings.referenceCounts[index] == 0, !bindings.scopes[declaration.scope].isUnsafe else { continue }
            // The declaration's token in this stream.
            guard let k = token(of: index), k > 0, renamed(k) else { continue }
            let before = tokens[k - 1]
            guard text.isKeyword(before, "function") || text.isKeyword(before, "class") || text.isPunctuator(before, "*") else { continue }
            let k32 = Int32(truncatingIfNeeded: k)
            guard !edits.isEdited(k32) else { continue }
            edits.skip(k32..<(k32 + 1))
        }
    }

    private func token(of declaration: Int) -> Int? {
        let k = bindings.declarationTokens[declaration]
        return k >= 0 && bindings.declarationAt[Int(k)] == Int32(truncatingIfNeeded: declaration) ? Int(k) : nil
    }
}
