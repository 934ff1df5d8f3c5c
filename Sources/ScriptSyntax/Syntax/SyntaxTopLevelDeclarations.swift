/// A top-level statement that declares one name and whose evaluation may have no side effect, so that tree shaking
/// (`UnusedDeclarationFinder`) may drop it when nothing reaches the name. Found once, right after the parse, while the
/// tree is alive (`SyntaxTree.topLevelDeclarations(facts:tokens:)`), and kept by token index as the rest of
/// `ScopeAnalysis` is: the tree itself is not kept.
///
/// The statements are:
/// - `[export] [async] function [*] name(...) {...}`: always without effect.
/// - `[export] const|let name = initializer` with one binding, whose initializer is an arrow function, a literal
///   (numbers, strings, templates without substitutions, `true`/`false`/`null`, reads of bindings, object and array
///   literals of those, a number negated or subtracted), or a call or `new` marked pure by a `/* @__PURE__ */` (or
///   `#__PURE__`) comment right before it, whose callee is a name or a chain of property names and whose arguments
///   are such literals. Nothing parenthesized.
/// - `[export] class Name [extends Base] { ... }` whose evaluation runs nothing: every computed key is a well-known
///   symbol (`[Symbol.iterator]`), there is no static block, every static field's initializer is an arrow function
///   or a literal as above, and `Base` is a name.
///
/// Whether the statement is then free of side effects depends on what its names read, which only the caller knows
/// (which bindings are certainly initialised when the statement runs): every token of `pureReads` must read a binding
/// that cannot throw there, every token of `freeReads` must be a free name (the global `Symbol`), and `baseClass`
/// (when not -1) must name a class certainly defined by then.
package struct SyntaxTopLevelDeclaration: Sendable, Equatable {
    /// What the statement declares.
    package enum Kind: UInt8, Sendable {
        case function, lexical, `class`
    }

    package let kind: Kind
    /// The statement's tokens, with an `export` keyword before it and the `;` that ends it when one is written.
    package let range: Range<Int32>
    /// The token of the declared name.
    package let nameToken: Int32
    /// Identifier tokens whose reads must be of bindings that cannot throw.
    package let pureReads: [Int32]
    /// Identifier tokens that must be free names.
    package let freeReads: [Int32]
    /// The identifier token after `extends`, -1 without one.
    package let baseClass: Int32
}

extension SyntaxTree {
    /// The program's top-level statements that `SyntaxTopLevelDeclaration` describes, in source order, by index into
    /// `tokens` (the significant tokens the parser read, whose facts are `facts`).
    package func topLevelDeclarations(facts: SyntaxParseFacts, tokens: [JavaScriptToken]) -> [SyntaxTopLevelDeclaration] {
        guard root >= 0 else { return [] }
        var reader = TopLevelDeclarationReader(tree: self, facts: facts, tokens: tokens)
        var result: [SyntaxTopLevelDeclaration] = []
        // The reader holds the arrays it reads, not the tree and the facts (step 5n: copying them into it retained and
        // released each of their arrays, about 36 a file).
        for statement in list(nodes[Int(root)].a) {
            if let declaration = reader.declaration(statement) { result.append(declaration) }
        }
        return result
    }
}

/// Reads one top-level statement into a `SyntaxTopLevelDeclaration`.
private struct TopLevelDeclarationReader {
    package let nodes: [SyntaxNode]
    package let lists: [Int32]
    package let source: [UInt8]
    /// The facts' references and symbol tokens (`SyntaxParseFacts.references`, `symbolTokens`).
    package let references: [SyntaxParseFacts.Reference]
    let symbolTokens: [Int32]
    package let tokens: [JavaScriptToken]
    package var pureReads: [Int32] = []
    package var freeReads: [Int32] = []

