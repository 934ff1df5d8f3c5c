/// Writes the global `undefined` as `void 0` where it is compared (`x!==undefined?a:b`): the same value in three
/// bytes less. Only a name the scope analysis resolves to no declaration, in code without `with` or a call of
/// `eval` (either could make the name mean something else), and only as an operand of `==`, `!=`, `===` or `!==`,
/// where it is never assigned to.
struct UndefinedReferences<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let bindings: TokenBindings

    func run(_ edits: inout TokenEdits) {
        // Whether `with` or `eval` may change what a free name means: looked for at the first candidate.
        var reachesDynamically: Bool?
        // A moved range's first and last tokens stand beside other tokens where they are written: only the side
        // inside the range is known. The range is a whole expression whose first or last operand is the compared
        // name, so the pass that moved it put parentheses around it wherever its new place binds tighter.
        var movedEnds: (firsts: TokenIndexSet, lasts: TokenIndexSet)?
        for k in tokens.indices
        where tokens[k].kind == .identifier && tokens[k].end - tokens[k].start == 9
            && JavaScriptToken.spells(text.text(tokens[k]), "undefined")
        {
            guard k < bindings.referenceAt.count, bindings.referenceAt[k] == TokenBindings.free, !bindings.isCalleeOrShorthand[k] else {
                continue
            }
            let k32 = Int32(truncatingIfNeeded: k)
            let moved = movedEnds ?? edits.movedSpanEnds
            movedEnds = moved
            let startsMoved = moved.firsts.contains(k32), endsMoved = moved.lasts.contains(k32)
            if startsMoved && endsMoved { continue }
            let comparedBefore = !startsMoved && k > 0 && isEquality(tokens[k - 1])
            let comparedAfter = !endsMoved && k + 1 < tokens.count && isEquality(tokens[k + 1])
            let compared = comparedBefore || comparedAfter
            // `void 0` is a unary expression: nothing may bind tighter to it than to the name (`undefined.x`).
            if k + 1 < tokens.count, bindsTighter(tokens[k + 1]) { continue }
            if k > 0, text.isKeyword(tokens[k - 1], "new") { continue }
            guard compared, !edits.isEdited(k32) else { continue }
            if reachesDynamically == nil { reachesDynamically = DynamicScopes.reach(text: text, tokens: tokens) }
            if reachesDynamically == true { return }
            edits.replace(k32, with: [edits.text("void", .keyword, origin: k32), edits.text("0", .number, origin: k32)])
        }
    }

    private func bindsTighter(_ next: JavaScriptToken) -> Bool {
        switch next.kind {
        case .template, .templateHead: return true
        case .punctuator:
            return text.isPunctuator(next, ".") || text.isPunctuator(next, "?.") || text.isPunctuator(next, "[")
                || text.isPunctuator(next, "(") || text.isPunctuator(next, "**") || text.isPunctuator(next, "++")
                || text.isPunctuator(next, "--") || text.isPunctuator(next, "=>")
        default: return false
        }
    }

    private func isEquality(_ token: JavaScriptToken) -> Bool {
        text.isPunctuator(token, "===") || text.isPunctuator(token, "!==") || text.isPunctuator(token, "==")
            || text.isPunctuator(token, "!=")
    }
}
