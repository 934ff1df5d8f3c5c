/// Writes `new C()` as `new C`: the same construction with no arguments. Only for a callee of names and `.name`
/// steps (`new a.B()`), and only where nothing follows that would bind to the callee instead of the new object
/// (`new C().x` is `(new C).x`, but `new C.x` constructs `C.x`): not before `.`, `?.`, `[`, `(` or a template.
struct NewArguments<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]

    func run(_ edits: inout TokenEdits) {
        // A moved range's `)` stands before other tokens where it is written (`const r=new C();r.x`).
        let moved = edits.movedSpanBounds
        for k in tokens.indices where text.isKeyword(tokens[k], "new") {
            if k > 0, text.isPunctuator(tokens[k - 1], ".") || text.isPunctuator(tokens[k - 1], "?.") { continue }
            // Written as a call by `ErrorConstructorCalls`: its arguments stay.
            if edits.isEdited(Int32(truncatingIfNeeded: k)) { continue }
            var j = k + 1
            guard j < tokens.count, tokens[j].kind == .identifier else { continue }
            j += 1
            while j + 1 < tokens.count, text.isPunctuator(tokens[j], "."),
                tokens[j + 1].kind == .identifier || tokens[j + 1].kind == .keyword
            {
                j += 2
            }
            guard j + 1 < tokens.count, text.isPunctuator(tokens[j], "("), text.isPunctuator(tokens[j + 1], ")") else { continue }
            if j + 2 < tokens.count, bindsToCallee(tokens[j + 2]) { continue }
            let open = Int32(truncatingIfNeeded: j)
            guard !edits.isEdited(open), !edits.isEdited(open + 1), !moved.contains(open + 1) else { continue }
            edits.skip(open..<(open + 2))
        }
    }

    private func bindsToCallee(_ next: JavaScriptToken) -> Bool {
        switch next.kind {
        case .template, .templateHead: return true
        case .punctuator:
            return text.isPunctuator(next, ".") || text.isPunctuator(next, "?.") || text.isPunctuator(next, "[")
                || text.isPunctuator(next, "(")
        default: return false
        }
    }
}
