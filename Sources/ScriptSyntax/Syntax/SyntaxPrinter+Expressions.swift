/// Expressions, patterns, functions and classes.
extension SyntaxPrinter {
    /// The precedence of expression `id` as printed. (Inlined: a call of a non-mutating method of the printer from a
    /// mutating one copied the whole printer first.)
    @inline(__always)
    func precedence(_ id: Int32) -> SyntaxPrecedence {
        let node = tree[id]
        switch node.kind {
        case .sequenceExpression: return .comma
        case .yieldExpression, .arrowFunction, .assignmentExpression, .assignmentPattern: return .assignment
        case .conditionalExpression: return .conditional
        case .binaryExpression, .logicalExpression: return (node.operator ?? .add).precedence
        case .unaryExpression, .awaitExpression: return .prefix
        case .updateExpression: return node.flags.contains(.prefix) ? .prefix : .postfix
        case .newExpression: return printsArguments(node) ? .member : .new
        case .booleanLiteral where compact: return .prefix
        case .callExpression, .taggedTemplate, .chainExpression, .importCall: return .call
        default: return .member
        }
    }

    /// Whether `new` expression `node` is printed with its argument list (compact printing leaves out an empty one:
    /// `new C`).
    func printsArguments(_ node: SyntaxNode) -> Bool {
        node.flags.contains(.hasArguments) && !(compact && node.b <= 0)
    }

    /// The node printed first when `id` of `tree` is printed (following left operands, callees and objects). Static,
    /// as the other helpers that read only the tree (step 4r): a call of a non-mutating method of the printer from a
    /// mutating one that is not inlined copies the whole printer first.
    static func leftmostNode(_ tree: SyntaxTree, _ id: Int32) -> Int32 {
        var current = id
        while true {
            let node = tree[current]
            switch node.kind {
            case .binaryExpression, .logicalExpression, .assignmentExpression, .conditionalExpression, .callExpression,
                .memberExpression, .taggedTemplate, .chainExpression, .assignmentPattern:
                if node.kind == .callExpression, node.flags.contains(.pure) { return current }
                current = node.a
            case .updateExpression where !node.flags.contains(.prefix):
                current = node.a
            case .sequenceExpression:
                guard let first = tree.listIndices(node.a).first else { return current }
                current = tree.lists[first]
            default:
                return current
            }
        }
    }

    /// Whether an expression statement (or `export default` / an arrow body) printing `id` must be wrapped in
    /// parentheses: it would start with `{`, `function`, `class`, `let [` or `async function`. (`id` of `tree`.)
    static func startsAmbiguously(_ tree: SyntaxTree, _ id: Int32, atStatement: Bool) -> Bool {
        let node = tree[leftmostNode(tree, id)]
        switch node.kind {
        case .objectExpression, .objectPattern, .functionExpression, .classExpression: return true
        case .identifier:
            guard atStatement else { return false }
            let name = tree.names[Int(node.a)]
            return name == "let" || name == "async"
        default: return false
        }
    }

    /// Prints expression `id`, in parentheses when its precedence is below `minimum`. `noIn`: an `in`
    /// operator here must be parenthesized (a `for` head).
    mutating func printExpression(_ id: Int32, _ minimum: SyntaxPrecedence, noIn: Bool = false) {
        let wrap = precedence(id) < minimum || (noIn && containsIn(id))
        if wrap {
            emit("(")
            printBare(id, noIn: false)
            emit(")")
        } else {
            printBare(id, noIn: noIn)
        }
    }

    /// Whether `id` is an `in` expression printed without parentheses of its own.
    @inline(__always)
    private func containsIn(_ id: Int32) -> Bool {
        let node = tree[id]
        return node.kind == .binaryExpression && node.op == SyntaxOperator.in.rawValue
    }

