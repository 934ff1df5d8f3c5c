/// The minifier's token rules: which shorter text replaces a token, and the checks between two tokens that decide
/// separators, line breaks and dropped semicolons or commas.
extension Minifier {
    /// A shorter text the writer puts in place of a token.
    enum Replacement {
        case none
        /// `!0` for `true`.
        case negatedZero
        /// `!1` for `false`.
        case negatedOne
        /// `let` for `const`.
        case letKeyword

        var isNegation: Bool { self == .negatedZero || self == .negatedOne }

        /// The first byte written, when it differs in kind from the token's own (for the separator before).
        var first: UInt8? { isNegation ? 0x21 : nil }

        /// The last byte written.
        var last: UInt8 {
            switch self {
            case .negatedZero: 0x30
            case .negatedOne: 0x31
            case .letKeyword: 0x74
            case .none: 0
            }
        }
    }
}

/// How the minifier reads tokens of its text: the checks it makes between two tokens. They are methods of the
/// text (a pointer or two), so the writer calls them without copying itself.
extension Minifier.TokenText {
    @inline(__always)
    func text(_ token: JavaScriptToken) -> UnsafeBufferPointer<UInt8> {
        text(token.start, token.end)
    }

    @inline(__always)
    func isPunctuator(_ token: JavaScriptToken, _ literal: StaticString) -> Bool {
        // The length first: most tokens are passed over without reading their text.
        token.kind == .punctuator && token.end - token.start == literal.utf8CodeUnitCount && token.isPunctuator(literal, text: text(token))
    }

    @inline(__always)
    func isKeyword(_ token: JavaScriptToken, _ word: StaticString) -> Bool {
        token.kind == .keyword && token.end - token.start == word.utf8CodeUnitCount && token.isKeyword(word, text: text(token))
    }

    /// Whether the `(` after `token` (at `index`) opens the head of `if`, `while`, `for` (`for await`) or `with`.
    func isStatementHead(_ token: JavaScriptToken, before index: Int, in tokens: [JavaScriptToken]) -> Bool {
        // A property or method named so (`o.if(a)`) is no statement.
        if index > 0, isPunctuator(tokens[index - 1], ".") || isPunctuator(tokens[index - 1], "?.") { return false }
        if isKeyword(token, "if") || isKeyword(token, "while") || isKeyword(token, "for") || isKeyword(token, "with") { return true }
        return isKeyword(token, "await") && index > 0 && isKeyword(tokens[index - 1], "for")
    }

    /// Whether a boolean literal followed by `next` can be written `!0`/`!1`: not when `next` would bind tighter
    /// to the literal than `!` does (`true.toString()`, `true[k]`, `true(x)`, a tagged template, `true ** 2`).
    func canNegate(before next: JavaScriptToken?) -> Bool {
        guard let next else { return true }
        switch next.kind {
        case .template, .templateHead:
            return false
        case .punctuator:
            let count = next.end - next.start
            let first = byte(at: next.start)
            if count == 1 { return first != 0x2E && first != 0x5B && first != 0x28 }
            if count == 2 {
                return !(first == 0x3F && byte(at: next.start + 1) == 0x2E) && !(first == 0x2A && byte(at: next.start + 1) == 0x2A)
            }
            if count == 3 { return !(first == 0x2A && byte(at: next.start + 1) == 0x2A) }
            return true
        default:
            return true
        }
    }

    /// `!0` for `true`, `!1` for `false` (`.none` for any other token).
    func booleanReplacement(_ token: JavaScriptToken) -> Minifier.Replacement {
        if isKeyword(token, "true") { return .negatedZero }
        if isKeyword(token, "false") { return .negatedOne }
        return .none
    }

    /// Whether a `,` between `previous` and `next` is a trailing comma that can go: it is followed by `}`, `]`
    /// or `)`, and is not an array elision (`[a,,]` has length 2, `[,]` length 1: a `,` after `,` or `[` and
    /// before `]` counts a hole).
    func isTrailingComma(before next: JavaScriptToken, after previous: JavaScriptToken?) -> Bool {
        guard next.kind == .punctuator, next.end - next.start == 1 else { return false }
        switch byte(at: next.start) {
        case 0x7D, 0x29: return true
        case 0x5D:
            guard let previous else { return false }
            return !(isPunctuator(previous, ",") || isPunctuator(previous, "["))
        default: return false
        }
    }

    /// A `;` right before `}` can go unless it is an empty statement: the body of `if (...)`, `while (...)`,
    /// `for (...)`, `with (...)`, `else` or a label.
    func canDropSemicolon(after previous: JavaScriptToken, closedStatementHead: Bool) -> Bool {
        if isPunctuator(previous, ")") { return !closedStatementHead }
        return !isKeyword(previous, "else") && !isPunctuator(previous, ":")
    }

    /// `keepsLineBreak: false` after a `}` that ends a statement: what follows cannot continue it. Runs between
    /// every two tokens written, so it reads the tokens' texts only where a line break stood between them, and
    /// otherwise the bytes the spacing depends on (`previousLast`, the token's first byte, and for `-` then `>`
    /// the byte before the `-`).
    @inline(__always)
    func separator(
        _ previous: JavaScriptToken, previousLast: UInt8, _ token: JavaScriptToken, renamedFirst: UInt8?, keepsLineBreak: Bool = true
    ) -> TokenSeparator {
        if keepsLineBreak, token.newlineBefore, needsLineBreak(previous, text(previous), token, text(token)) { return .newline }
        let first = renamedFirst ?? byte(at: token.start)
        // A `-` ending the previous token is its own text (renamed names and replacements end otherwise).
        let beforeLast = previousLast == 0x2D && first == 0x3E && previous.end - previous.start >= 2 ? byte(at: previous.end - 2) : 0
        return TokenSeparator.spacing(previous: previous.kind, last: previousLast, beforeLast: beforeLast, next: token.kind, first: first)
    }

    /// Whether the line break the source had between the two tokens must stay.
    func needsLineBreak(
        _ previous: JavaScriptToken, _ previousText: UnsafeBufferPointer<UInt8>,
        _ token: JavaScriptToken, _ tokenText: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        switch previous.kind {
        case .punctuator where TokenSeparator.continuesAfter(previousText): return false
        case .templateHead, .templateMiddle: return false
        case .keyword where TokenSeparator.keywordContinues(previousText): return false
        default: break
        }
        switch token.kind {
        case .templateMiddle, .templateTail: return false
        case .punctuator where TokenSeparator.closes(tokenText): return false
        case .punctuator where TokenSeparator.isBinaryOperator(tokenText),
            .keyword where tokenText.count >= 2 && tokenText[0] == 0x69 && tokenText[1] == 0x6E:  // in, instanceof
            if previous.kind == .punctuator { return !(previousText.count == 1 && previousText[0] != 0x7D) }
            if previous.kind == .keyword || previous.kind == .identifier {
                return TokenSeparator.isRestricted(previousText)
            }
            return false
        default:
            return true
        }
    }
}
