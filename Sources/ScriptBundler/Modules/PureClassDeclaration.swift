/// Recognises, at token level, a top-level `[export] class Name [extends Base] { ... }` declaration whose
/// evaluation has no side effect, so that dropping it when nothing uses it changes no behaviour.
///
/// Defining a class evaluates only its heritage (`extends`), its computed keys, its static field initializers
/// and its static blocks; methods, accessors and instance fields run later, on use. The class is pure when it
/// has no static block and no decorator, every computed key is a well-known symbol (`[Symbol.iterator]`, with
/// `Symbol` the global), every static field initializer is pure (`PureInitializer`), and `Base`, if any, is a
/// name the caller vouches for (a class declared earlier in the same module).
enum PureClassDeclaration {
    /// What the caller knows about the names in the class's tokens.
    struct Names {
        /// Whether the identifier token is a read of a binding that cannot throw (see `PureInitializer`).
        let isPureReference: (Int) -> Bool
        /// Whether the identifier token is a free reference (a global the module does not declare).
        let isFree: (Int) -> Bool
        /// Whether the identifier token after `extends` names a class that is certainly defined by then.
        let isDefinedClass: (Int) -> Bool
    }

    /// Token range of the whole declaration (with its `export` keyword), or `nil` when the class may have an
    /// effect or its shape is not the expected one (`export default class` included).
    static func statementRange(
        nameToken: Int, tokens: [JavaScriptToken], bytes: [UInt8], exportKeywords: [Int], names: Names
    ) -> Range<Int>? {
        guard nameToken > 0, nameToken + 1 < tokens.count, tokens[nameToken - 1].isKeyword("class", in: bytes) else { return nil }
        var start = nameToken - 1
        if start > 0 {
            let previous = tokens[start - 1]
            if previous.isKeyword("default", in: bytes) || previous.isPunctuator("@", in: bytes) { return nil }
            if previous.isKeyword("export", in: bytes) {
                guard exportKeywords.contains(start - 1) else { return nil }
                start -= 1
            }
        }
        var open = nameToken + 1
        if tokens[open].isKeyword("extends", in: bytes) {
            let base = open + 1
            guard base + 1 < tokens.count, tokens[base].kind == .identifier, names.isDefinedClass(base) else { return nil }
            open = base + 1
        }
        guard open < tokens.count, tokens[open].isPunctuator("{", in: bytes),
            let close = bodyEnd(open: open, tokens: tokens, bytes: bytes, names: names)
        else { return nil }
        return start..<(close + 1)
    }

    /// The index of the `}` closing the class body opened at `open`, or `nil` when an element may have an effect.
    private static func bodyEnd(open: Int, tokens: [JavaScriptToken], bytes: [UInt8], names: Names) -> Int? {
        var depth = 0
        var index = open
        while index < tokens.count {
            let token = tokens[index]
            // At depth 1 the tokens are the class elements' own (names, modifiers, `=`, `;`).
            if depth == 1 {
                if token.isPunctuator("@", in: bytes) { return nil }
                if token.isPunctuator("[", in: bytes) {
                    guard isWellKnownSymbolKey(at: index, tokens: tokens, bytes: bytes, names: names) else { return nil }
                    index += 5
                    continue
                }
                if token.isWord("static", in: bytes), index + 1 < tokens.count, !isElementEnd(tokens[index + 1], bytes) {
                    guard let next = staticElementEnd(from: index + 1, tokens: tokens, bytes: bytes, names: names) else { return nil }
                    index = next
                    continue
                }
            }
            switch token.kind {
            case .punctuator where token.end - token.start == 1:
                switch bytes[token.start] {
                case 0x28, 0x5B, 0x7B: depth += 1
                case 0x29, 0x5D, 0x7D:
                    depth -= 1
                    if depth == 0 { return token.isPunctuator("}", in: bytes) ? index : nil }
                    if depth < 0 { return nil }
                default: break
                }
            case .templateHead: depth += 1
            case .templateTail: depth -= 1
            default: break
            }
            index += 1
        }
        return nil
    }

    /// `(`, `=`, `;` or `}` after `static`: `static` is then the element's own name.
    private static func isElementEnd(_ token: JavaScriptToken, _ bytes: [UInt8]) -> Bool {
        token.isPunctuator("(", in: bytes) || token.isPunctuator("=", in: bytes) || token.isPunctuator(";", in: bytes)
            || token.isPunctuator("}", in: bytes)
    }

    /// `[Symbol.name]` at `index`, with `Symbol` the global.
    private static func isWellKnownSymbolKey(at index: Int, tokens: [JavaScriptToken], bytes: [UInt8], names: Names) -> Bool {
        guard index + 4 < tokens.count else { return false }
        return tokens[index + 1].isWord("Symbol", in: bytes) && names.isFree(index + 1)
            && tokens[index + 2].isPunctuator(".", in: bytes)
            && (tokens[index + 3].kind == .identifier || tokens[index + 3].kind == .keyword)
            && tokens[index + 4].isPunctuator("]", in: bytes)
    }

    /// After `static` at `from - 1`: the index just past the static member's modifiers and name when it is a
    /// method or accessor (its parameters and body follow, evaluated on call), or past its pure initializer
    /// and `;` when it is a field; `nil` for a static block, a computed name other than a well-known symbol,
    /// or an initializer that may have an effect.
    private static func staticElementEnd(from: Int, tokens: [JavaScriptToken], bytes: [UInt8], names: Names) -> Int? {
        var index = from
        guard index < tokens.count, !tokens[index].isPunctuator("{", in: bytes) else { return nil }
        // Modifiers (`async`, `get`, `set`, `*`) followed by the element's name.
        while index + 1 < tokens.count,
            tokens[index].isPunctuator("*", in: bytes)
                || ((tokens[index].isWord("async", in: bytes) || tokens[index].isWord("get", in: bytes)
                    || tokens[index].isWord("set", in: bytes))
                    && !isElementEnd(tokens[index + 1], bytes))
        {
            index += 1
        }
        guard index < tokens.count else { return nil }
        if tokens[index].isPunctuator("[", in: bytes) {
            guard isWellKnownSymbolKey(at: index, tokens: tokens, bytes: bytes, names: names) else { return nil }
            index += 5
        } else {
            switch tokens[index].kind {
            case .identifier, .keyword, .string, .number, .privateName: index += 1
            default: return nil
            }
        }
        guard index < tokens.count else { return nil }
        let next = tokens[index]
        if next.isPunctuator("(", in: bytes) || next.isPunctuator(";", in: bytes) || next.isPunctuator("}", in: bytes) { return index }
        guard next.isPunctuator("=", in: bytes) else {
            // A field without initializer ended by a line break.
            return next.newlineBefore ? index : nil
        }
        // The initializer runs to an explicit `;` at this level; anything else (ASI) is left to chance: refused.
        let first = index + 1
        guard let end = PureInitializer.expressionEnd(from: first, tokens: tokens, bytes: bytes), end > first, end < tokens.count,
            tokens[end].isPunctuator(";", in: bytes),
            PureInitializer.isPure(first..<end, tokens: tokens, bytes: bytes, isPureReference: names.isPureReference)
        else { return nil }
        return end + 1
    }
}