    /// An operand of a member access, call or tag: chains, pure calls and `new` without arguments get
    /// parentheses, as do numbers (`1.x`) and anything below a call.
    private mutating func printCallee(_ id: Int32, forNew: Bool = false) {
        let node = tree[id]
        var wrap =
            precedence(id) < .call || node.kind == .chainExpression || node.kind == .numberLiteral
            || ((node.kind == .callExpression || node.kind == .newExpression) && Self.has(node, .pure))
        if forNew { wrap = wrap || Self.containsCall(tree, id) || (node.kind == .newExpression && !printsArguments(node)) }
        if wrap {
            emit("(")
            printBare(id, noIn: false)
            emit(")")
        } else {
            printBare(id, noIn: false)
        }
    }

    /// Whether a call is on the member spine of `id` of `tree` (so `new` would take its arguments).
    private static func containsCall(_ tree: SyntaxTree, _ id: Int32) -> Bool {
        var current = id
        while true {
            let node = tree[current]
            switch node.kind {
            case .callExpression, .importCall, .chainExpression: return true
            case .memberExpression, .taggedTemplate:
                current = node.a
            default: return false
            }
        }
    }

    private mutating func printList(_ list: Int32) {
        var first = true
        for k in tree.listIndices(list) {
            if !first {
                emit(",")
                space()
            }
            first = false
            printElement(tree.lists[k])
        }
    }

    /// An element of an argument list or array: spread or assignment-level expression.
    private mutating func printElement(_ id: Int32) {
        let node = tree[id]
        switch node.kind {
        case .spreadElement, .restElement:
            emit("...")
            if node.kind == .restElement { printPattern(node.a) } else { printExpression(node.a, .assignment) }
        case .elision:
            break
        default:
            if isPattern(node.kind) { printPattern(id) } else { printExpression(id, .assignment) }
        }
    }

    private func isPattern(_ kind: SyntaxKind) -> Bool {
        kind == .arrayPattern || kind == .objectPattern || kind == .assignmentPattern || kind == .bindingIdentifier || kind == .restElement
    }

    /// Whether `node` has `flag` (a bit test, always inlined).
    @_transparent
    package static func has(_ node: SyntaxNode, _ flag: SyntaxFlags) -> Bool {
        node.flags.rawValue & flag.rawValue != 0
    }

    /// Prints expression (or pattern) `id` without parentheses of its own. A name, `this`, `super`, `null`, a regular
    /// expression or a template's part (about seven in ten of the nodes printed here) is its source text: written by
    /// `emitSource` without entering `printNode` (step 4t: that large function's entry and exit, its registers saved
    /// and restored and its node read, cost about 60 instructions before it jumped to `emitSource`).
    @inline(__always)
    mutating func printBare(_ id: Int32, noIn: Bool) {
        switch tree[id].kind {
        case .identifier, .identifierName, .bindingIdentifier, .privateName, .thisExpression, .superExpression, .nullLiteral,
            .regexLiteral, .templateElement:
            // `emitSource` marks the node as `printNode` would.
            emitSource(id)
        default:
            printNode(id, noIn: noIn)
        }
    }

