/// What must stand between two adjacent tokens of minified code so that it still tokenizes and parses exactly
/// as the original did: nothing, a space (tokens that would merge), or a line break (automatic semicolon
/// insertion and restricted productions).
enum TokenSeparator {
    case none
    case space
    case newline

    /// Punctuators after which a line break never ends a statement (the expression or statement must go on).
    /// Everything except `)`, `]`, `}`, `++`, `--`.
    static func continuesAfter(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch text.count {
        case 1: return text[0] != 0x29 && text[0] != 0x5D && text[0] != 0x7D
        case 2: return !((text[0] == 0x2B && text[1] == 0x2B) || (text[0] == 0x2D && text[1] == 0x2D))
        default: return true
        }
    }

    /// Punctuators that, after a line break, never start a new statement: `)`, `]`, `}`, `;`, `,`, `:`.
    static func closes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.count == 1 else { return false }
        switch text[0] {
        case 0x29, 0x5D, 0x7D, 0x3B, 0x2C, 0x3A: return true
        default: return false
        }
    }

    /// Binary and member operators (`.`, `?.`, `?`, `=`, `+`, `&&`, ...): after a line break they continue the
    /// previous expression, unless the previous token ends a restricted production or a block-like body.
    /// Excludes `(`, `[`, `{`, `++`, `--`, `!`, `~`, `...`, `=>` and `@`.
    static func isBinaryOperator(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = text[0]
        switch first {
        case 0x28, 0x5B, 0x7B, 0x21, 0x7E, 0x40:
            // `!=` and `!==` are binary; `!` alone is not.
            return first == 0x21 && text.count > 1
        case 0x2B, 0x2D:
            return !(text.count == 2 && text[1] == first)
        case 0x3D:
            return !(text.count == 2 && text[1] == 0x3E)
        case 0x2E:
            return text.count == 1
        default:
            return true
        }
    }

    /// Keywords after which a line break never ends a statement.
    static func keywordContinues(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        matches(text, continuingKeywords)
    }

    /// Words after which a line break may end a statement even before an operator (`return`, `yield`, ...).
    static func isRestricted(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        matches(text, restrictedWords)
    }

    private static let continuingKeywords: [[UInt8]] = [
        "else", "do", "try", "finally", "in", "instanceof", "typeof", "void", "delete", "new", "case", "extends",
        "var", "const", "function", "class", "import", "export", "with", "if", "for", "while", "switch", "catch",
    ].map { Array($0.utf8) }

    private static let restrictedWords: [[UInt8]] = [
        "return", "break", "continue", "throw", "yield", "await", "debugger", "async", "let", "get", "set", "static",
    ].map { Array($0.utf8) }

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ words: [[UInt8]]) -> Bool {
        for word in words where word.count == text.count {
            var equal = true
            for k in 0..<word.count where word[k] != text[k] {
                equal = false
                break
            }
            if equal { return true }
        }
        return false
    }

    /// Whether `byte` can continue an identifier, keyword or number (escapes and non-ASCII included).
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x24, 0x5F, 0x5C: true
        default: byte >= 0x80
        }
    }

    /// The separator needed on one line between `previous` (ending with `last`) and `next` (starting with
    /// `first`), so the two do not merge into another token or a comment. `beforeLast` is the byte before `last`
    /// in the previous token's text when `last` is `-` and `first` is `>` (0 when it has none), the one case that
    /// reads a third byte; the texts themselves are not needed.
    @inline(__always)
    static func spacing(
        previous: JavaScriptToken.Kind, last: UInt8, beforeLast: UInt8, next: JavaScriptToken.Kind, first: UInt8
    ) -> TokenSeparator {
        if isWordByte(first), isWordByte(last) || previous == .regularExpression { return .space }
        switch last {
        case 0x2B, 0x2D:  // + + and - - would become ++ or --; `a-- >` would become `-->`.
            if first == last { return .space }
            if last == 0x2D, first == 0x3E, beforeLast == 0x2D { return .space }
        case 0x2F:  // `/` then `/` or `*` would start a comment.
            if first == 0x2F || first == 0x2A { return .space }
        case 0x3C:  // `<!--` is an HTML-like comment.
            if first == 0x21 { return .space }
        default:
            break
        }
        // `1 .x` must not become `1.x`; `a ? .5 : b` must not become `?.`.
        if first == 0x2E, previous == .number || (previous == .punctuator && last == 0x3F) { return .space }
        return .none
    }
}
