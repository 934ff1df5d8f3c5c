/// Writes a lone simple arrow parameter without its parentheses: `(w)=>w.ok` as `w=>w.ok`, `async (w)=>` as
/// `async w=>`. `( name ) =>` can only be an arrow function's head (a parenthesized expression is never followed
/// by `=>`), so the two tokens go; defaults, rest and destructuring parameters keep theirs. A line break before `)`
/// keeps them too: the writer keeps that break, and a line break may not come before `=>` (`(w\n)=>w` is not `w\n=>w`).
struct ArrowParameters<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]

    func run(_ edits: inout TokenEdits) {
        var k = 0
        while k + 3 < tokens.count {
            defer { k += 1 }
            guard text.isPunctuator(tokens[k], "("), tokens[k + 1].kind == .identifier, text.isPunctuator(tokens[k + 2], ")"),
                !tokens[k + 2].newlineBefore, text.isPunctuator(tokens[k + 3], "=>"), !tokens[k + 3].newlineBefore,
                !JavaScriptToken.spells(text.text(tokens[k + 1]), "let")
            else { continue }
            let open = Int32(truncatingIfNeeded: k), close = open + 2
            guard !edits.isEdited(open), !edits.isEdited(close) else { continue }
            edits.skip(open..<(open + 1))
            edits.skip(close..<(close + 1))
        }
    }
}
