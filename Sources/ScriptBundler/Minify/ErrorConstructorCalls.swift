/// Writes `new Error(m)` as `Error(m)`: the global `Error` constructors (`Error`, `TypeError`, `RangeError`,
/// `SyntaxError`, `ReferenceError`, `EvalError`, `URIError`, `AggregateError`) called as functions create the
/// same object as with `new` (ECMA-262 says so of each). Only a name the scope analysis resolves to no declaration,
/// in code without `with` or a call of `eval`, written with arguments right after it (`new Error.x()` constructs
/// something else), and not the callee of another `new` (`new new Error()()` constructs the error's result).
struct ErrorConstructorCalls<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let bindings: TokenBindings

    static var constructors: [StaticString] {
        ["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError"]
    }

    func run(_ edits: inout TokenEdits) {
        // Whether `with` or `eval` may change what a free name means: looked for at the first candidate.
        var reachesDynamically: Bool?
        for k in tokens.indices where text.isKeyword(tokens[k], "new") && k + 2 < tokens.count {
            let name = tokens[k + 1]
            guard name.kind == .identifier, text.isPunctuator(tokens[k + 2], "("), isErrorConstructor(name),
                bindings.referenceAt[k + 1] == TokenBindings.free
            else { continue }
            if k > 0,
                text.isKeyword(tokens[k - 1], "new") || text.isPunctuator(tokens[k - 1], ".") || text.isPunctuator(tokens[k - 1], "?.")
            {
                continue
            }
            let k32 = Int32(truncatingIfNeeded: k)
            guard !edits.isEdited(k32), !edits.isEdited(k32 + 1) else { continue }
            if reachesDynamically == nil { reachesDynamically = DynamicScopes.reach(text: text, tokens: tokens) }
            if reachesDynamically == true { return }
            edits.skip(k32..<(k32 + 1))
        }
    }

    private func isErrorConstructor(_ token: JavaScriptToken) -> Bool {
        let name = text.text(token)
        return Self.constructors.contains { JavaScriptToken.spells(name, $0) }
    }
}
