/// Whether names in a token stream may be reached dynamically: a `with` statement or a direct `eval` call anywhere
/// makes a free name possibly mean a binding the scope analysis cannot see.
enum DynamicScopes {
    static func reach<Text: Minifier.TokenText>(text: Text, tokens: [JavaScriptToken]) -> Bool {
        // Both words have four letters: other tokens are passed over without reading their text.
        for token in tokens where token.end - token.start == 4 {
            if text.isKeyword(token, "with") { return true }
            if token.kind == .identifier, JavaScriptToken.spells(text.text(token), "eval") { return true }
        }
        return false
    }
}
