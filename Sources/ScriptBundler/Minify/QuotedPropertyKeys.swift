/// Writes quoted property names shorter: `a["b"]` as `a.b`, `a["1"]` as `a[1]`, `{"b": 1}` as `{b: 1}`, `{"1": 1}`
/// as `{1: 1}`, when the string (without escapes) is an identifier name, or a canonical array index. `__proto__`
/// is left alone (a quoted key and a shorthand or computed one differ there).
struct QuotedPropertyKeys<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let bindings: TokenBindings?

    /// Words that may precede `[` without the `[` being a member access (`of [..]`, `get ["x"]() {}`, ...).
    private static var nonOperandWords: [StaticString] { ["of", "let", "get", "set", "static", "async", "accessor", "yield", "await"] }

    func run(_ edits: inout TokenEdits) {
        var k = 1
        while k + 1 < tokens.count {
            defer { k += 1 }
            let token = tokens[k]
            guard token.kind == .string, !edits.isEdited(Int32(k)) else { continue }
            guard let key = keyKind(token) else { continue }
            let previous = tokens[k - 1], next = tokens[k + 1]
            let k32 = Int32(truncatingIfNeeded: k)
            if text.isPunctuator(previous, "["), text.isPunctuator(next, "]"), k >= 2, isMemberObjectEnd(k - 2),
                !edits.isEdited(k32 - 1), !edits.isEdited(k32 + 1)
            {
                let inner = contents(token)
                switch key {
                case .identifier:
                    let optional = text.isPunctuator(tokens[k - 2], "?.")
                    edits.replace(k32 - 1, with: optional ? [] : [edits.text(".", .punctuator, origin: k32 - 1)])
                    edits.replace(k32, with: [edits.text(inner, .identifier, origin: k32)])
                    edits.replace(k32 + 1, with: [])
                case .index:
                    edits.replace(k32, with: [edits.text(inner, .number, origin: k32)])
                }
            } else if text.isPunctuator(next, ":"), text.isPunctuator(previous, "{") || text.isPunctuator(previous, ","),
                isObjectLiteralKey(k)
            {
                edits.replace(k32, with: [edits.text(contents(token), key == .identifier ? .identifier : .number, origin: k32)])
            }
        }
    }

    private enum KeyKind { case identifier, index }

    /// The string's contents (between its quotes).
    private func contents(_ token: JavaScriptToken) -> String {
        String(decoding: text.text(token.start + 1, token.end - 1), as: UTF8.self)
    }

    private func keyKind(_ token: JavaScriptToken) -> KeyKind? {
        let bytes = text.text(token.start + 1, token.end - 1)
        guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
        if JavaScriptToken.spells(bytes, "__proto__") { return nil }
        func isStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x24 || b == 0x5F }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if isStart(bytes[0]) {
            for b in bytes where !(isStart(b) || isDigit(b)) { return nil }
            return .identifier
        }
        // A canonical array index: `0` or no leading zero, short enough to stay exact.
        guard bytes.count <= 9 else { return nil }
        for b in bytes where !isDigit(b) { return nil }
        if bytes.count > 1, bytes[0] == 0x30 { return nil }
        return .index
    }

    /// Whether token `k` ends an expression a `[` after it indexes: a name that is a reference or a property
    /// name, a string, a template, `)`, `]`, `this`, `super`, or `?.`.
    private func isMemberObjectEnd(_ k: Int) -> Bool {
        let token = tokens[k]
        switch token.kind {
        case .identifier:
            let name = text.text(token)
            for word in Self.nonOperandWords where JavaScriptToken.spells(name, word) { return false }
            if k > 0, text.isPunctuator(tokens[k - 1], ".") || text.isPunctuator(tokens[k - 1], "?.") { return true }
            guard let bindings else { return false }
            return k < bindings.referenceAt.count && bindings.referenceAt[k] != -1
        case .string, .template, .templateTail:
            return true
        case .punctuator:
            return text.isPunctuator(token, ")") || text.isPunctuator(token, "]") || text.isPunctuator(token, "?.")
        case .keyword:
            return text.isKeyword(token, "this") || text.isKeyword(token, "super")
        default:
            return false
        }
    }

    /// Whether the string at `k` (after `{` or `,`, before `:`) is an object literal's or pattern's key, not a
    /// `case` label's value or a conditional's branch: the `{` it follows (or the `{` of the list it is in)
    /// opens an object (not a block), which the scope analysis does not tell; settled by the token before that `{`.
    private func isObjectLiteralKey(_ k: Int) -> Bool {
        // Find the `{` of the list the key is in.
        var depth = 0
        var j = k - 1
        while j >= 0 {
            let token = tokens[j]
            if token.kind == .punctuator, token.end - token.start == 1 {
                switch text.byte(at: token.start) {
                case 0x29, 0x5D, 0x7D: depth += 1
                case 0x28, 0x5B:
                    if depth == 0 { return false }
                    depth -= 1
                case 0x7B:
                    if depth == 0 { return opensObject(j) }
                    depth -= 1
                default: break
                }
            } else if token.kind == .templateHead || token.kind == .templateMiddle {
                if depth == 0 { return false }
            } else if token.kind == .templateTail {
                if depth == 0 { return false }
            }
            j -= 1
        }
        return false
    }

    /// Whether the `{` at `k` opens an object literal or pattern: it follows a token after which a statement
    /// cannot start (`(`, `[`, `,`, `=`, `:`, `?`, an operator, `return`, ...).
    private func opensObject(_ k: Int) -> Bool {
        guard k > 0 else { return false }
        let previous = tokens[k - 1]
        switch previous.kind {
        case .punctuator:
            let t = text.text(previous)
            if t.count == 1 {
                switch t[0] {
                case 0x28, 0x5B, 0x2C, 0x3D, 0x3F, 0x2B, 0x2D, 0x2A, 0x2F, 0x25, 0x21, 0x7C, 0x26, 0x3C, 0x3E, 0x7E, 0x5E: return true
                case 0x3A:
                    // `a ? b : {..}` and `{k: {..}}` (object), or a label / `case x:` (block): not told apart here.
                    return false
                default: return false
                }
            }
            return JavaScriptToken.spells(t, "=>") ? false : !(JavaScriptToken.spells(t, "++") || JavaScriptToken.spells(t, "--"))
        case .keyword:
            return text.isKeyword(previous, "return") || text.isKeyword(previous, "typeof") || text.isKeyword(previous, "void")
                || text.isKeyword(previous, "in") || text.isKeyword(previous, "yield") || text.isKeyword(previous, "await")
                || text.isKeyword(previous, "throw") || text.isKeyword(previous, "case")
        case .templateHead, .templateMiddle:
            return true
        default:
            return false
        }
    }
}