    package init(tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken]) {
        nodes = tree.nodes
        lists = tree.lists
        source = tree.source
        references = facts.references
        symbolTokens = facts.symbolTokens
        self.tokens = tokens
    }

    /// The indexes in `lists` of list `list`'s node IDs (as `SyntaxTree.list(_:)`, without a slice to retain).
    @inline(__always)
    private func listRange(_ list: Int32) -> Range<Int> {
        guard list > 0 else { return 0..<0 }
        let start = Int(list)
        return (start + 1)..<(start + 1 + Int(lists[start]))
    }

    package mutating func declaration(_ statement: Int32) -> SyntaxTopLevelDeclaration? {
        var node = nodes[Int(statement)]
        if node.kind == .exportNamedDeclaration {
            guard node.a >= 0 else { return nil }
            node = nodes[Int(node.a)]
        }
        // Emptied only when something is in them: emptying an empty array keeping its capacity makes a buffer.
        if !pureReads.isEmpty { pureReads.removeAll(keepingCapacity: true) }
        if !freeReads.isEmpty { freeReads.removeAll(keepingCapacity: true) }
        let kind: SyntaxTopLevelDeclaration.Kind
        let name: Int32
        var baseClass: Int32 = -1
        switch node.kind {
        case .functionDeclaration:
            kind = .function
            name = node.a
        case .variableDeclaration:
            guard node.op != SyntaxVariableKind.var.rawValue else { return nil }
            let declarators = listRange(node.a)
            guard declarators.count == 1 else { return nil }
            let only = lists[declarators.lowerBound]
            let declarator = nodes[Int(only)]
            guard declarator.a >= 0, nodes[Int(declarator.a)].kind == .bindingIdentifier, declarator.b >= 0,
                isPureInitializer(declarator.b)
            else { return nil }
            kind = .lexical
            name = declarator.a
        case .classDeclaration:
            if node.b >= 0 {
                let base = nodes[Int(node.b)]
                guard base.kind == .identifier, !base.flags.contains(.parenthesized), let token = referenceToken(node.b) else {
                    return nil
                }
                baseClass = token
            }
            guard isPureClassBody(node.c) else { return nil }
            kind = .class
            name = node.a
        default:
            return nil
        }
        guard name >= 0, let nameToken = bindingToken(name) else { return nil }
        let statementNode = nodes[Int(statement)]
        // The statement's first token is a few before its name's, its end a few after (or past a function's body):
        // both found from the name's token rather than by a search over every token of the file (step 5i).
        guard let first = Self.token(startingAt: statementNode.start, atOrBefore: Int(nameToken), in: tokens) else { return nil }
        let end = Self.tokenIndex(atOrAfter: statementNode.end, from: Int(nameToken) + 1, in: tokens)
        return SyntaxTopLevelDeclaration(
            kind: kind, range: first..<end, nameToken: nameToken, pureReads: pureReads, freeReads: freeReads, baseClass: baseClass)
    }

    // MARK: - Initializers

    /// A `const`/`let` initializer: an arrow function, a literal, or a pure-annotated call of literals.
    private mutating func isPureInitializer(_ id: Int32) -> Bool {
        let node = nodes[Int(id)]
        if node.flags.contains(.parenthesized) { return false }
        if node.kind == .arrowFunction { return true }
        if isLiteral(id) { return true }
        guard node.kind == .callExpression || node.kind == .newExpression, let first = Self.token(startingAt: node.start, in: tokens),
            Self.hasPureAnnotation(before: Int(first), tokens: tokens, bytes: source)
        else { return false }
        return isPureCall(id)
    }

    /// An arrow function or a literal: a static field's initializer.
    private mutating func isPure(_ id: Int32) -> Bool {
        let node = nodes[Int(id)]
        if node.kind == .arrowFunction, !node.flags.contains(.parenthesized) { return true }
        return isLiteral(id)
    }

    /// `[new] name[.name...](literals)`, without `?.` and parentheses.
    private mutating func isPureCall(_ id: Int32) -> Bool {
        let node = nodes[Int(id)]
        guard !node.flags.contains(.optional), node.kind == .callExpression || node.flags.contains(.hasArguments) else {
            return false
        }
        var callee = nodes[Int(node.a)]
        while callee.kind == .memberExpression {
            guard !callee.flags.contains(.parenthesized), !callee.flags.contains(.optional), !callee.flags.contains(.computed),
                nodes[Int(callee.b)].kind == .identifierName
            else { return false }
            callee = nodes[Int(callee.a)]
        }
        guard callee.kind == .identifier, !callee.flags.contains(.parenthesized) else { return false }
        for k in listRange(node.b) where !isLiteral(lists[k]) { return false }
        return true
    }

    /// Whether the expression is a literal whose evaluation has no side effect once its reads (added to
    /// `pureReads`) are vouched for. Nesting is bounded by the parser's depth limit.
    private mutating func isLiteral(_ id: Int32) -> Bool {
        let node = nodes[Int(id)]
        if node.flags.contains(.parenthesized) { return false }
        switch node.kind {
        case .stringLiteral, .numberLiteral, .booleanLiteral, .nullLiteral:
            return true
        case .templateLiteral:
            // Without substitutions: one token.
            guard let first = Self.token(startingAt: node.start, in: tokens) else { return false }
            return tokens[Int(first)].kind == .template
        case .identifier:
            guard let token = referenceToken(id) else { return false }
            pureReads.append(token)
            return true
        case .arrayExpression:
            for k in listRange(node.a) {
                let element = lists[k]
                guard nodes[Int(element)].kind == .elision || isLiteral(element) else { return false }
            }
            return true
        case .objectExpression:
            for k in listRange(node.a) {
                let member = lists[k]
                let property = nodes[Int(member)]
                guard property.kind == .property, property.op == SyntaxPropertyKind.initializer.rawValue, property.b >= 0 else {
                    return false
                }
                if property.flags.contains(.shorthand) {
                    // `{a}`: a read; `{a = 1}` (a cover initializer) is not a literal.
                    guard nodes[Int(property.b)].kind == .identifier, isLiteral(property.b) else { return false }
                    continue
                }
                if property.flags.contains(.computed) {
                    guard isLiteral(property.a) else { return false }
                } else {
                    switch nodes[Int(property.a)].kind {
                    case .identifierName, .stringLiteral, .numberLiteral: break
                    default: return false
                    }
                }
                guard isLiteral(property.b) else { return false }
            }
            return true
        case .unaryExpression:
            // `-1`.
            return node.operator == .minus && isNumber(node.a)
        case .binaryExpression:
            // `a - 1`.
            return node.operator == .subtract && isNumber(node.b) && isLiteral(node.a)
        default:
            return false
        }
    }

    private func isNumber(_ id: Int32) -> Bool {
        let node = nodes[Int(id)]
        return node.kind == .numberLiteral && !node.flags.contains(.parenthesized)
    }

    // MARK: - Classes

    /// Whether defining the class with members `list` evaluates nothing that may have an effect.
    private mutating func isPureClassBody(_ list: Int32) -> Bool {
        for k in listRange(list) {
            let id = lists[k]
            let member = nodes[Int(id)]
            switch member.kind {
            case .methodDefinition, .propertyDefinition:
                if member.flags.contains(.computed) {
                    guard isWellKnownSymbol(member.a) else { return false }
                }
                // Instance fields are initialised on construction; a static one now.
                if member.kind == .propertyDefinition, member.flags.contains(.isStatic), member.b >= 0 {
                    guard isPure(member.b) else { return false }
                }
            case .emptyStatement:
                continue
            default:
                return false
            }
        }
        return true
    }

    /// `Symbol.name` (a computed key's expression), with `Symbol` to be free (added to `freeReads`).
    private mutating func isWellKnownSymbol(_ id: Int32) -> Bool {
        let node = nodes[Int(id)]
        guard node.kind == .memberExpression, !node.flags.contains(.parenthesized), !node.flags.contains(.computed),
            !node.flags.contains(.optional), nodes[Int(node.b)].kind == .identifierName
        else { return false }
        let object = nodes[Int(node.a)]
        guard object.kind == .identifier, !object.flags.contains(.parenthesized),
            source[Int(object.start)..<Int(object.end)].elementsEqual("Symbol".utf8), let token = referenceToken(node.a)
        else { return false }
        freeReads.append(token)
        return true
    }

    // MARK: - Tokens

    /// The token of the reference an `identifier` node makes.
    private func referenceToken(_ id: Int32) -> Int32? {
        let reference = Int(nodes[Int(id)].b)
        guard reference >= 0, reference < references.count else { return nil }
        return references[reference].token
    }

    /// The token of binding node `id`'s name: its symbol's token (`symbolTokens`) when that token is the
    /// one starting where the node does (a name declared again binds to the first declaration's symbol), else
    /// found by its offset. Inlined: called from a mutating method, a call copied the reader.
    @inline(__always)
    private func bindingToken(_ id: Int32) -> Int32? {
        let node = nodes[Int(id)]
        let symbol = Int(node.b)
        if symbol >= 0, symbol < symbolTokens.count {
            let token = Int(symbolTokens[symbol])
            if token >= 0, token < tokens.count, tokens[token].start == Int(node.start),
                token == 0 || tokens[token - 1].start < Int(node.start)
            {
                return Int32(truncatingIfNeeded: token)
            }
        }
        return Self.token(startingAt: node.start, in: tokens)
    }

    /// The index of the token starting at byte `offset`.
    private static func token(startingAt offset: UInt32, in tokens: [JavaScriptToken]) -> Int32? {
        let index = tokenIndex(atOrAfter: offset, in: tokens)
        guard Int(index) < tokens.count, tokens[Int(index)].start == Int(offset) else { return nil }
        return index
    }

    /// `token(startingAt:in:)` where token `last` starts at or after `offset`: the first token starting at or after
    /// it is found by walking back from `last` (a statement's first token from its name's: a few steps).
    private static func token(startingAt offset: UInt32, atOrBefore last: Int, in tokens: [JavaScriptToken]) -> Int32? {
        let offset = Int(offset)
        guard last >= 0, last < tokens.count, tokens[last].start >= offset else {
            return token(startingAt: UInt32(truncatingIfNeeded: offset), in: tokens)
        }
        var index = last
        while index > 0, tokens[index - 1].start >= offset { index -= 1 }
        guard tokens[index].start == offset else { return nil }
        return Int32(truncatingIfNeeded: index)
    }

    /// The index of the first token starting at or after byte `offset` (the count when none does).
    private static func tokenIndex(atOrAfter offset: UInt32, in tokens: [JavaScriptToken]) -> Int32 {
        search(atOrAfter: Int(offset), low: 0, high: tokens.count, in: tokens)
    }

    /// `tokenIndex(atOrAfter:in:)` where every token before `from` starts before `offset` (searched from `from` in
    /// steps that double, then halved: short when the token is near).
    private static func tokenIndex(atOrAfter offset: UInt32, from: Int, in tokens: [JavaScriptToken]) -> Int32 {
        let offset = Int(offset)
        guard from > 0, from <= tokens.count, tokens[from - 1].start < offset else {
            return search(atOrAfter: offset, low: 0, high: tokens.count, in: tokens)
        }
        // Every token below `low` starts before `offset`; the one at `low + step - 1` is tested next.
        var low = from, step = 1
        while low + step - 1 < tokens.count {
            if tokens[low + step - 1].start >= offset { return search(atOrAfter: offset, low: low, high: low + step - 1, in: tokens) }
            low += step
            step *= 2
        }
        return search(atOrAfter: offset, low: low, high: tokens.count, in: tokens)
    }

    /// The first index in `low..<high` whose token starts at or after `offset` (`high` when none does), where every
    /// token before `low` starts before it and the one at `high` (if any) at or after it.
    private static func search(atOrAfter offset: Int, low start: Int, high end: Int, in tokens: [JavaScriptToken]) -> Int32 {
        var low = start, high = end
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return Int32(truncatingIfNeeded: low)
    }

    /// Whether a block comment between token `index - 1` and token `index` is a pure annotation (`@__PURE__` or
    /// `#__PURE__` in it).
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
}