    /// `printBare` for any node.
    @inline(never)
    mutating func printNode(_ id: Int32, noIn: Bool) {
        let node = tree[id]
        // `mark(id)` on the node read once (step 4t: `mark` read it a second time, with its bounds check).
        if recording, node.start < node.end { pending = id }
        switch node.kind {
        case .booleanLiteral where compact:
            emit(firstByte(of: node) == 0x74 ? "!0" : "!1")
        case .numberLiteral where minifiesLiterals, .stringLiteral where minifiesLiterals:
            // A string in an expression may be written as a template (never a tag's: the printer writes an operator,
            // `(`, `,`, `;` or a keyword before every operand), except as a whole statement.
            let kind = node.kind == .stringLiteral && compact && id != statementString ? SyntaxKind.templateLiteral : node.kind
            if let text = Self.minifiedLiteral(tree, kind, node) {
                if let first = text.first, out.needsSpace(before: first) { out.append(0x20) }
                if pending >= 0 { recordPending() }
                out.append(contentsOf: text)
            } else {
                emitSource(id)
            }
        case .identifier, .identifierName, .bindingIdentifier, .privateName, .thisExpression, .superExpression, .nullLiteral,
            .booleanLiteral, .numberLiteral, .stringLiteral, .regexLiteral, .templateElement:
            emitSource(id)
        case .metaProperty:
            emit(node.op == 1 ? "new.target" : "import.meta")
        case .templateLiteral:
            printTemplate(id)
        case .taggedTemplate:
            printCallee(node.a)
            printTemplate(node.b)
        case .arrayExpression, .arrayPattern:
            emit("[")
            let elements = tree.listIndices(node.a)
            for k in elements {
                if k != elements.lowerBound {
                    emit(",")
                    space()
                }
                printElement(tree.lists[k])
            }
            if let last = elements.last, tree[tree.lists[last]].kind == .elision { emit(",") }
            emit("]")
        case .objectExpression, .objectPattern:
            let members = tree.listIndices(node.a)
            if members.isEmpty {
                emit("{}")
                return
            }
            emit("{")
            space()
            for k in members {
                if k != members.lowerBound {
                    emit(",")
                    space()
                }
                printProperty(tree.lists[k])
            }
            space()
            emit("}")
        case .property:
            printProperty(id)
        case .functionExpression, .functionDeclaration:
            printFunction(id)
        case .classExpression, .classDeclaration:
            printClass(id)
        case .arrowFunction:
            if node.flags.contains(.isAsync) { emit("async") }
            let parameters = tree.listIndices(node.b)
            if compact, parameters.count == 1, let only = parameters.first, tree[tree.lists[only]].kind == .bindingIdentifier {
                // `a=>a`: one plain parameter needs no parentheses.
                printPattern(tree.lists[only])
            } else {
                emit("(")
                printParameters(node.b)
                emit(")")
            }
            space()
            emit("=>")
            space()
            if node.flags.contains(.expressionBody) {
                if Self.startsAmbiguously(tree, node.c, atStatement: false) {
                    emit("(")
                    printExpression(node.c, .lowest)
                    emit(")")
                } else {
                    printExpression(node.c, .assignment, noIn: noIn)
                }
            } else {
                printBlock(tree[node.c].a)
            }
        case .unaryExpression:
            let op = node.operator ?? .not
            emit(op.staticText)
            // `- -a` and `+ +a` get their space from `emit`; `-(a ** b)` its parentheses from precedence.
            printExpression(node.a, .prefix)
        case .awaitExpression:
            emit("await")
            keywordSpace()
            printExpression(node.a, .prefix)
        case .updateExpression:
            let op = node.operator ?? .increment
            if node.flags.contains(.prefix) {
                emit(op.staticText)
                printExpression(node.a, .prefix)
            } else {
                printExpression(node.a, .postfix)
                emit(op.staticText)
            }
        case .binaryExpression, .logicalExpression:
            printBinary(id, noIn: noIn)
        case .assignmentExpression, .assignmentPattern:
            if isPattern(tree[node.a].kind) || tree[node.a].kind == .objectPattern {
                printPattern(node.a)
            } else {
                printExpression(node.a, .postfix)
            }
            space()
            emit(node.kind == .assignmentPattern ? "=" : (node.operator ?? .assign).staticText)
            space()
            printExpression(node.b, .assignment, noIn: noIn)
        case .conditionalExpression:
            printExpression(node.a, .nullish, noIn: noIn)
            space()
            emit("?")
            space()
            printExpression(node.b, .assignment)
            space()
            emit(":")
            space()
            printExpression(node.c, .assignment, noIn: noIn)
        case .sequenceExpression:
            var first = true
            for k in tree.listIndices(node.a) {
                if !first {
                    emit(",")
                    space()
                }
                first = false
                printExpression(tree.lists[k], .assignment, noIn: noIn)
            }
        case .callExpression:
            // Flags tested as bits (step 4t: `contains` was a call of about ten instructions, twice a call and three
            // times a member access printed).
            if Self.has(node, .pure) { emitPureAnnotation() }
            printCallee(node.a)
            if Self.has(node, .optional) { emit("?.") }
            emit("(")
            printList(node.b)
            emit(")")
        case .newExpression:
            if node.flags.contains(.pure) { emitPureAnnotation() }
            emit("new")
            keywordSpace()
            printCallee(node.a, forNew: true)
            if printsArguments(node) {
                emit("(")
                printList(node.b)
                emit(")")
            }
        case .memberExpression:
            printCallee(node.a)
            if compact, Self.has(node, .computed), let name = Self.unquotedKey(tree, node.b) {
                // `a["b"]` as `a.b`.
                emit(Self.has(node, .optional) ? "?." : ".")
                mark(node.b)
                if pending >= 0 { recordPending() }
                out.append(tree.source, from: name.lowerBound, to: name.upperBound)
            } else if Self.has(node, .computed) {
                if Self.has(node, .optional) { emit("?.") }
                emit("[")
                printExpression(node.b, .lowest)
                emit("]")
            } else {
                emit(Self.has(node, .optional) ? "?." : ".")
                emitSource(node.b)
            }
        case .chainExpression:
            printBare(node.a, noIn: noIn)
        case .spreadElement, .restElement:
            printElement(id)
        case .yieldExpression:
            emit("yield")
            if node.flags.contains(.delegate) { emit("*") }
            if node.a >= 0 {
                keywordSpace()
                printExpression(node.a, .assignment, noIn: noIn)
            }
        case .importCall:
            emit("import(")
            printExpression(node.a, .assignment)
            if node.b >= 0 {
                emit(",")
                space()
                printExpression(node.b, .assignment)
            }
            emit(")")
        case .elision:
            break
        default:
            // Statements do not occur in expressions.
            break
        }
    }

