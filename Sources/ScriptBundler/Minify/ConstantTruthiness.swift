/// Folds the constant tests the minifier's dead-branch passes decide on: literals (`true`, `0`, `""`, `null`, a
/// regular expression, a template without substitutions), `void` of a literal, `!` of any of these, in any
/// parentheses. Nothing with a name or a call (a name can be rebound, a getter can run code).
struct ConstantTruthiness<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax

    enum Value {
        case truthy
        /// Falsy but not `null`/`undefined` (for `??`).
        case falsy
        case nullish

        var isTruthy: Bool { self == .truthy }
    }

    /// The value class of expression `index`, or `nil` when it is not a constant this reads.
    func value(_ index: Int32) -> Value? {
        let node = syntax[index]
        switch node.kind {
        case .parenthesized:
            return syntax.children(node).first.flatMap { value($0) }
        case .literal:
            guard node.end == node.first + 1 else { return nil }
            let token = tokens[Int(node.first)]
            let t = text.text(token)
            switch token.kind {
            case .keyword:
                if text.isKeyword(token, "true") { return .truthy }
                if text.isKeyword(token, "false") { return .falsy }
                if text.isKeyword(token, "null") { return .nullish }
                return nil
            case .string, .template:
                return t.count > 2 ? .truthy : .falsy
            case .regularExpression:
                return .truthy
            case .number:
                // Decimal digits only (no `0x`, exponents, separators or BigInt suffix to read).
                guard t.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                return t.contains(where: { $0 != 0x30 }) ? .truthy : .falsy
            default:
                return nil
            }
        case .unary:
            guard node.op >= 0, let operand = syntax.children(node).first, let inner = value(operand) else { return nil }
            let op = tokens[Int(node.op)]
            if text.isPunctuator(op, "!") { return inner.isTruthy ? .falsy : .truthy }
            if text.isKeyword(op, "void") { return .nullish }
            return nil
        default:
            return nil
        }
    }
}
