/// Reads the top-level statements of a configuration-like JavaScript file (an override table, a webpack
/// configuration) into `StaticStatement`s without running it.
///
/// The source is tokenized and parsed by wkpack's own tokenizer and parser first (so a syntax error is reported
/// as such, located), then read again on its tokens: declarations, assignments to name chains, `export`
/// forms and expression statements are kept; loops, function and class declarations and imports are skipped
/// and described. Within an expression, anything beyond literals, names, member access, calls, `new`,
/// spreads and `+` becomes `.unsupported`; the reader always terminates and never traps.
public enum StaticProgramReader {
    /// Reads `source`; throws the tokenizer's or parser's error for invalid JavaScript.
    public static func read(_ source: [UInt8]) throws(JavaScriptSyntaxError) -> [StaticStatement] {
        let tokenization = try JavaScriptTokenizer.tokenize(source)
        _ = try JavaScriptParser.analyze(source, tokenization: tokenization)
        let tokens = tokenization.tokens
        // Nested expressions recurse: read on the parser's large stack, as the parser does.
        return LargeStack.run { () -> [StaticStatement] in
            var reader = TokenReader(source: source, tokens: tokens)
            return reader.readProgram()
        } ?? []
    }

    /// Reads a string (convenience for tests).
    public static func read(_ source: String) throws(JavaScriptSyntaxError) -> [StaticStatement] {
        try read(Array(source.utf8))
    }
}

/// The token walk behind `StaticProgramReader`.
private struct TokenReader {
    let source: [UInt8]
    let tokens: [JavaScriptToken]
    /// For each opening bracket token, the index of its closing token (and the reverse); -1 otherwise.
    let partner: [Int]
    /// Nesting of expressions being read, bounded so that deeply nested input cannot exhaust the stack.
    var depth = 0
    static let maximumDepth = 100