    private mutating func printBinary(_ id: Int32, noIn: Bool) {
        let node = tree[id]
        let op = node.operator ?? .add
        let precedence = op.precedence
        let left = tree[node.a], right = tree[node.b]
        // `**` is right-associative, and a unary operand on its left needs parentheses.
        var leftMinimum = op == .exponent ? SyntaxPrecedence.postfix : precedence
        var rightMinimum = op == .exponent ? precedence : SyntaxPrecedence(rawValue: precedence.rawValue + 1) ?? .member
        // `??` does not mix with `&&`/`||` without parentheses.
        if op == .nullish {
            if left.kind == .logicalExpression, left.op != SyntaxOperator.nullish.rawValue { leftMinimum = .member }
            if right.kind == .logicalExpression, right.op != SyntaxOperator.nullish.rawValue { rightMinimum = .member }
        } else if op.isLogical {
            if left.kind == .logicalExpression, left.op == SyntaxOperator.nullish.rawValue { leftMinimum = .member }
            if right.kind == .logicalExpression, right.op == SyntaxOperator.nullish.rawValue { rightMinimum = .member }
        }
        if left.kind == .privateName {
            emitSource(node.a)
        } else {
            printExpression(node.a, leftMinimum, noIn: noIn)
        }
        if op == .in || op == .instanceof {
            keywordSpace()
            emit(op.staticText)
            keywordSpace()
        } else {
            space()
            emit(op.staticText)
            space()
        }
        printExpression(node.b, rightMinimum, noIn: noIn)
    }

    private mutating func printTemplate(_ id: Int32) {
        for k in tree.listIndices(tree[id].a) {
            let part = tree.lists[k]
            let node = tree[part]
            if node.kind == .templateElement {
                mark(part)
                if pending >= 0 { recordPending() }
                if node.flags.contains(.synthetic) {
                    out.append(contentsOf: Array(tree.names[Int(node.a)].utf8))
                } else {
                    // From the source in place (step 5m: `tree.bytes` made a slice, retaining the source).
                    out.append(tree.source, from: Int(node.start), to: Int(node.end))
                }
            } else {
                printExpression(part, .lowest)
            }
        }
    }

