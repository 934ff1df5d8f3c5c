/// Recognises, at token level, a top-level `[export] const|let name = initializer` statement with one binding
/// whose initializer evaluates without side effects: an arrow function, or a literal (numbers, strings,
/// templates without substitutions, `true`/`false`/`null`, reads of bindings the caller vouches for, and object
/// or array literals of those), or a call or `new` marked pure by a `/* @__PURE__ */` (or `#__PURE__`) comment
/// right before it, whose callee is a name or a chain of property names and whose arguments are such literals.
///
/// The statement's extent must be certain, including where automatic semicolon insertion ends it; any
/// doubt (a `++` after a line break, an operator it does not know) rejects the statement.
enum PureInitializer {
    /// Token range of the whole statement (with its `export` keyword and `;`), or `nil`.
    /// `isPureReference`: whether the identifier token at an index reads a binding that cannot throw there (see
    /// `UnusedDeclarationFinder`); by default none does.
    static func statementRange(
        nameToken: Int, tokens: [JavaScriptToken], bytes: [UInt8], exportKeywords: [Int],
        isPureReference: (Int) -> Bool = { _ in false }
    ) -> Range<Int>? {
        guard nameToken > 0, nameToken + 2 < tokens.count else { return nil }
        var start = nameToken - 1
        guard tokens[start].isWord("const", in: bytes) || tokens[start].isWord("let", in: bytes),
            tokens[nameToken + 1].isPunctuator("=", in: bytes)
        else { return nil }
        if start > 0, tokens[start - 1].isKeyword("export", in: bytes) {
            guard exportKeywords.contains(start - 1) else { return nil }
            start -= 1
        }
        let first = nameToken + 2
        let end: Int
        if let arrowEnd = arrowEnd(from: first, tokens: tokens, bytes: bytes) {
            end = arrowEnd
        } else if let literalEnd = expressionEnd(from: first, tokens: tokens, bytes: bytes),
            literalEnd > first, isLiteral(first..<literalEnd, tokens: tokens, bytes: bytes, isPureReference: isPureReference)
        {
            end = literalEnd
        } else if hasPureAnnotation(before: first, tokens: tokens, bytes: bytes),
            let callEnd = expressionEnd(from: first, tokens: tokens, bytes: bytes),
            isPureCall(first..<callEnd, tokens: tokens, bytes: bytes, isPureReference: isPureReference)
        {
            end = callEnd
        } else {
            return nil
        }
        if end < tokens.count {
            if tokens[end].isPunctuator(";", in: bytes) { return start..<(end + 1) }
            if tokens[end].isPunctuator(",", in: bytes) { return nil }
        }
        return start..<end
    }

    /// One past the last token of an arrow function starting at `from`, or `nil` if it is not one.
    private static func arrowEnd(from: Int, tokens: [JavaScriptToken], bytes: [UInt8]) -> Int? {
        var index = from
        if index + 1 < tokens.count, tokens[index].isWord("async", in: bytes), tokens[index].kind == .identifier,
            !tokens[index + 1].newlineBefore, !tokens[index + 1].isPunctuator("=>", in: bytes)
        {
            index += 1
        }
        guard index < tokens.count else { return nil }
        if tokens[index].isPunctuator("(", in: bytes) {
            guard let close = matching(from: index, tokens: tokens, bytes: bytes) else { return nil }
            index = close + 1
        } else if tokens[index].kind == .identifier {
            index += 1
        } else {
            return nil
        }
        guard index + 1 < tokens.count, tokens[index].isPunctuator("=>", in: bytes) else { return nil }
        let body = index + 1
        if tokens[body].isPunctuator("{", in: bytes) {
            // A block body ends the arrow function: nothing may continue it.
            guard let close = matching(from: body, tokens: tokens, bytes: bytes) else { return nil }
            return close + 1
        }
        return expressionEnd(from: body, tokens: tokens, bytes: bytes)
    }

