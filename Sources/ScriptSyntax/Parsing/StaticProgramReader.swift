import WKPackSupport

/// Reads the top-level statements of a configuration-like JavaScript file (an override table, a webpack
/// configuration) into `StaticStatement`s without running it.
///
/// The source is parsed by `SyntaxParser` (so a syntax error is reported as such, located), and the reader walks
/// the syntax tree's top-level statements: declarations, assignments to name chains, `export` forms and expression
/// statements are kept; loops, function and class declarations and imports are described. Within an expression,
/// anything beyond literals, names, member access, calls, `new`, spreads and `+` becomes `.unsupported`, and
/// functions `.function`; the reader always terminates and never traps.
public enum StaticProgramReader {
    /// Deepest nesting of expressions read; deeper ones are `.unsupported`, so the model stays small to compare and free.
    package static let maximumDepth = 100

    /// Reads `source`; throws the tokenizer's or parser's error for invalid JavaScript.
    public static func read(_ source: [UInt8]) throws(JavaScriptSyntaxError) -> [StaticStatement] {
        let tokenization = try JavaScriptTokenizer.tokenize(source)
        let tree = try SyntaxParser.parse(source, tokenization: tokenization)
        // Nested expressions recurse: read on the parser's large stack, as the parser does.
        return LargeStack.run { () -> [StaticStatement] in
            var reader = StaticTreeReader(tree: tree, tokens: tokenization.tokens)
            return reader.readProgram()
        } ?? []
    }

    /// Reads a string (convenience for tests).
    public static func read(_ source: String) throws(JavaScriptSyntaxError) -> [StaticStatement] {
        try read(Array(source.utf8))
    }
}

/// The walk behind `StaticProgramReader`: syntax tree nodes to the static model. Tokens are read only to give a
/// node's line and column (its first token's).
private struct StaticTreeReader {
    package let tree: SyntaxTree
    package let tokens: [JavaScriptToken]
    /// Operands being read, nested (every nesting of expressions passes through `readOperand`).
    package var depth = 0

    // MARK: Locations