    /// A member of an object literal or pattern.
    private mutating func printProperty(_ id: Int32) {
        let node = tree[id]
        switch node.kind {
        case .spreadElement, .restElement:
            printElement(id)
            return
        case .property:
            break
        default:
            printBare(id, noIn: false)
            return
        }
        let kind = SyntaxPropertyKind(rawValue: node.op) ?? .initializer
        if kind != .initializer {
            printMethod(id, key: node.a, function: node.b, kind: kind, computed: node.flags.contains(.computed), isStatic: false)
            return
        }
        if node.flags.contains(.shorthand), Self.shorthandMatches(tree, key: node.a, value: node.b), !shorthandIsRenamed(node.b) {
            printElement(node.b)
            return
        }
        printKey(node.a, computed: node.flags.contains(.computed))
        emit(":")
        space()
        printElement(node.b)
    }

    /// Whether the name shorthand value `value` of `tree` binds or reads (`a` of `a` or `a = 1`) is key `key`'s name.
    /// By name ID first (step 5m: the two `String`s were read, retained and compared for every shorthand property);
    /// built names may repeat a parsed one, so other IDs compare their names.
    private static func shorthandMatches(_ tree: SyntaxTree, key: Int32, value: Int32) -> Bool {
        guard let name = shorthandNameID(tree, value) else { return false }
        let keyName = tree[key].a
        return name == keyName || tree.names[Int(name)] == tree.names[Int(keyName)]
    }

    /// The name ID of the name a shorthand value `value` of `tree` binds or reads (`a` of `a` or `a = 1`).
    private static func shorthandNameID(_ tree: SyntaxTree, _ value: Int32) -> Int32? {
        var current = value
        while true {
            let node = tree[current]
            switch node.kind {
            case .identifier, .bindingIdentifier: return node.a
            case .assignmentExpression, .assignmentPattern: current = node.a
            default: return nil
            }
        }
    }

    /// Whether the name of shorthand value `value` is printed under a new name (so `{a}` is written `{a:b}`).
    private func shorthandIsRenamed(_ value: Int32) -> Bool {
        guard !symbolNames.isEmpty else { return false }
        let node = tree[value]
        switch node.kind {
        case .identifier, .bindingIdentifier: return newName(of: value) != nil
        case .assignmentExpression, .assignmentPattern: return shorthandIsRenamed(node.a)
        default: return false
        }
    }

    private mutating func printKey(_ key: Int32, computed: Bool) {
        if compact, !computed, let name = Self.unquotedKey(tree, key) {
            mark(key)
            if out.needsSpace(before: tree.source[name.lowerBound]) { out.append(0x20) }
            if pending >= 0 { recordPending() }
            // From the source in place, like `emitSource` (step 4p: the slice's append called `memcpy`, about 60
            // instructions a key).
            out.append(tree.source, from: name.lowerBound, to: name.upperBound)
            return
        }
        if computed {
            emit("[")
            printExpression(key, .assignment)
            emit("]")
        } else {
            emitSource(key)
        }
    }

    /// Where the contents of string key `key` stand in the source (not empty) when they are an ASCII identifier name
    /// without escapes (not `__proto__`, whose quoted and unquoted keys differ): `{"a":1}` printed `{a:1}`.
    ///
    /// Static, reading only the tree (step 4p): as a method of the printer, each call from a mutating method copied
    /// the printer (a `memcpy` of about 60 instructions, every key of an object). The range, not a slice of the source
    /// (step 5m: the slice retained and released the source).
    static func unquotedKey(_ tree: SyntaxTree, _ key: Int32) -> Range<Int>? {
        let node = tree[key]
        guard node.kind == .stringLiteral, !node.flags.contains(.synthetic), node.end - node.start >= 3 else { return nil }
        let range = Int(node.start + 1)..<Int(node.end - 1)
        let source = tree.source
        guard range.upperBound <= source.count else { return nil }
        let first = source[range.lowerBound]
        guard !(first >= 0x30 && first <= 0x39) else { return nil }
        for i in range {
            let b = source[i]
            let isWord = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24
            guard isWord else { return nil }
        }
        if range.count == 9, source[range].elementsEqual("__proto__".utf8) { return nil }
        return range
    }

