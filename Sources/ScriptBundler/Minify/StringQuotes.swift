/// Writes a string literal with the quote that needs the fewest escapes: `'it\'s'` as `"it's"`, and
/// `'it\'s "fine"'` as `` `it's "fine"` `` where a template literal may stand (every `ScriptTarget` has them:
/// Safari 9+). A template is used only in expression positions where it cannot become a tagged template,
/// property key, directive or module specifier, and only for strings whose escapes mean the same in a template
/// (no legacy octal escapes, `\8`, `\9` or line continuations). In a template, `\n` is written as the line break
/// itself (`"a\nb"` is one byte longer than its template).
struct StringQuotes<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]

    func run(_ edits: inout TokenEdits) {
        for k in tokens.indices where tokens[k].kind == .string && !edits.isEdited(Int32(truncatingIfNeeded: k)) {
            guard let rewritten = requoted(k) else { continue }
            let k32 = Int32(truncatingIfNeeded: k)
            edits.replace(k32, with: [edits.text(rewritten.text, rewritten.isTemplate ? .template : .string, origin: k32)])
        }
    }

    private func requoted(_ k: Int) -> (text: String, isTemplate: Bool)? {
        let token = tokens[k]
        let raw = text.text(token.start, token.end)
        guard raw.count >= 2 else { return nil }
        let quote = raw[0]
        let body = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        guard let content = StringLiteralBody.scan(body), content.cost(quote) > 0 || content.newlines > 0 else { return nil }
        let best = content.bestQuote(
            preferring: quote, allowsTemplate: Self.allowsTemplate(at: k, before: k + 1, text: text, tokens: tokens))
        guard best != quote else { return nil }
        return (StringLiteralBody.encode(body, quote: best), best == 0x60)
    }

    /// Whether a template literal may replace the operand starting at token `k` and ending before token `next`:
    /// after a token that leaves an operand to come (so the template cannot tag an expression before it, nor be a
    /// directive or key), and not before `:` (a property key or `case` label).
    static func allowsTemplate(at k: Int, before next: Int, text: Text, tokens: [JavaScriptToken]) -> Bool {
        guard k > 0, k < tokens.count, next <= tokens.count else { return false }
        if next < tokens.count, text.isPunctuator(tokens[next], ":") { return false }
        let previous = tokens[k - 1]
        switch previous.kind {
        case .punctuator:
            let t = text.text(previous)
            // Not after `)`, `]`, `}` (an expression's end, or a statement's), `++`/`--`, `;`, `{` (directives, keys).
            if t.count == 1 {
                switch t[0] {
                case 0x29, 0x5D, 0x7D, 0x3B, 0x7B: return false
                default: return true
                }
            }
            return !(JavaScriptToken.spells(t, "++") || JavaScriptToken.spells(t, "--"))
        case .keyword:
            return text.isKeyword(previous, "return") || text.isKeyword(previous, "typeof") || text.isKeyword(previous, "case")
                || text.isKeyword(previous, "in") || text.isKeyword(previous, "throw") || text.isKeyword(previous, "void")
        case .templateHead, .templateMiddle:
            return true
        default:
            return false
        }
    }
}