    /// The index of the first token after the expression starting at `from` (a `;`, the token that starts the
    /// next statement after a line break, or the end), or `nil` when the end is uncertain.
    static func expressionEnd(from: Int, tokens: [JavaScriptToken], bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = from
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0, token.isPunctuator(";", in: bytes) { return index }
            if depth == 0, index > from, token.newlineBefore {
                // `await`/`yield` followed by a line break: operand or not depends on the grammar context.
                if tokens[index - 1].isWord("await", in: bytes) || tokens[index - 1].isWord("yield", in: bytes) { return nil }
            }
            if depth == 0, index > from, token.newlineBefore, endsOperand(tokens[index - 1], bytes) {
                switch lineStart(token, bytes) {
                case .statement: return index
                case .continuation: break
                case .uncertain: return nil
                }
            }
            switch token.kind {
            case .punctuator where token.end - token.start == 1:
                switch bytes[token.start] {
                case 0x28, 0x5B, 0x7B: depth += 1
                case 0x29, 0x5D, 0x7D:
                    depth -= 1
                    if depth < 0 { return nil }
                case 0x3B where depth == 0: return index
                case 0x2C where depth == 0: return nil
                default: break
                }
            case .punctuator where depth == 0 && token.isPunctuator("=>", in: bytes):
                // A block-bodied arrow inside the expression: where it ends needs a real parser.
                if index + 1 < tokens.count, tokens[index + 1].isPunctuator("{", in: bytes) { return nil }
            case .templateHead: depth += 1
            case .templateTail:
                depth -= 1
                if depth < 0 { return nil }
            default: break
            }
            index += 1
        }
        return depth == 0 ? tokens.count : nil
    }

    private enum LineStart { case statement, continuation, uncertain }

    /// After a complete operand and a line break, whether `token` starts a new statement (automatic
    /// semicolon insertion) or continues the expression.
    private static func lineStart(_ token: JavaScriptToken, _ bytes: [UInt8]) -> LineStart {
        switch token.kind {
        case .identifier, .string, .number, .regularExpression, .privateName:
            return .statement
        case .keyword:
            return token.isWord("in", in: bytes) || token.isWord("instanceof", in: bytes) ? .continuation : .statement
        case .template, .templateHead:
            return .continuation
        case .punctuator:
            let text = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
            if text == "{" || text == "!" || text == "~" { return .statement }
            return continuingPunctuators.contains(text) ? .continuation : .uncertain
        default:
            return .uncertain
        }
    }

    private static let continuingPunctuators: Set<String> = [
        "(", "[", ".", "?.", "?", ":", "+", "-", "*", "/", "%", "**", "==", "!=", "===", "!==", "<", ">", "<=", ">=",
        "<<", ">>", ">>>", "&", "|", "^", "&&", "||", "??", "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=",
        ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=",
    ]

    /// Whether `token` can end an operand (so a line break after it may end the statement).
    private static func endsOperand(_ token: JavaScriptToken, _ bytes: [UInt8]) -> Bool {
        switch token.kind {
        case .identifier, .number, .string, .template, .templateTail, .regularExpression, .privateName:
            return true
        case .keyword:
            return (["this", "true", "false", "null", "super"] as [StaticString]).contains { token.isWord($0, in: bytes) }
        case .punctuator:
            return token.isPunctuator(")", in: bytes) || token.isPunctuator("]", in: bytes) || token.isPunctuator("}", in: bytes)
                || token.isPunctuator("++", in: bytes) || token.isPunctuator("--", in: bytes)
        default:
            return false
        }
    }

    /// Whether a block comment between token `index - 1` and token `index` is a pure annotation
    /// (`@__PURE__` or `#__PURE__`).
    static func hasPureAnnotation(before index: Int, tokens: [JavaScriptToken], bytes: [UInt8]) -> Bool {
        guard index > 0, index < tokens.count else { return false }
        let gap = bytes[tokens[index - 1].end..<tokens[index].start]
        guard gap.count >= 13 else { return false }
        var inComment = false
        var i = gap.startIndex
        while i < gap.endIndex {
            if !inComment, bytes[i] == 0x2F, i + 1 < gap.endIndex, bytes[i + 1] == 0x2A {
                inComment = true
                i += 2
                continue
            }
            if inComment, bytes[i] == 0x2A, i + 1 < gap.endIndex, bytes[i + 1] == 0x2F {
                inComment = false
                i += 2
                continue
            }
            if inComment, bytes[i] == 0x40 || bytes[i] == 0x23, i + 9 <= gap.endIndex,
                bytes[(i + 1)..<(i + 9)].elementsEqual("__PURE__".utf8)
            {
                return true
            }
            i += 1
        }
        return false
    }

    /// `[new] name[.name...](arguments)` filling `range`, with literal arguments (see `isLiteral`).
    private static func isPureCall(
        _ range: Range<Int>, tokens: [JavaScriptToken], bytes: [UInt8], isPureReference: (Int) -> Bool
    ) -> Bool {
        var index = range.lowerBound
        if index < range.upperBound, tokens[index].isKeyword("new", in: bytes) { index += 1 }
        guard index < range.upperBound, tokens[index].kind == .identifier else { return false }
        index += 1
        while index + 1 < range.upperBound, tokens[index].isPunctuator(".", in: bytes),
            tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .keyword
        {
            index += 2
        }
        guard index < range.upperBound, tokens[index].isPunctuator("(", in: bytes),
            let close = matching(from: index, tokens: tokens, bytes: bytes), close + 1 == range.upperBound
        else { return false }
        return isLiteral((index + 1)..<close, tokens: tokens, bytes: bytes, isPureReference: isPureReference)
    }

    /// Whether the tokens are an expression whose evaluation has no side effect: an arrow function or a literal.
    static func isPure(_ range: Range<Int>, tokens: [JavaScriptToken], bytes: [UInt8], isPureReference: (Int) -> Bool) -> Bool {
        if let end = arrowEnd(from: range.lowerBound, tokens: tokens, bytes: bytes), end == range.upperBound { return true }
        return isLiteral(range, tokens: tokens, bytes: bytes, isPureReference: isPureReference)
    }

    /// Whether the tokens are a literal whose evaluation has no side effect.
    private static func isLiteral(
        _ range: Range<Int>, tokens: [JavaScriptToken], bytes: [UInt8], isPureReference: (Int) -> Bool
    ) -> Bool {
        for index in range {
            let token = tokens[index]
            let next = index + 1 < range.upperBound ? tokens[index + 1] : nil
            switch token.kind {
            case .string, .number, .template:
                continue
            case .keyword where token.isWord("true", in: bytes) || token.isWord("false", in: bytes) || token.isWord("null", in: bytes):
                continue
            case .identifier, .keyword:
                // A property name (`name: value`); no `?` is allowed, so `:` is never a conditional's.
                if let next, next.isPunctuator(":", in: bytes) { continue }
                // Else a read (an element, a value, a shorthand property), pure only for a binding vouched for;
                // never a callee or a member's object: no `(`, `.`, `?.` or template is allowed after it.
                guard token.kind == .identifier, next?.kind != .template, isPureReference(index) else { return false }
            case .punctuator:
                let allowed = (["{", "}", "[", "]", ",", ":"] as [StaticString]).contains { token.isPunctuator($0, in: bytes) }
                let negative = token.isPunctuator("-", in: bytes) && next?.kind == .number
                guard allowed || negative else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// Index of the bracket closing the one opened at `from`.
    private static func matching(from: Int, tokens: [JavaScriptToken], bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = from
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuator, token.end - token.start == 1 {
                switch bytes[token.start] {
                case 0x28, 0x5B, 0x7B: depth += 1
                case 0x29, 0x5D, 0x7D:
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }
}