    init(source: [UInt8], tokens: [JavaScriptToken]) {
        self.source = source
        self.tokens = tokens
        var partner = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .punctuator:
                guard token.end - token.start == 1 else { continue }
                switch source[token.start] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    open.append(index)
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if let opener = open.popLast() {
                        partner[opener] = index
                        partner[index] = opener
                    }
                default:
                    continue
                }
            case .templateHead:
                open.append(index)
            case .templateMiddle:
                if let opener = open.popLast() {
                    partner[opener] = index
                }
                open.append(index)
            case .templateTail:
                if let opener = open.popLast() {
                    partner[opener] = index
                    partner[index] = opener
                }
            default:
                continue
            }
        }
        self.partner = partner
    }

    // MARK: Tokens

    func text(_ index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        let token = tokens[index]
        return String(decoding: source[token.start..<token.end], as: UTF8.self)
    }

    func isPunctuator(_ index: Int, _ punctuator: String) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .punctuator else { return false }
        return text(index) == punctuator
    }

    func isWord(_ index: Int, _ word: String) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let kind = tokens[index].kind
        return (kind == .keyword || kind == .identifier) && text(index) == word
    }

    func isName(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        return tokens[index].kind == .identifier || tokens[index].kind == .keyword
    }

    /// The index after the bracket group opened at `index` (or `index + 1` when it has no partner).
    func after(_ index: Int) -> Int {
        guard index >= 0, index < partner.count, partner[index] > index else { return index + 1 }
        return partner[index] + 1
    }

    func isOpener(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        if tokens[index].kind == .templateHead { return true }
        return isPunctuator(index, "(") || isPunctuator(index, "[") || isPunctuator(index, "{")
    }

    func isCloser(_ index: Int) -> Bool {
        isPunctuator(index, ")") || isPunctuator(index, "]") || isPunctuator(index, "}")
    }

    func expression(_ value: StaticExpression.Value, at index: Int) -> StaticExpression {
        guard index >= 0, index < tokens.count else {
            let last = tokens.last
            return StaticExpression(value, line: last?.line ?? 1, column: (last?.column ?? 0) + 1)
        }
        return StaticExpression(value, line: tokens[index].line, column: tokens[index].column + 1)
    }

    /// The string value of a string token (quotes removed, escapes decoded).
    func stringValue(_ index: Int) -> String {
        let token = tokens[index]
        guard token.end - token.start >= 2 else { return "" }
        return JavaScriptStringLiteral.decodeEscapes(source[(token.start + 1)..<(token.end - 1)])
    }

    /// Whether a statement may end before token `index` at top level by automatic semicolon insertion: the token
    /// is on a new line, starts with a name, and the previous token ends an operand.
    func endsStatementBefore(_ index: Int) -> Bool {
        guard index > 0, index < tokens.count, tokens[index].newlineBefore, isName(index) else { return false }
        if ["in", "instanceof", "of", "else", "catch", "finally", "as", "from"].contains(text(index)) { return false }
        let previous = tokens[index - 1]
        switch previous.kind {
        case .identifier, .number, .string, .template, .templateTail, .regularExpression: return true
        case .keyword: return ["this", "null", "true", "false", "super"].contains(text(index - 1))
        case .punctuator: return isCloser(index - 1) || text(index - 1) == "++" || text(index - 1) == "--"
        default: return false
        }
    }

    // MARK: Statements

    mutating func readProgram() -> [StaticStatement] {
        var statements: [StaticStatement] = []
        var index = 0
        while index < tokens.count {
            let start = index
            if isPunctuator(index, ";") {
                index += 1
                continue
            }
            statements += readStatement(&index)
            if isPunctuator(index, ";") { index += 1 }
            // Always make progress, whatever the statement was.
            if index <= start { index = start + 1 }
        }
        return statements
    }

    func statement(_ kind: StaticStatement.Kind, at index: Int) -> StaticStatement {
        StaticStatement(kind: kind, line: tokens[index].line, column: tokens[index].column + 1)
    }

    mutating func readStatement(_ index: inout Int) -> [StaticStatement] {
        let start = index
        let limit = tokens.count
        if isWord(index, "const") || isWord(index, "let") && isDeclarationStart(index + 1) || isWord(index, "var") {
            index += 1
            return readDeclarators(&index, start: start, isExported: false)
        }
        if isWord(index, "export") {
            index += 1
            if isWord(index, "default") {
                index += 1
                if isWord(index, "function") || isWord(index, "class") || isWord(index, "async") && isWord(index + 1, "function") {
                    skipStatement(&index)
                    return [
                        statement(
                            .exportDefault(expression(isWord(start + 2, "class") ? .unsupported("a class") : .function, at: start + 2)),
                            at: start)
                    ]
                }
                let value = readExpression(&index, limit: limit)
                return [statement(.exportDefault(value), at: start)]
            }
            if isWord(index, "const") || isWord(index, "let") || isWord(index, "var") {
                index += 1
                return readDeclarators(&index, start: start, isExported: true)
            }
            if isPunctuator(index, "{") {
                let close = partner[index]
                guard close > index else {
                    skipStatement(&index)
                    return [statement(.other("an 'export' statement"), at: start)]
                }
                if isWord(close + 1, "from") {
                    skipStatement(&index)
                    return [statement(.other("an 'export ... from' statement"), at: start)]
                }
                var names: [StaticStatement.ExportedName] = []
                var k = index + 1
                while k < close {
                    guard isName(k) || tokens[k].kind == .string else { k += 1; continue }
                    let local = tokens[k].kind == .string ? stringValue(k) : text(k)
                    var exported = local
                    let at = k
                    k += 1
                    if isWord(k, "as"), k + 1 < close {
                        exported = tokens[k + 1].kind == .string ? stringValue(k + 1) : text(k + 1)
                        k += 2
                    }
                    names.append(.init(local: local, exported: exported, line: tokens[at].line, column: tokens[at].column + 1))
                    if isPunctuator(k, ",") { k += 1 }
                }
                index = close + 1
                return [statement(.exportNames(names), at: start)]
            }
            skipStatement(&index)
            return [statement(.other("an 'export' declaration of a function or class"), at: start)]
        }
        if isName(index), let description = Self.skippedStatements[text(index)], !isPunctuator(index + 1, "."),
            !isPunctuator(index + 1, "(") || text(index) != "import"
        {
            skipStatement(&index)
            return [statement(.other(description), at: start)]
        }
        if isPunctuator(index, "{") {
            index = after(index)
            return [statement(.other("a block"), at: start)]
        }
        let value = readExpression(&index, limit: limit, stopAtAssignment: true)
        if isPunctuator(index, "=") {
            index += 1
            let assigned = readExpression(&index, limit: limit)
            if let path = value.memberPath, path.count > 1 {
                return [statement(.assignment(target: path, value: assigned), at: start)]
            }
            return [statement(.other("an assignment to \(value.description)"), at: start)]
        }
        if index < limit, !isPunctuator(index, ";"), !endsStatementBefore(index) {
            skipStatement(&index)
            return [statement(.other("an expression statement the reader does not follow"), at: start)]
        }
        return [statement(.expression(value), at: start)]
    }

    static let skippedStatements: [String: String] = [
        "for": "a 'for' loop", "while": "a 'while' loop", "do": "a 'do' loop", "if": "an 'if' statement",
        "function": "a function declaration", "async": "a function declaration", "class": "a class declaration",
        "import": "an 'import' declaration", "try": "a 'try' statement", "switch": "a 'switch' statement",
        "throw": "a 'throw' statement", "return": "a 'return' statement", "with": "a 'with' statement",
        "debugger": "a 'debugger' statement",
    ]

    /// Whether `let` at `index - 1` starts a declaration (`let x`, `let {`, `let [`).
    func isDeclarationStart(_ index: Int) -> Bool {
        tokens.indices.contains(index) && (tokens[index].kind == .identifier || isPunctuator(index, "{") || isPunctuator(index, "["))
    }

    mutating func readDeclarators(_ index: inout Int, start: Int, isExported: Bool) -> [StaticStatement] {
        var statements: [StaticStatement] = []
        let limit = tokens.count
        while index < limit {
            let at = index
            let binding: StaticStatement.Binding
            if tokens[index].kind == .identifier || tokens[index].kind == .keyword {
                binding = .name(text(index))
                index += 1
            } else if isPunctuator(index, "{") {
                binding = readObjectPattern(index)
                index = after(index)
            } else if isPunctuator(index, "[") {
                binding = .unsupported
                index = after(index)
            } else {
                skipStatement(&index)
                statements.append(statement(.other("a declaration the reader does not follow"), at: start))
                return statements
            }
            var value: StaticExpression?
            if isPunctuator(index, "=") {
                index += 1
                value = readExpression(&index, limit: limit)
            }
            statements.append(
                StaticStatement(
                    kind: .declaration(binding: binding, value: value, isExported: isExported),
                    line: tokens[at].line, column: tokens[at].column + 1))
            guard isPunctuator(index, ",") else { break }
            index += 1
        }
        if index < limit, !isPunctuator(index, ";"), !endsStatementBefore(index) {
            skipStatement(&index)
        }
        return statements
    }

    /// `{ a, b: c }` as a binding pattern; defaults, rest and nested patterns are unsupported.
    func readObjectPattern(_ open: Int) -> StaticStatement.Binding {
        let close = partner[open]
        guard close > open else { return .unsupported }
        var pairs: [(key: String, local: String)] = []
        var k = open + 1
        while k < close {
            guard isName(k) || tokens[k].kind == .string else { return .unsupported }
            let key = tokens[k].kind == .string ? stringValue(k) : text(k)
            k += 1
            var local = key
            if isPunctuator(k, ":") {
                guard tokens.indices.contains(k + 1), tokens[k + 1].kind == .identifier else { return .unsupported }
                local = text(k + 1)
                k += 2
            }
            pairs.append((key, local))
            if isPunctuator(k, ",") {
                k += 1
            } else if k != close {
                return .unsupported
            }
        }
        return .properties(pairs)
    }

    /// Skips a statement the reader does not follow: up to a `;` at its level (consumed), the end of the
    /// enclosing group, or a line break where automatic semicolon insertion ends it.
    mutating func skipStatement(_ index: inout Int) {
        let start = index
        while index < tokens.count {
            if index > start, endsStatementBefore(index) { return }
            if isPunctuator(index, ";") {
                index += 1
                return
            }
            if isCloser(index) { return }
            if isOpener(index) {
                let wasBlock = isPunctuator(index, "{")
                index = after(index)
                // A block that ends a statement (`function f() {}`, `for (...) {}`), unless `else`, `catch` or
                // `finally` continue it, or an operator continues an expression.
                if wasBlock, index < tokens.count, tokens[index].newlineBefore,
                    !["else", "catch", "finally", "while"].contains(text(index)),
                    isName(index) || isOpener(index) && !isPunctuator(index, "(") && !isPunctuator(index, "[")
                {
                    return
                }
                continue
            }
            index += 1
        }
    }

    // MARK: Expressions

    /// Skips the rest of an expression the reader stopped following: up to a `,` or `;` at its level, the end
    /// of the enclosing group, or (at top level) a line break where the statement ends.
    func skipExpression(_ index: inout Int, limit: Int) {
        while index < limit {
            if isPunctuator(index, ",") || isPunctuator(index, ";") || isCloser(index) { return }
            if limit == tokens.count, endsStatementBefore(index) { return }
            if isOpener(index) {
                index = after(index)
                continue
            }
            index += 1
        }
    }

    static let binaryOperators: Set<String> = [
        "||", "&&", "??", "?", "-", "*", "/", "%", "**", "==", "!=", "===", "!==", "<", ">", "<=", ">=", "|", "&", "^",
        "<<", ">>", ">>>", "+=", "-=", "*=", "/=", "||=", "&&=", "??=", "%=", "**=", "<<=", ">>=", ">>>=", "|=", "&=", "^=",
    ]

    /// Reads one expression (no comma operator). With `stopAtAssignment`, a `=` after the left side is left for
    /// the caller (statement-level assignments); otherwise an assignment is unsupported.
    mutating func readExpression(_ index: inout Int, limit: Int, stopAtAssignment: Bool = false) -> StaticExpression {
        let start = index
        guard depth < Self.maximumDepth else {
            skipExpression(&index, limit: limit)
            return expression(.unsupported("an expression nested too deeply"), at: start)
        }
        depth += 1
        defer { depth -= 1 }
        var value = readPostfix(&index, limit: limit)
        while index < limit, isPunctuator(index, "+") {
            index += 1
            let right = readPostfix(&index, limit: limit)
            value = expression(.concatenation(value, right), at: start)
        }
        if index < limit, tokens[index].kind == .punctuator {
            let op = text(index)
            if Self.binaryOperators.contains(op) || (op == "=" && !stopAtAssignment) || op == "=>" {
                skipExpression(&index, limit: limit)
                return expression(.unsupported("an expression with '\(op)'"), at: start)
            }
        } else if index < limit, isWord(index, "instanceof") || isWord(index, "in") {
            let op = text(index)
            skipExpression(&index, limit: limit)
            return expression(.unsupported("an expression with '\(op)'"), at: start)
        }
        return value
    }

    /// A primary expression with its `.name`, `["name"]` and call suffixes.
    mutating func readPostfix(_ index: inout Int, limit: Int) -> StaticExpression {
        let start = index
        var value = readPrimary(&index, limit: limit)
        if case .function = value.value { return value }
        while index < limit {
            if isPunctuator(index, "."), index + 1 < limit, isName(index + 1) {
                value = expression(.member(value, text(index + 1)), at: start)
                index += 2
            } else if isPunctuator(index, "[") {
                let close = partner[index]
                if close == index + 2, tokens[index + 1].kind == .string {
                    value = expression(.member(value, stringValue(index + 1)), at: start)
                } else {
                    value = expression(.unsupported("a computed member access"), at: start)
                }
                index = after(index)
            } else if isPunctuator(index, "(") {
                let arguments = readList(&index)
                value = expression(.call(value, arguments), at: start)
            } else if isPunctuator(index, "?.") {
                skipExpression(&index, limit: limit)
                return expression(.unsupported("optional chaining ('?.')"), at: start)
            } else if tokens[index].kind == .template || tokens[index].kind == .templateHead {
                index = tokens[index].kind == .template ? index + 1 : after(index)
                value = expression(.unsupported("a tagged template"), at: start)
            } else {
                break
            }
        }
        return value
    }

    /// The elements of the bracket group opened at `index` (`(...)` arguments or `[...]` elements), with spreads.
    mutating func readList(_ index: inout Int) -> [StaticExpression] {
        let close = partner[index]
        guard close > index else {
            index += 1
            return []
        }
        var elements: [StaticExpression] = []
        index += 1
        while index < close {
            if isPunctuator(index, ",") {
                elements.append(expression(.unsupported("a hole"), at: index))
                index += 1
                continue
            }
            let at = index
            if isPunctuator(index, "...") {
                index += 1
                let spread = readExpression(&index, limit: close)
                elements.append(expression(.spread(spread), at: at))
            } else {
                elements.append(readExpression(&index, limit: close))
            }
            if index < close, !isPunctuator(index, ",") { skipExpression(&index, limit: close) }
            // Anything left before the next `,` that skipping did not consume (a stray closer) ends the list.
            if index < close, !isPunctuator(index, ",") { break }
            index += 1
        }
        index = close + 1
        return elements
    }

    /// Skips an arrow function's body starting at `index` (after `=>`).
    func skipArrowBody(_ index: inout Int, limit: Int) {
        if isPunctuator(index, "{") {
            index = after(index)
        } else {
            skipExpression(&index, limit: limit)
        }
    }

    mutating func readPrimary(_ index: inout Int, limit: Int) -> StaticExpression {
        let start = index
        guard index < limit else { return expression(.unsupported("nothing"), at: index) }
        let token = tokens[index]
        switch token.kind {
        case .string:
            index += 1
            return expression(.string(stringValue(start)), at: start)
        case .template:
            index += 1
            guard token.end - token.start >= 2 else { return expression(.string(""), at: start) }
            return expression(.string(JavaScriptStringLiteral.decodeEscapes(source[(token.start + 1)..<(token.end - 1)])), at: start)
        case .templateHead:
            index = after(index)
            return expression(.unsupported("a template literal with substitutions"), at: start)
        case .number:
            index += 1
            return expression(.number(text(start)), at: start)
        case .regularExpression:
            index += 1
            return expression(.regularExpression(text(start)), at: start)
        case .identifier, .keyword:
            let word = text(index)
            switch word {
            case "true", "false":
                index += 1
                return expression(.boolean(word == "true"), at: start)
            case "null":
                index += 1
                return expression(.null, at: start)
            case "function":
                index += 1
                if isPunctuator(index, "*") { index += 1 }
                if index < limit, isName(index), !isPunctuator(index, "(") { index += 1 }
                if isPunctuator(index, "(") { index = after(index) }
                if isPunctuator(index, "{") { index = after(index) }
                return expression(.function, at: start)
            case "async"
            where isWord(index + 1, "function")
                || (index + 1 < limit && !tokens[index + 1].newlineBefore
                    && (isPunctuator(index + 1, "(") || tokens[index + 1].kind == .identifier)):
                index += 1
                var value = readPrimary(&index, limit: limit)
                if value.value != .function {
                    value = expression(.unsupported("a call of 'async'"), at: start)
                }
                return value
            case "class":
                index += 1
                while index < limit, !isPunctuator(index, "{") { index += 1 }
                index = after(index)
                return expression(.unsupported("a class"), at: start)
            case "new":
                index += 1
                var callee = readPrimary(&index, limit: limit)
                while index < limit, isPunctuator(index, "."), index + 1 < limit, isName(index + 1) {
                    callee = expression(.member(callee, text(index + 1)), at: start)
                    index += 2
                }
                var arguments: [StaticExpression] = []
                if isPunctuator(index, "(") { arguments = readList(&index) }
                return expression(.new(callee, arguments), at: start)
            case "typeof", "void", "delete", "await", "yield":
                skipExpression(&index, limit: limit)
                return expression(.unsupported("'\(word)'"), at: start)
            default:
                index += 1
                if isPunctuator(index, "=>") {
                    index += 1
                    skipArrowBody(&index, limit: limit)
                    return expression(.function, at: start)
                }
                return expression(.identifier(word), at: start)
            }
        case .punctuator:
            if isPunctuator(index, "(") {
                let close = partner[index]
                if close > index, isPunctuator(close + 1, "=>") {
                    index = close + 2
                    skipArrowBody(&index, limit: limit)
                    return expression(.function, at: start)
                }
                guard close > index else {
                    index += 1
                    return expression(.unsupported("'('"), at: start)
                }
                index += 1
                let inner = readExpression(&index, limit: close)
                let complete = index == close
                index = close + 1
                return complete ? inner : expression(.unsupported("a parenthesized list"), at: start)
            }
            if isPunctuator(index, "[") {
                return expression(.array(readList(&index)), at: start)
            }
            if isPunctuator(index, "{") {
                return readObject(&index)
            }
            if isPunctuator(index, "-"), index + 1 < limit, tokens[index + 1].kind == .number {
                index += 2
                return expression(.number("-" + text(start + 1)), at: start)
            }
            let punctuator = text(index)
            if !isCloser(index), !isPunctuator(index, ","), !isPunctuator(index, ";") {
                index += 1
                skipExpression(&index, limit: limit)
            }
            return expression(.unsupported("'\(punctuator)'"), at: start)
        default:
            index += 1
            return expression(.unsupported("'\(text(start))'"), at: start)
        }
    }

    /// An object literal starting at the `{` at `index`.
    mutating func readObject(_ index: inout Int) -> StaticExpression {
        let start = index
        let close = partner[index]
        guard close > index else {
            index += 1
            return expression(.unsupported("'{'"), at: start)
        }
        var properties: [StaticProperty] = []
        index += 1
        while index < close {
            let at = index
            let line = tokens[at].line, column = tokens[at].column + 1
            if isPunctuator(index, ",") {
                index += 1
                continue
            }
            if isPunctuator(index, "...") {
                index += 1
                let value = readExpression(&index, limit: close)
                properties.append(StaticProperty(key: .spread, value: value, line: line, column: column))
            } else if isPunctuator(index, "[") {
                index = after(index)
                let value: StaticExpression
                if isPunctuator(index, ":") {
                    index += 1
                    value = readExpression(&index, limit: close)
                } else {
                    value = expression(.function, at: index)
                    skipExpression(&index, limit: close)
                }
                properties.append(StaticProperty(key: .computed, value: value, line: line, column: column))
            } else if let (key, next) = propertyKey(index, close: close) {
                index = next
                if isPunctuator(index, ":") {
                    index += 1
                    let value = readExpression(&index, limit: close)
                    properties.append(StaticProperty(key: .name(key), value: value, line: line, column: column))
                } else if isPunctuator(index, "(") {
                    index = after(index)
                    if isPunctuator(index, "{") { index = after(index) }
                    properties.append(StaticProperty(key: .name(key), value: expression(.function, at: at), line: line, column: column))
                } else if isPunctuator(index, ",") || index == close, tokens[at].kind == .identifier || tokens[at].kind == .keyword {
                    properties.append(
                        StaticProperty(
                            key: .name(key), value: expression(.identifier(key), at: at), isShorthand: true,
                            line: line, column: column))
                } else {
                    let word = text(at)
                    skipExpression(&index, limit: close)
                    properties.append(
                        StaticProperty(
                            key: .unsupported(["get", "set", "async"].contains(word) ? "a '\(word)' property" : "a property"),
                            value: expression(.unsupported("a property"), at: at), line: line, column: column))
                }
            } else {
                let what = text(index)
                index += 1
                skipExpression(&index, limit: close)
                properties.append(
                    StaticProperty(
                        key: .unsupported("'\(what)'"), value: expression(.unsupported("'\(what)'"), at: at),
                        line: line, column: column))
            }
            if index < close, !isPunctuator(index, ",") { skipExpression(&index, limit: close) }
            if index < close, !isPunctuator(index, ",") { break }
        }
        index = close + 1
        return expression(.object(properties), at: start)
    }

    /// The key of a property at `index` (identifier, keyword, string or number) and the index after it.
    func propertyKey(_ index: Int, close: Int) -> (String, Int)? {
        guard index < close else { return nil }
        switch tokens[index].kind {
        case .identifier, .keyword:
            let word = text(index)
            // `get x()`, `set x(v)`, `async x()`, `*x()`: accessor or method forms, not followed here.
            if ["get", "set", "async"].contains(word), index + 1 < close, !isPunctuator(index + 1, ":"),
                !isPunctuator(index + 1, "("), !isPunctuator(index + 1, ",")
            {
                return nil
            }
            return (word, index + 1)
        case .string:
            return (stringValue(index), index + 1)
        case .number:
            return (text(index), index + 1)
        default:
            return nil
        }
    }
}
