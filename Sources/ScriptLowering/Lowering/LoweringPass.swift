import ScriptSyntax

/// The state of one `SyntaxLowering` run and its walk over the tree: every node is visited once, children
/// first where order does not matter, and a visit returns the node that replaces it (itself when unchanged).
/// The rewrites by feature are in the `*Lowering.swift` files beside this one.
@usableFromInline package struct LoweringPass {
    package var tree: SyntaxTree
    /// The features to rewrite.
    package let lowering: Set<SyntaxFeature>
    /// The configured target, for errors.
    package let target: ScriptTarget
    /// Rewrite `**` and `**=` too (asked for, and the file declares no `Math` of its own).
    let lowersExponentiation: Bool
    /// Fresh names for temporaries and helpers.
    var names: TemporaryNames
    /// Where temporaries are declared, innermost last (the program's first).
    var contexts: [TemporaryContext] = []
    /// The helpers used so far, in the order first used.
    package var helpers: [LoweringHelper] = []
    /// Each used helper's name in the output.
    package var helperNames: [LoweringHelper: String] = [:]
    /// Whether the program declares the helpers it uses (at its top); otherwise the bundle declares them once
    /// (`LoweringHelper.declarations(_:style:)`) and the program only calls them.
    package var declaresHelpers = true
    /// The earliest use of a feature the target lacks that is not lowered (offset, feature).
    package var unsupported: (offset: UInt32, feature: SyntaxFeature)?
    /// The private names of the classes around the node visited, innermost last: a lowered class's members, nil
    /// for the names a class that is not lowered declares.
    var privateScopes: [[String: PrivateMember?]] = []
    /// Statements a lowered class declaration puts before and after itself in its statement list.
    var spliceBefore: [Int32] = []
    var spliceAfter: [Int32] = []
    /// The temporaries of the classes being lowered, innermost last.
    var classTemporaries: [[String]] = []
    /// The list `visitList` is visiting.
    var currentList: Int32 = -1

    package init(tree: SyntaxTree, lowering: Set<SyntaxFeature>, target: ScriptTarget, exponentiation: Bool) {
        self.tree = tree
        // The pass adds nodes and lists to a tree its caller still holds: the first addition copies the arrays, with
        // room for half more, so they are seldom copied again as they grow.
        self.tree.nodes.reserveCapacity(tree.nodes.count + tree.nodes.count / 2)
        self.tree.lists.reserveCapacity(tree.lists.count + tree.lists.count / 2)
        self.lowering = lowering
        self.target = target
        lowersExponentiation = exponentiation && !tree.symbols.contains { tree.names[Int($0.name)] == "Math" }
        names = TemporaryNames(taken: tree.names)
    }

    package func lowers(_ feature: SyntaxFeature) -> Bool { lowering.contains(feature) }

    /// Lowers the whole program, then throws at the earliest syntax left that the target lacks.
    package mutating func run(path: String) throws(BundlerError) {
        guard tree.root >= 0 else { return }
        contexts.append(TemporaryContext())
        let statements = visitList(tree[tree.root].a)
        let context = contexts.removeLast()
        var prologue = declaresHelpers ? helperDeclarations() : []
        if let declaration = variableDeclaration(context.temporaries, at: tree[tree.root].range) { prologue.append(declaration) }
        var node = tree[tree.root]
        node.a = prologue.isEmpty ? statements : insertingAfterDirectives(prologue, into: statements)
        tree.replace(tree.root, with: node)
        if let (offset, feature) = unsupported {
            let (line, column) = SourcePosition.lineAndColumn(of: Int(offset), in: tree.source)
            throw BundlerError(
                .unsupportedSyntax, at: SourceLocation(path: path, line: line, column: column),
                "\(feature.displayName) is not available in the configured target \(target) (needs \(feature.availableSince))")
        }
    }

    /// Records a use at `offset` of `feature`, an error unless the target has it (or it is lowered elsewhere).
    package mutating func check(_ feature: SyntaxFeature, at offset: UInt32) {
        guard !target.supports(feature) else { return }
        if let current = unsupported, current.offset <= offset { return }
        unsupported = (offset, feature)
    }

    // MARK: - The walk

    /// Visits every child of list `list` in place; returns the list, or a new one when a lowered class
    /// declaration in it put statements before or after itself.
    @discardableResult
    package mutating func visitList(_ list: Int32) -> Int32 {
        let outer = (spliceBefore, spliceAfter, currentList)
        spliceBefore = []
        spliceAfter = []
        currentList = list
        defer { (spliceBefore, spliceAfter, currentList) = outer }
        let count = tree.list(list).count
        var rebuilt: [Int32]?
        for index in 0..<count {
            let child = tree.lists[Int(list) + 1 + index]
            let replacement = visit(child)
            if !spliceBefore.isEmpty || !spliceAfter.isEmpty {
                if rebuilt == nil { rebuilt = Array(tree.list(list).prefix(index)) }
                rebuilt?.append(contentsOf: spliceBefore + [replacement] + spliceAfter)
                spliceBefore = []
                spliceAfter = []
            } else if rebuilt != nil {
                rebuilt?.append(replacement)
            } else if replacement != child {
                tree.replaceListElement(list, at: index, with: replacement)
            }
        }
        return rebuilt.map { tree.appendList($0) } ?? list
    }

    /// Visits the children of `id` in field order (a, b, c, d), replacing those that change.
    package mutating func visitChildren(_ id: Int32) {
        // Field by field, without an array of the four per node, and without reading the node for unused ones.
        let shape = tree[id].kind.fields
        visitField(id, 0, shape.0)
        visitField(id, 1, shape.1)
        visitField(id, 2, shape.2)
        visitField(id, 3, shape.3)
    }

    /// Visits field `index` of `id`, which holds `field`, replacing it when it changes.
    @inline(__always)
    private mutating func visitField(_ id: Int32, _ index: Int, _ field: SyntaxField) {
        switch field {
        case .node:
            let value = Self.field(tree[id], index)
            guard value >= 0 else { return }
            let replacement = visit(value)
            if replacement != value {
                var node = tree[id]
                Self.setField(&node, index, replacement)
                tree.replace(id, with: node)
            }
        case .list:
            let value = Self.field(tree[id], index)
            let visited = visitList(value)
            if visited != value {
                var node = tree[id]
                Self.setField(&node, index, visited)
                tree.replace(id, with: node)
            }
        default:
            return
        }
    }

    @inlinable package static func field(_ node: SyntaxNode, _ index: Int) -> Int32 {
        switch index {
        case 0: node.a
        case 1: node.b
        case 2: node.c
        default: node.d
        }
    }

    @inlinable package static func setField(_ node: inout SyntaxNode, _ index: Int, _ value: Int32) {
        switch index {
        case 0: node.a = value
        case 1: node.b = value
        case 2: node.c = value
        default: node.d = value
        }
    }

    /// Visits `id` and returns what replaces it.
    package mutating func visit(_ id: Int32) -> Int32 {
        guard id >= 0 else { return id }
        let node = tree[id]
        switch node.kind {
        case .functionDeclaration, .functionExpression, .arrowFunction:
            visitFunction(id)
            return id
        case .classDeclaration, .classExpression:
            if classNeedsLowering(id) { return lowerClass(id) }
            visitClass(id)
            return id
        case .chainExpression where lowers(.optionalChain) || chainHasLoweredPrivate(id):
            return lowerChain(id)
        case .unaryExpression
        where node.op == SyntaxOperator.delete.rawValue && tree[node.a].kind == .chainExpression
            && (lowers(.optionalChain) || chainHasLoweredPrivate(node.a)):
            return lowerChainDelete(id)
        case .callExpression where tree[node.a].kind == .chainExpression && (lowers(.optionalChain) || chainHasLoweredPrivate(node.a)):
            return lowerParenthesizedChainCall(id)
        case .taggedTemplate where tree[node.a].kind == .chainExpression && (lowers(.optionalChain) || chainHasLoweredPrivate(node.a)):
            return lowerParenthesizedChainTag(id)
        case .memberExpression:
            if let member = privateAccess(id) { return privateRead(visit(node.a), member, at: node.range) }
            visitChildren(id)
            return id
        case .callExpression where privateAccess(node.a) != nil:
            guard let member = privateAccess(node.a) else { return id }
            return lowerPrivateCall(id, member)
        case .taggedTemplate where privateAccess(node.a) != nil:
            guard let member = privateAccess(node.a) else { return id }
            return lowerPrivateTag(id, member)
        case .updateExpression:
            wrapPrivateTargets(id)
            if let member = privateAccess(node.a) {
                var changed = node
                changed.a = privateWrapper(node.a, member)
                tree.replace(id, with: changed)
            }
            visitChildren(id)
            return id
        case .arrayPattern, .assignmentPattern, .restElement:
            wrapPrivateTargets(id)
            visitChildren(id)
            return id
        case .logicalExpression where node.op == SyntaxOperator.nullish.rawValue && lowers(.nullishCoalescing):
            let left = visit(node.a)
            let right = visit(node.b)
            return nullish(left, right, at: node.range)
        case .assignmentExpression:
            return visitAssignment(id)
        case .binaryExpression:
            if node.op == SyntaxOperator.in.rawValue, tree[node.a].kind == .privateName {
                if let member = loweredPrivate(node.a) {
                    let storage = identifier(member.storage, at: tree[node.a].range)
                    return call(identifier(helperName(.privateIn), at: node.range), [storage, visit(node.b)], at: node.range)
                }
                check(.classPrivateBrandCheck, at: node.start)
            }
            if node.op == SyntaxOperator.exponent.rawValue, lowersExponentiation {
                let left = visit(node.a)
                let right = visit(node.b)
                return power(left, right, at: node.range)
            }
            visitChildren(id)
            return id
        case .catchClause:
            visitChildren(id)
            if node.a < 0 {
                if lowers(.optionalCatchBinding) {
                    var clause = tree[id]
                    clause.a = tree.appendSynthetic(.bindingIdentifier, text: reserveName(), at: node.range)
                    tree.replace(id, with: clause)
                } else {
                    check(.optionalCatchBinding, at: node.start)
                }
            }
            return id
        case .numberLiteral:
            return visitNumber(id)
        case .regexLiteral:
            checkRegularExpression(id)
            return id
        case .objectExpression:
            visitChildren(id)
            if tree.list(tree[id].a).contains(where: { tree[$0].kind == .spreadElement }) {
                if lowers(.objectRestSpread) { return lowerObjectSpread(id) }
                check(.objectRestSpread, at: node.start)
            }
            return id
        case .objectPattern:
            if let rest = tree.list(node.a).first(where: { tree[$0].kind == .restElement }) {
                check(.objectRestSpread, at: tree[rest].start)
            }
            wrapPrivateTargets(id)
            visitChildren(id)
            return id
        case .forOfStatement, .forInStatement:
            visitLoop(id)
            return node.flags.contains(.isAwait) && lowers(.forAwait) ? lowerForAwait(id) : id
        case .labeledStatement where labeledForAwait(id) != nil:
            guard let (labels, loop) = labeledForAwait(id) else { return id }
            visitLoop(loop)
            return lowerForAwait(loop, labels: labels)
        case .exportNamedDeclaration where node.a >= 0 && tree[node.a].kind == .variableDeclaration:
            // `export const {a, ...r} = o` would export the temporaries too: its rest is not lowered (an error).
            visitChildren(node.a)
            return id
        case .variableDeclaration:
            if lowers(.objectRestSpread), tree.list(node.a).contains(where: { hasObjectRest(tree[$0].a) }) {
                lowerRestDeclaration(id)
            }
            visitChildren(id)
            return id
        case .staticBlock:
            check(.classStaticBlocks, at: node.start)
            visitBody(block: node.a)
            return id
        default:
            visitChildren(id)
            return id
        }
    }

    /// `a = b`, compound and logical assignments.
    private mutating func visitAssignment(_ id: Int32) -> Int32 {
        let node = tree[id]
        let op = node.operator ?? .assign
        if let member = privateAccess(node.a) {
            if op == .assign {
                let object = visit(tree[node.a].a)
                return privateWrite(object, member, visit(node.b), at: node.range)
            }
            var changed = node
            changed.a = privateWrapper(node.a, member)
            tree.replace(id, with: changed)
            return visitAssignment(id)
        }
        switch op {
        case .assign where lowers(.objectRestSpread) && tree[node.a].kind == .objectPattern && hasObjectRest(node.a):
            guard let lowered = lowerRestAssignment(id) else {
                visitChildren(id)
                return id
            }
            return visit(lowered)
        case .logicalAndAssign, .logicalOrAssign, .nullishAssign:
            guard lowers(.logicalAssignment) else {
                visitChildren(id)
                return id
            }
            return lowerLogicalAssignment(id)
        case .exponentAssign where lowersExponentiation:
            return lowerExponentAssignment(id)
        default:
            visitChildren(id)
            return id
        }
    }

    // MARK: - Functions and classes

    /// A function: its parameters (expressions in them get temporaries of their own; object rest patterns move
    /// into the body), then its body with a context of its own.
    mutating func visitFunction(_ id: Int32) {
        let node = tree[id]
        let lowersAsync = lowersAsyncGenerator(id)
        defer { if lowersAsync { lowerAsyncGenerator(id) } }
        var prologue: [Int32] = []
        var reserved: [String] = []
        if lowers(.objectRestSpread), tree.list(node.b).contains(where: { hasObjectRest($0) }) {
            let before = contexts[contexts.count - 1].reserved.count
            if let declaration = lowerRestParameters(id) { prologue.append(declaration) }
            reserved = Array(contexts[contexts.count - 1].reserved[before...])
        }
        for parameter in tree.list(tree[id].b) { visitParameterPattern(parameter) }
        if node.kind == .arrowFunction, node.flags.contains(.expressionBody) {
            var arrow = tree[id]
            if !prologue.isEmpty {
                // `({a, ...r}) => expr` becomes `(_a) => { var {a} = _a, r = ...; return expr; }`.
                let range = tree[arrow.c].range
                let result = tree.append(SyntaxNode(.returnStatement, start: Int(range.start), end: Int(range.end), a: arrow.c))
                let statements = tree.appendList(prologue + [result])
                arrow.c = tree.append(SyntaxNode(.blockStatement, start: Int(range.start), end: Int(range.end), a: statements))
                arrow.flags.remove(.expressionBody)
                tree.replace(id, with: arrow)
                visitBody(block: arrow.c, reserved: reserved)
                return
            }
            contexts.append(TemporaryContext(reserved: reserved))
            let body = visit(node.c)
            let context = contexts.removeLast()
            if let declaration = variableDeclaration(context.temporaries, at: tree[body].range) {
                // `() => expr` becomes `() => { var _a; return expr; }`.
                let range = tree[body].range
                let result = tree.append(
                    SyntaxNode(.returnStatement, start: Int(range.start), end: Int(range.end), a: body))
                let statements = tree.appendList([declaration, result])
                arrow.c = tree.append(SyntaxNode(.blockStatement, start: Int(range.start), end: Int(range.end), a: statements))
                arrow.flags.remove(.expressionBody)
            } else {
                arrow.c = body
            }
            tree.replace(id, with: arrow)
        } else if node.c >= 0 {
            if !prologue.isEmpty {
                var block = tree[node.c]
                block.a = insertingAfterDirectives(prologue, into: block.a)
                tree.replace(node.c, with: block)
            }
            visitBody(block: node.c, reserved: reserved)
        }
    }

    /// A function body or static block (a block node): its statements with a context of its own (`reserved`:
    /// names it must not choose, the parameters lowering added), and the context's temporaries declared at its
    /// top (after its directives).
    mutating func visitBody(block: Int32, reserved: [String] = []) {
        contexts.append(TemporaryContext(reserved: reserved))
        let statements = visitList(tree[block].a)
        let context = contexts.removeLast()
        var node = tree[block]
        node.a = statements
        if let declaration = variableDeclaration(context.temporaries, at: tree[block].range) {
            node.a = insertingAfterDirectives([declaration], into: statements)
        }
        tree.replace(block, with: node)
    }

    /// The expressions inside a parameter pattern (defaults, computed keys), each with temporaries of its own.
    mutating func visitParameterPattern(_ id: Int32) {
        guard id >= 0 else { return }
        let node = tree[id]
        switch node.kind {
        case .assignmentPattern:
            visitParameterPattern(node.a)
            let value = visitWrapped(node.b)
            if value != node.b {
                var pattern = tree[id]
                pattern.b = value
                tree.replace(id, with: pattern)
            }
        case .arrayPattern:
            for element in tree.list(node.a) { visitParameterPattern(element) }
        case .objectPattern:
            if let rest = tree.list(node.a).first(where: { tree[$0].kind == .restElement }) {
                check(.objectRestSpread, at: tree[rest].start)
            }
            for member in tree.list(node.a) {
                let property = tree[member]
                if property.kind == .property {
                    if property.flags.contains(.computed) {
                        let key = visitWrapped(property.a)
                        if key != property.a {
                            var changed = tree[member]
                            changed.a = key
                            tree.replace(member, with: changed)
                        }
                    }
                    visitParameterPattern(property.b)
                } else {
                    visitParameterPattern(property.a)
                }
            }
        case .restElement:
            visitParameterPattern(node.a)
        default:
            break
        }
    }

    /// Visits expression `id` with a context of its own; when it needs temporaries, it becomes
    /// `((_a, _b) => expression)()`, so they are the arrow's parameters (a parameter default or field initializer
    /// has no body to declare them in).
    mutating func visitWrapped(_ id: Int32) -> Int32 {
        guard id >= 0 else { return id }
        contexts.append(TemporaryContext())
        let value = visit(id)
        let context = contexts.removeLast()
        guard !context.temporaries.isEmpty else { return value }
        let range = tree[value].range
        let parameters = tree.appendList(context.temporaries.map { tree.appendSynthetic(.bindingIdentifier, text: $0, at: range) })
        let arrow = tree.append(
            SyntaxNode(.arrowFunction, flags: .expressionBody, start: Int(range.start), end: Int(range.end), b: parameters, c: value))
        return tree.append(SyntaxNode(.callExpression, start: Int(range.start), end: Int(range.end), a: arrow, b: 0))
    }

    /// A class: the superclass and computed keys in the enclosing context, methods as functions, field
    /// initializers wrapped, static blocks as bodies; class fields and private members are checked.
    mutating func visitClass(_ id: Int32) {
        let node = tree[id]
        if node.b >= 0 {
            let superclass = visit(node.b)
            if superclass != node.b {
                var changed = tree[id]
                changed.b = superclass
                tree.replace(id, with: changed)
            }
        }
        var declared: [String: PrivateMember?] = [:]
        for member in tree.list(node.c) where tree[member].kind != .staticBlock && tree[tree[member].a].kind == .privateName {
            declared[tree.name(tree[member].a)] = .some(nil)
        }
        privateScopes.append(declared)
        defer { privateScopes.removeLast() }
        for member in tree.list(node.c) {
            let m = tree[member]
            switch m.kind {
            case .methodDefinition:
                if tree[m.a].kind == .privateName { check(.classPrivateMethod, at: m.start) }
                visitMemberKey(member)
                visitFunction(m.b)
            case .propertyDefinition:
                if tree[m.a].kind == .privateName {
                    check(.classPrivateField, at: m.start)
                } else {
                    check(m.flags.contains(.isStatic) ? .classStaticField : .classField, at: m.start)
                }
                visitMemberKey(member)
                let value = visitWrapped(m.b)
                if value != m.b {
                    var changed = tree[member]
                    changed.b = value
                    tree.replace(member, with: changed)
                }
            case .staticBlock:
                check(.classStaticBlocks, at: m.start)
                visitBody(block: m.a)
            default:
                _ = visit(member)
            }
        }
    }

    private mutating func visitMemberKey(_ member: Int32) {
        let m = tree[member]
        guard m.flags.contains(.computed) else { return }
        let key = visit(m.a)
        if key != m.a {
            var changed = tree[member]
            changed.a = key
            tree.replace(member, with: changed)
        }
    }

    /// A `for`-`in`/`of` loop's head and body (`for await` is checked, or lowered by the caller afterwards).
    private mutating func visitLoop(_ id: Int32) {
        let node = tree[id]
        if node.flags.contains(.isAwait), !lowers(.forAwait) { check(.forAwait, at: node.start) }
        wrapPrivateTargets(id)
        if lowers(.objectRestSpread), loopHeadHasObjectRest(node.a) { lowerRestLoopHead(id) }
        visitChildren(id)
    }

    /// Whether a `for`-`in`/`of` head (a declaration or a pattern) holds an object rest.
    private func loopHeadHasObjectRest(_ head: Int32) -> Bool {
        let node = tree[head]
        if node.kind == .variableDeclaration { return tree.list(node.a).contains { hasObjectRest(tree[$0].a) } }
        return hasObjectRest(head)
    }

    // MARK: - Literals

    /// A number: BigInt is checked; numeric separators are dropped when lowered.
    private mutating func visitNumber(_ id: Int32) -> Int32 {
        let node = tree[id]
        let bytes = tree.bytes(id)
        if bytes.last == UInt8(ascii: "n") { check(.bigint, at: node.start) }
        guard bytes.contains(UInt8(ascii: "_")) else { return id }
        guard lowers(.numericSeparator) else {
            check(.numericSeparator, at: node.start)
            return id
        }
        let text = String(decoding: bytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        return tree.appendSynthetic(.numberLiteral, text: text, at: node.range)
    }

    /// A regular expression's flags and groups (none of which is lowered).
    private mutating func checkRegularExpression(_ id: Int32) {
        let source = Array(tree.bytes(id))
        guard let tokens = try? JavaScriptTokenizer.tokenize(source, includeComments: false).tokens else { return }
        for use in SyntaxFeatureScan(source, tokens: tokens).uses.uses { check(use.feature, at: tree[id].start) }
    }

    // MARK: - Declarations of temporaries

    /// `var _a, _b;` for `temporaries` (nil when there are none).
    package mutating func variableDeclaration(_ temporaries: [String], at range: SourceRange) -> Int32? {
        guard !temporaries.isEmpty else { return nil }
        let declarators = temporaries.map { name in
            let binding = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            return tree.append(SyntaxNode(.variableDeclarator, start: Int(range.start), end: Int(range.end), a: binding))
        }
        let list = tree.appendList(declarators)
        return tree.append(
            SyntaxNode(.variableDeclaration, op: SyntaxVariableKind.var.rawValue, start: Int(range.start), end: Int(range.end), a: list))
    }

    /// A new list: `statements` with `inserted` after its directive prologue (`"use strict";` must stay first).
    mutating func insertingAfterDirectives(_ inserted: [Int32], into statements: Int32) -> Int32 {
        let existing = Array(tree.list(statements))
        var directives = 0
        while directives < existing.count {
            let statement = tree[existing[directives]]
            guard statement.kind == .expressionStatement else { break }
            let expression = tree[statement.a]
            guard expression.kind == .stringLiteral, !expression.flags.contains(.parenthesized) else { break }
            directives += 1
        }
        return tree.appendList(existing[..<directives] + inserted + existing[directives...])
    }
}

/// Line and UTF-16 column of a byte offset, as the tokenizer reports them (1-based both).
package enum SourcePosition {
    package static func lineAndColumn(of offset: Int, in source: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        let end = min(offset, source.count)
        var i = 0
        while i < end {
            let b = source[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= source.count || source[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            } else if b == 0xE2, i + 2 < source.count, source[i + 1] == 0x80, source[i + 2] == 0xA8 || source[i + 2] == 0xA9 {
                line += 1
                lineStart = i + 3
                i += 2
            }
            i += 1
        }
        var units = 0
        for b in source[lineStart..<max(lineStart, end)] where b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
        return (line, units + 1)
    }
}