    /// A pattern (binding or assignment target).
    mutating func printPattern(_ id: Int32) {
        let node = tree[id]
        switch node.kind {
        case .assignmentPattern:
            printPattern(node.a)
            space()
            emit("=")
            space()
            printExpression(node.b, .assignment)
        case .restElement:
            emit("...")
            printPattern(node.a)
        case .bindingIdentifier, .identifier, .arrayPattern, .objectPattern:
            printBare(id, noIn: false)
        default:
            printExpression(id, .postfix)
        }
    }

    private mutating func printParameters(_ list: Int32) {
        var first = true
        for k in tree.listIndices(list) {
            if !first {
                emit(",")
                space()
            }
            first = false
            printPattern(tree.lists[k])
        }
    }

    mutating func printFunction(_ id: Int32) {
        let node = tree[id]
        if node.flags.contains(.isAsync) { emit("async ") }
        emit("function")
        if node.flags.contains(.generator) { emit("*") }
        if node.a >= 0, !dropsExpressionName(id) {
            if !node.flags.contains(.generator) { keywordSpace() } else { space() }
            emitSource(node.a)
        }
        emit("(")
        printParameters(node.b)
        emit(")")
        space()
        printBlock(tree[node.c].a)
    }

    /// `[static] [async] [*] [get|set] key(params) { body }`, the method `member` (a class member or an object's
    /// property); each keyword mapped to its own token (`markToken`: the member's tokens from its first, in this order).
    private mutating func printMethod(
        _ member: Int32, key: Int32, function: Int32, kind: SyntaxPropertyKind, computed: Bool, isStatic: Bool
    ) {
        let f = tree[function]
        var token = 0
        if isStatic {
            markToken(token, of: member)
            emit("static ")
            token += 1
        }
        if f.flags.contains(.isAsync) {
            markToken(token, of: member)
            emit("async ")
            token += 1
        }
        if f.flags.contains(.generator) {
            emit("*")
            token += 1
        }
        if kind == .getter || kind == .setter {
            markToken(token, of: member)
            emit(kind == .getter ? "get " : "set ")
        }
        printKey(key, computed: computed)
        emit("(")
        printParameters(f.b)
        emit(")")
        space()
        printBlock(tree[f.c].a)
    }

    /// Whether compact printing leaves out the name of function or class expression `id`: no reference of the parse
    /// resolves to it (it binds only inside the expression) and the renamer renames it anyway, so only `.name`
    /// changes, which never held the source's name (today's `UnusedExpressionNames`).
    func dropsExpressionName(_ id: Int32) -> Bool {
        let node = tree[id]
        guard compact, node.kind == .functionExpression || node.kind == .classExpression, node.a >= 0 else { return false }
        let symbol = Int(tree[node.a].b)
        guard symbol >= 0, symbol < referencedSymbols.count, !referencedSymbols[symbol], symbol < symbolNames.count else {
            return false
        }
        return symbolNames[symbol] != nil
    }

    mutating func printClass(_ id: Int32) {
        let node = tree[id]
        emit("class")
        if node.a >= 0, !dropsExpressionName(id) {
            keywordSpace()
            emitSource(node.a)
        }
        if node.b >= 0 {
            emitSpacedKeyword("extends")
            printCallee(node.b)
        }
        space()
        emit("{")
        let members = tree.listIndices(node.c)
        if members.isEmpty {
            emit("}")
            return
        }
        indentation += 1
        for k in members {
            let member = tree.lists[k]
            newline()
            let m = tree[member]
            switch m.kind {
            case .staticBlock:
                mark(member)
                emit("static")
                space()
                printBlock(tree[m.a].a)
            case .methodDefinition:
                printMethod(
                    member, key: m.a, function: m.b, kind: SyntaxPropertyKind(rawValue: m.op) ?? .method,
                    computed: m.flags.contains(.computed), isStatic: m.flags.contains(.isStatic))
            default:
                if m.flags.contains(.isStatic) {
                    mark(member)
                    emit("static ")
                }
                printKey(m.a, computed: m.flags.contains(.computed))
                if m.b >= 0 {
                    space()
                    emit("=")
                    space()
                    printExpression(m.b, .assignment)
                }
                emit(";")
            }
        }
        indentation -= 1
        newline()
        emit("}")
    }
}