    /// The index of the token that starts at `offset` (or the first one after it; the last token past the end).
    func tokenIndex(at offset: UInt32) -> Int {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < Int(offset) { low = middle + 1 } else { high = middle }
        }
        return min(low, tokens.count - 1)
    }

    /// 1-based line and column of the token that starts at `offset`.
    package func location(_ offset: UInt32) -> (line: Int, column: Int) {
        guard !tokens.isEmpty else { return (1, 1) }
        let token = tokens[tokenIndex(at: offset)]
        return (token.line, token.column + 1)
    }

    package func expression(_ value: StaticExpression.Value, at offset: UInt32) -> StaticExpression {
        let (line, column) = location(offset)
        return StaticExpression(value, line: line, column: column)
    }

    package func expression(_ value: StaticExpression.Value, of node: Int32) -> StaticExpression {
        expression(value, at: tree[node].start)
    }

    package func statement(_ kind: StaticStatement.Kind, at offset: UInt32) -> StaticStatement {
        let (line, column) = location(offset)
        return StaticStatement(kind: kind, line: line, column: column)
    }

    /// The start of the `(` just before a parenthesized node (the innermost pair's).
    func openingParenthesis(of node: Int32) -> UInt32 {
        let index = tokenIndex(at: tree[node].start)
        return index > 0 ? UInt32(truncatingIfNeeded: tokens[index - 1].start) : tree[node].start
    }

    // MARK: Literal values

    /// The value of a string literal, or of a template's only part (quotes or backticks removed, escapes decoded).
    package func stringValue(_ node: Int32) -> String {
        let bytes = tree.bytes(node)
        guard bytes.count >= 2 else { return "" }
        return JavaScriptStringLiteral.decodeEscapes(bytes.dropFirst().dropLast())
    }

    /// The text of a property or export name: a name, a string's value, a number as written.
    func keyText(_ node: Int32) -> String? {
        switch tree[node].kind {
        case .identifierName, .identifier, .bindingIdentifier: return tree.name(node)
        case .stringLiteral: return stringValue(node)
        case .numberLiteral: return tree.text(node)
        default: return nil
        }
    }

    // MARK: Statements

    mutating func readProgram() -> [StaticStatement] {
        guard tree.root != SyntaxTree.none else { return [] }
        var statements: [StaticStatement] = []
        for id in tree.list(tree[tree.root].a) {
            statements += readStatement(id)
        }
        return statements
    }

    static let describedStatements: [SyntaxKind: String] = [
        .forStatement: "a 'for' loop", .forInStatement: "a 'for' loop", .forOfStatement: "a 'for' loop",
        .whileStatement: "a 'while' loop", .doWhileStatement: "a 'do' loop", .ifStatement: "an 'if' statement",
        .functionDeclaration: "a function declaration", .classDeclaration: "a class declaration",
        .importDeclaration: "an 'import' declaration", .tryStatement: "a 'try' statement",
        .switchStatement: "a 'switch' statement", .throwStatement: "a 'throw' statement",
        .returnStatement: "a 'return' statement", .withStatement: "a 'with' statement",
        .debuggerStatement: "a 'debugger' statement", .blockStatement: "a block", .labeledStatement: "a labeled statement",
        .breakStatement: "a 'break' statement", .continueStatement: "a 'continue' statement",
    ]

    mutating func readStatement(_ id: Int32) -> [StaticStatement] {
        let node = tree[id]
        switch node.kind {
        case .emptyStatement:
            return []
        case .variableDeclaration:
            return readDeclarators(id, isExported: false)
        case .exportNamedDeclaration:
            if node.a != SyntaxTree.none {
                guard tree[node.a].kind == .variableDeclaration else {
                    return [statement(.other("an 'export' declaration of a function or class"), at: node.start)]
                }
                return readDeclarators(node.a, isExported: true)
            }
            if node.c != SyntaxTree.none {
                return [statement(.other("an 'export ... from' statement"), at: node.start)]
            }
            let names = tree.list(node.b).map { specifier -> StaticStatement.ExportedName in
                let fields = tree[specifier]
                let local = keyText(fields.a) ?? tree.text(fields.a)
                let exported = fields.b == SyntaxTree.none ? local : keyText(fields.b) ?? tree.text(fields.b)
                let (line, column) = location(fields.start)
                return StaticStatement.ExportedName(local: local, exported: exported, line: line, column: column)
            }
            return [statement(.exportNames(names), at: node.start)]
        case .exportAllDeclaration:
            return [statement(.other("an 'export ... from' statement"), at: node.start)]
        case .exportDefaultDeclaration:
            let declared = tree[node.a]
            let value: StaticExpression
            switch declared.kind {
            case .functionDeclaration: value = expression(.function, of: node.a)
            case .classDeclaration: value = expression(.unsupported("a class"), of: node.a)
            default: value = readExpression(node.a)
            }
            return [statement(.exportDefault(value), at: node.start)]
        case .expressionStatement:
            let expression = tree[node.a]
            if expression.kind == .sequenceExpression, !expression.flags.contains(.parenthesized) {
                // `module.exports = a, module.exports.b = c`: each expression as the statement it could be written as.
                return tree.list(expression.a).map { readExpressionStatement($0, at: tree[$0].start) }
            }
            return [readExpressionStatement(node.a, at: node.start)]
        default:
            let description = Self.describedStatements[node.kind] ?? "a statement the reader does not follow"
            return [statement(.other(description), at: node.start)]
        }
    }

    /// `target = value` where the target is a chain of names; other expression statements as they are.
    mutating func readExpressionStatement(_ id: Int32, at start: UInt32) -> StaticStatement {
        let node = tree[id]
        if node.kind == .assignmentExpression, node.operator == .assign, !node.flags.contains(.parenthesized) {
            let target = readAssignmentTarget(node.a)
            let value = readExpression(node.b)
            if let path = target.memberPath, path.count > 1 {
                return statement(.assignment(target: path, value: value), at: start)
            }
            return statement(.other("an assignment to \(target.description)"), at: start)
        }
        return statement(.expression(readExpression(id)), at: start)
    }

    /// The left side of an assignment: an expression, or a pattern (described as the literal it is written as).
    mutating func readAssignmentTarget(_ id: Int32) -> StaticExpression {
        switch tree[id].kind {
        case .arrayPattern: return expression(.unsupported("an array literal"), of: id)
        case .objectPattern: return expression(.unsupported("an object literal"), of: id)
        default: return readExpression(id)
        }
    }

    mutating func readDeclarators(_ declaration: Int32, isExported: Bool) -> [StaticStatement] {
        tree.list(tree[declaration].a).map { declarator in
            let node = tree[declarator]
            let binding: StaticStatement.Binding
            switch tree[node.a].kind {
            case .bindingIdentifier: binding = .name(tree.name(node.a))
            case .objectPattern: binding = readObjectPattern(node.a)
            default: binding = .unsupported
            }
            let value = node.b == SyntaxTree.none ? nil : readExpression(node.b)
            return statement(.declaration(binding: binding, value: value, isExported: isExported), at: node.start)
        }
    }

    /// `{ a, b: c, "d": e }` as a binding pattern; defaults, rest, computed keys and nested patterns are unsupported.
    func readObjectPattern(_ pattern: Int32) -> StaticStatement.Binding {
        var pairs: [(key: String, local: String)] = []
        for member in tree.list(tree[pattern].a) {
            let property = tree[member]
            guard property.kind == .property, !property.flags.contains(.computed),
                tree[property.a].kind == .identifierName || tree[property.a].kind == .stringLiteral,
                let key = keyText(property.a), tree[property.b].kind == .bindingIdentifier
            else { return .unsupported }
            pairs.append((key, tree.name(property.b)))
        }
        return .properties(pairs)
    }

    // MARK: Expressions

    /// One operand or operator of an expression read left to right (see `readExpression`).
    enum Part {
        case operand(Int32)
        case `operator`(String)
    }

    /// The operands and operators of `id` in source order, through the binary, logical, conditional and assignment
    /// expressions not in parentheses (`id` itself may be), until `body` returns false. Iterative: a long chain
    /// (`a + b + ...`) is as deep as it is long.
    func walkParts(_ id: Int32, _ body: (Part) -> Bool) {
        var pending: [Part] = [.operand(id)]
        var isTop = true
        while let part = pending.popLast() {
            guard case .operand(let operand) = part else {
                if !body(part) { return }
                continue
            }
            let node = tree[operand]
            let splits = isTop || !node.flags.contains(.parenthesized)
            isTop = false
            switch node.kind {
            case .binaryExpression where splits, .logicalExpression where splits, .assignmentExpression where splits:
                pending += [.operand(node.b), .operator(node.operator?.text ?? "?"), .operand(node.a)]
            case .conditionalExpression where splits:
                pending += [.operand(node.c), .operator(":"), .operand(node.b), .operator("?"), .operand(node.a)]
            default:
                if !body(part) { return }
            }
        }
    }

    /// Reads one expression: operands joined by `+` are a concatenation; the first other operator makes the whole
    /// expression unsupported (`an expression with '||'`), and an operand that is itself unsupported by its
    /// prefix (`typeof x`, `!x`, `a?.b`) ends it. An expression in parentheses is read as one operand of the
    /// expression around it.
    mutating func readExpression(_ id: Int32) -> StaticExpression {
        var operands: [Int32] = []
        var stop: String?
        walkParts(id) { part in
            switch part {
            case .operand(let operand):
                operands.append(operand)
                return !isPrefixUnsupported(operand)
            case .operator(let text):
                guard text == "+" else {
                    stop = text
                    return false
                }
                return true
            }
        }
        if let stop { return expression(.unsupported("an expression with '\(stop)'"), of: id) }
        guard operands.count <= StaticProgramReader.maximumDepth else {
            return expression(.unsupported("an expression nested too deeply"), of: id)
        }
        var value = readOperand(operands[0])
        for operand in operands.dropFirst() {
            value = expression(.concatenation(value, readOperand(operand)), of: id)
        }
        return value
    }

    /// Whether `id` is an operand read as unsupported from its first token to the end of the expression.
    func isPrefixUnsupported(_ id: Int32) -> Bool {
        let node = tree[id]
        if node.flags.contains(.parenthesized) { return false }
        switch node.kind {
        case .unaryExpression: return !isNegativeNumber(node)
        case .updateExpression: return node.flags.contains(.prefix)
        case .chainExpression, .yieldExpression, .awaitExpression: return true
        default: return false
        }
    }

    /// `-1`: a minus before a number literal written without parentheses.
    func isNegativeNumber(_ node: SyntaxNode) -> Bool {
        node.operator == .minus && tree[node.a].kind == .numberLiteral && !tree[node.a].flags.contains(.parenthesized)
    }

    /// An operand: a literal, name, object or array literal, member access, call, `new`, function, or a description
    /// of what it is.
    mutating func readOperand(_ id: Int32) -> StaticExpression {
        guard depth < StaticProgramReader.maximumDepth else {
            return expression(.unsupported("an expression nested too deeply"), of: id)
        }
        depth += 1
        defer { depth -= 1 }
        let node = tree[id]
        switch node.kind {
        case .stringLiteral:
            return expression(.string(stringValue(id)), of: id)
        case .templateLiteral:
            let parts = tree.list(node.a)
            guard parts.count == 1 else { return expression(.unsupported("a template literal with substitutions"), of: id) }
            return expression(.string(stringValue(id)), of: id)
        case .numberLiteral:
            return expression(.number(tree.text(id)), of: id)
        case .regexLiteral:
            return expression(.regularExpression(tree.text(id)), of: id)
        case .booleanLiteral:
            return expression(.boolean(tree.text(id) == "true"), of: id)
        case .nullLiteral:
            return expression(.null, of: id)
        case .identifier:
            return expression(.identifier(tree.name(id)), of: id)
        case .thisExpression:
            return expression(.identifier("this"), of: id)
        case .superExpression:
            return expression(.identifier("super"), of: id)
        case .metaProperty:
            let (object, property) = node.op == 0 ? ("import", "meta") : ("new", "target")
            return expression(.member(expression(.identifier(object), of: id), property), of: id)
        case .arrayExpression:
            return expression(.array(readElements(node.a)), of: id)
        case .objectExpression:
            return readObject(id)
        case .functionExpression, .arrowFunction:
            return expression(.function, of: id)
        case .classExpression:
            return expression(.unsupported("a class"), of: id)
        case .memberExpression:
            let object = readOperand(node.a)
            let property = tree[node.b]
            if !node.flags.contains(.computed), property.kind == .identifierName {
                return expression(.member(object, tree.name(node.b)), of: id)
            }
            if node.flags.contains(.computed), property.kind == .stringLiteral, !property.flags.contains(.parenthesized) {
                return expression(.member(object, stringValue(node.b)), of: id)
            }
            return expression(.unsupported("a computed member access"), of: id)
        case .callExpression:
            return expression(.call(readOperand(node.a), readElements(node.b)), of: id)
        case .importCall:
            var arguments = [readExpression(node.a)]
            if node.b != SyntaxTree.none { arguments.append(readExpression(node.b)) }
            return expression(.call(expression(.identifier("import"), of: id), arguments), of: id)
        case .newExpression:
            return expression(.new(readCallee(node.a, at: node.start), readElements(node.b)), of: id)
        case .taggedTemplate:
            return expression(.unsupported("a tagged template"), of: id)
        case .chainExpression:
            return expression(.unsupported("optional chaining ('?.')"), of: id)
        case .unaryExpression:
            if isNegativeNumber(node) {
                return expression(.number("-" + tree.text(node.a)), of: id)
            }
            return expression(.unsupported("'\(node.operator?.text ?? "?")'"), of: id)
        case .updateExpression:
            let text = node.operator?.text ?? "?"
            return expression(.unsupported(node.flags.contains(.prefix) ? "'\(text)'" : "an expression with '\(text)'"), of: id)
        case .yieldExpression:
            return expression(.unsupported("'yield'"), of: id)
        case .awaitExpression:
            return expression(.unsupported("'await'"), of: id)
        case .sequenceExpression:
            return expression(.unsupported("a parenthesized list"), at: openingParenthesis(of: id))
        case .binaryExpression, .logicalExpression, .assignmentExpression, .conditionalExpression:
            // In parentheses (else `readExpression` split it): read as the expression it is.
            return readExpression(id)
        default:
            let token = tokens[tokenIndex(at: node.start)]
            return expression(.unsupported("'\(String(decoding: tree.source[token.start..<token.end], as: UTF8.self))'"), of: id)
        }
    }

    /// The callee of `new`: a chain of `.name` accesses is located at `new`, as the whole callee is (`new W.P`).
    mutating func readCallee(_ id: Int32, at start: UInt32) -> StaticExpression {
        let node = tree[id]
        guard node.kind == .memberExpression, !node.flags.contains(.parenthesized), !node.flags.contains(.computed),
            tree[node.b].kind == .identifierName
        else { return readOperand(id) }
        return expression(.member(readCallee(node.a, at: start), tree.name(node.b)), at: start)
    }

    /// The elements of an array literal or of arguments: spreads as `.spread`, holes as `.unsupported("a hole")`.
    mutating func readElements(_ list: Int32) -> [StaticExpression] {
        tree.list(list).map { element in
            switch tree[element].kind {
            case .spreadElement: return expression(.spread(readExpression(tree[element].a)), of: element)
            case .elision: return expression(.unsupported("a hole"), of: element)
            default: return readExpression(element)
            }
        }
    }

    /// An object literal: each property with its key and value, or described when the reader does not follow it
    /// (accessors, `async` and generator methods).
    mutating func readObject(_ id: Int32) -> StaticExpression {
        var properties: [StaticProperty] = []
        for member in tree.list(tree[id].a) {
            let node = tree[member]
            let (line, column) = location(node.start)
            if node.kind == .spreadElement {
                properties.append(StaticProperty(key: .spread, value: readExpression(node.a), line: line, column: column))
                continue
            }
            guard node.kind == .property else { continue }
            let kind = SyntaxPropertyKind(rawValue: node.op) ?? .initializer
            let function = tree[node.b]
            let modifier: String? =
                switch kind {
                case .getter: "get"
                case .setter: "set"
                case .method where function.flags.contains(.isAsync): "async"
                case .method where function.flags.contains(.generator): "*"
                default: nil
                }
            if let modifier {
                let described = "'\(modifier)'"
                properties.append(
                    StaticProperty(
                        key: .unsupported(described), value: expression(.unsupported(described), of: member), line: line,
                        column: column))
                continue
            }
            if node.flags.contains(.computed) {
                let value = kind == .method ? expression(.function, of: node.b) : readExpression(node.b)
                properties.append(StaticProperty(key: .computed, value: value, line: line, column: column))
                continue
            }
            let key = keyText(node.a) ?? tree.text(node.a)
            if kind == .method {
                properties.append(StaticProperty(key: .name(key), value: expression(.function, of: member), line: line, column: column))
            } else if node.flags.contains(.shorthand), function.kind == .identifier {
                properties.append(
                    StaticProperty(
                        key: .name(key), value: expression(.identifier(key), of: member), isShorthand: true, line: line, column: column))
            } else if node.flags.contains(.shorthand) {
                // A cover initializer (`{ a = 1 }`), which only a pattern may hold.
                let what = ["get", "set", "async"].contains(key) ? "a '\(key)' property" : "a property"
                properties.append(
                    StaticProperty(
                        key: .unsupported(what), value: expression(.unsupported("a property"), of: member), line: line, column: column))
            } else {
                properties.append(StaticProperty(key: .name(key), value: readExpression(node.b), line: line, column: column))
            }
        }
        return expression(.object(properties), of: id)
    }
}
