import ScriptSyntax

/// Async generators, for targets without async iteration (safari11, 11.1): `async function* f(a) { body }` becomes
/// `function f(a) { return __asyncGenerator(this, arguments, function* () { body }); }` (methods alike), where in
/// the body (not in the functions inside it) `await x` is `yield new __await(x)`, `yield* x` is
/// `yield* __yieldStar(x)` and `return x` is `return yield new __await(x)` (an async generator's `return` awaits its
/// value). `__asyncGenerator` drives the generator as the language drives an async generator: requests queue,
/// `yield x` awaits `x` before it settles the request, a `return` request at a `yield` awaits its value and returns
/// there (so `finally` blocks run), `throw` and `return` before the start or after the end settle at once.
/// `__yieldStar` is a sync iterator of markers the driver awaits, so `yield*` forwards `next`, `throw` and `return`
/// to the async iterable (its sync iterator when it has no `Symbol.asyncIterator`), without awaiting the values it
/// yields, as the language does.
///
/// The parameters stay the outer function's (their errors are thrown by the call, as an async generator's are);
/// plain ones (names only) are the generator's too, called with `arguments`, so a `var` of the body that names one is
/// that parameter; otherwise `arguments` is passed only when the body reads it. A method's `super` is read through
/// an arrow function of the method (`var _super = (key) => super[key];`, `super.m(a)` is
/// `_super("m").call(this, a)`); a method that writes to a `super` member (or deletes one, tags a template with one,
/// or uses `super` in a class inside its body outside that class's methods) is not lowered (an error).
extension LoweringPass {
    /// Whether `id` is an async generator to lower (else records its use as an error when the target lacks it).
    mutating func lowersAsyncGenerator(_ id: Int32) -> Bool {
        let node = tree[id]
        guard node.flags.contains(.isAsync), node.flags.contains(.generator) else { return false }
        guard lowers(.asyncGenerator), node.c >= 0 else {
            check(.asyncGenerator, at: node.start)
            return false
        }
        var scan = AsyncBodyScan()
        scan.walk(node.c, in: tree)
        if scan.keepsSuper {
            check(.asyncGenerator, at: node.start)
            return false
        }
        return true
    }

    /// Rewrites the (visited) async generator `id` into a function returning `__asyncGenerator(...)`.
    mutating func lowerAsyncGenerator(_ id: Int32) {
        var function = tree[id]
        let range = function.range
        let body = tree[function.c]
        var scan = AsyncBodyScan()
        scan.walk(function.c, in: tree)
        markAwaits(function.c)
        var superGetter: Int32?
        if scan.usesSuper {
            // `super.x` moves into the nested generator through an arrow function of the method, which sees its
            // `super`: `var _super = (key) => super[key];`, `super.m(a)` -> `_super("m").call(this, a)`.
            let name = names.helper("_super")
            rewriteSuper(function.c, getter: name)
            let key = names.helper("key")
            let parameter = tree.appendSynthetic(.bindingIdentifier, text: key, at: range)
            let read = node(
                .memberExpression, flags: .computed, at: range, a: tree.appendSynthetic(.superExpression, text: "super", at: range),
                b: identifier(key, at: range))
            let arrow = tree.append(
                SyntaxNode(
                    .arrowFunction, flags: .expressionBody, start: Int(range.start), end: Int(range.end), b: tree.appendList([parameter]),
                    c: read))
            let declarator = node(
                .variableDeclarator, at: range, a: tree.appendSynthetic(.bindingIdentifier, text: name, at: range), b: arrow)
            superGetter = tree.append(
                SyntaxNode(
                    .variableDeclaration, op: SyntaxVariableKind.var.rawValue, start: Int(range.start), end: Int(range.end),
                    a: tree.appendList([declarator])))
        }
        let statements = Array(tree.list(body.a))
        let directives = statements.prefix { statement in
            let node = tree[statement]
            guard node.kind == .expressionStatement else { return false }
            let expression = tree[node.a]
            return expression.kind == .stringLiteral && !expression.flags.contains(.parenthesized)
        }
        let innerBody = node(.blockStatement, at: body.range, a: tree.appendList(statements[directives.count...]))
        // Plain parameters are the generator's too (called with `arguments`), so a `var` of the body that names one
        // is that parameter, as in the source; patterns and defaults stay the outer function's only.
        let parameters = Array(tree.list(function.b))
        let plain = !parameters.isEmpty && parameters.allSatisfy { tree[$0].kind == .bindingIdentifier }
        let innerParameters =
            plain ? parameters.map { tree.appendSynthetic(.bindingIdentifier, text: tree.name($0), at: tree[$0].range) } : []
        let inner = tree.append(
            SyntaxNode(
                .functionExpression, flags: .generator, start: Int(range.start), end: Int(range.end),
                b: tree.appendList(innerParameters), c: innerBody))
        let this = tree.appendSynthetic(.thisExpression, text: "this", at: range)
        let arguments =
            scan.usesArguments || plain
            ? identifier("arguments", at: range) : tree.appendSynthetic(.nullLiteral, text: "null", at: range)
        let driver = call(identifier(asyncHelperName(.asyncGenerator), at: range), [this, arguments, inner], at: range)
        let result = node(.returnStatement, at: range, a: driver)
        function.c = node(
            .blockStatement, at: body.range, a: tree.appendList(Array(directives) + (superGetter.map { [$0] } ?? []) + [result]))
        function.flags.remove([.isAsync, .generator])
        tree.replace(id, with: function)
    }

    /// In the body at `id` (and its arrow functions, not its other functions and classes): `super.m(a)` ->
    /// `getter("m").call(this, a)`, `super[k]` -> `getter(k)`. Writes to `super` members are not lowered
    /// (`AsyncBodyScan.keepsSuper`).
    private mutating func rewriteSuper(_ id: Int32, getter: String) {
        guard id >= 0 else { return }
        let kind = tree[id].kind
        switch kind {
        case .functionDeclaration, .functionExpression, .classDeclaration, .classExpression: return
        default: break
        }
        var node = tree[id]
        if node.kind == .callExpression, tree[node.a].kind == .memberExpression, tree[tree[node.a].a].kind == .superExpression {
            // `getter(key).call(this, ...arguments)`.
            rewriteSuper(node.a, getter: getter)
            let arguments = Array(tree.list(node.b))
            for argument in arguments { rewriteSuper(argument, getter: getter) }
            node = tree[id]
            let this = tree.appendSynthetic(.thisExpression, text: "this", at: node.range)
            node.a = member(node.a, "call", at: tree[node.a].range)
            node.b = tree.appendList([this] + arguments)
            tree.replace(id, with: node)
            return
        }
        let shape = kind.fields
        for (index, field) in [shape.0, shape.1, shape.2, shape.3].enumerated() {
            let value = Self.field(tree[id], index)
            switch field {
            case .node: rewriteSuper(value, getter: getter)
            case .list: for child in tree.list(value) { rewriteSuper(child, getter: getter) }
            default: continue
            }
        }
        node = tree[id]
        guard node.kind == .memberExpression, tree[node.a].kind == .superExpression else { return }
        let key: Int32
        if node.flags.contains(.computed) {
            key = node.b
        } else {
            key = tree.appendSynthetic(.stringLiteral, text: "\"\(tree.name(node.b))\"", at: tree[node.b].range)
        }
        let call = self.call(identifier(getter, at: node.range), [key], at: node.range)
        tree.replace(id, with: tree[call])
    }

    /// The name of an async iteration helper, with the helpers it calls registered too.
    mutating func asyncHelperName(_ helper: LoweringHelper) -> String {
        for dependency in helper.asyncIterationDependencies { _ = helperName(dependency) }
        return helperName(helper)
    }

    /// `new __await(value)` (`kind` 1: yield as it is; 2: await, then return).
    private mutating func awaitMarker(_ value: Int32, at range: SourceRange) -> Int32 {
        let callee = identifier(asyncHelperName(.awaitMarker), at: range)
        return node(.newExpression, flags: .hasArguments, at: range, a: callee, b: tree.appendList([value]))
    }

    /// In the body at `id` (not in the functions inside it): `await x` -> `yield new __await(x)`, `yield* x` ->
    /// `yield* __yieldStar(x)`, `return x` -> `return yield new __await(x)`. Children first, in place.
    private mutating func markAwaits(_ id: Int32) {
        guard id >= 0 else { return }
        let kind = tree[id].kind
        if kind == .functionDeclaration || kind == .functionExpression || kind == .arrowFunction { return }
        let shape = kind.fields
        for (index, field) in [shape.0, shape.1, shape.2, shape.3].enumerated() {
            let value = Self.field(tree[id], index)
            switch field {
            case .node: markAwaits(value)
            case .list: for child in tree.list(value) { markAwaits(child) }
            default: continue
            }
        }
        var node = tree[id]
        switch kind {
        case .awaitExpression:
            let marker = awaitMarker(node.a, at: node.range)
            node = SyntaxNode(.yieldExpression, start: Int(node.start), end: Int(node.end), a: marker)
        case .yieldExpression where node.flags.contains(.delegate) && node.a >= 0:
            node.a = call(identifier(asyncHelperName(.yieldStar), at: node.range), [node.a], at: node.range)
        case .returnStatement where node.a >= 0:
            let marker = awaitMarker(node.a, at: node.range)
            node.a = self.node(.yieldExpression, at: node.range, a: marker)
        default:
            return
        }
        tree.replace(id, with: node)
    }
}

/// What an async generator's body uses that its lowering must know: `arguments` (also in arrow functions, which
/// see the function's) and `super`: reads and calls of its members are lowered; `super` written to, deleted, tagging
/// a template, in a destructuring target or inside a class of the body (outside its methods) is not (`keepsSuper`).
struct AsyncBodyScan {
    var usesArguments = false
    var usesSuper = false
    var keepsSuper = false
    private var classDepth = 0

    private static func isSuperMember(_ id: Int32, in tree: SyntaxTree) -> Bool {
        id >= 0 && tree[id].kind == .memberExpression && tree[tree[id].a].kind == .superExpression
    }

    package mutating func walk(_ id: Int32, in tree: SyntaxTree) {
        guard id >= 0 else { return }
        let node = tree[id]
        switch node.kind {
        case .functionDeclaration, .functionExpression:
            return
        case .identifier where tree.name(id) == "arguments":
            usesArguments = true
        case .superExpression:
            usesSuper = true
            if classDepth > 0 { keepsSuper = true }
        case .assignmentExpression, .updateExpression, .taggedTemplate:
            if Self.isSuperMember(node.a, in: tree) { keepsSuper = true }
        case .unaryExpression where node.op == SyntaxOperator.delete.rawValue:
            if Self.isSuperMember(node.a, in: tree) { keepsSuper = true }
        case .arrayPattern, .objectPattern, .assignmentPattern, .restElement, .forOfStatement, .forInStatement:
            var patterns = SuperTargets(tree: tree)
            patterns.walk(node.kind == .forOfStatement || node.kind == .forInStatement ? node.a : id)
            if patterns.found { keepsSuper = true }
        default:
            break
        }
        let isClass = node.kind == .classDeclaration || node.kind == .classExpression
        if isClass { classDepth += 1 }
        defer { if isClass { classDepth -= 1 } }
        let shape = node.kind.fields
        for (index, field) in [shape.0, shape.1, shape.2, shape.3].enumerated() {
            let value = LoweringPass.field(node, index)
            switch field {
            case .node: walk(value, in: tree)
            case .list: for child in tree.list(value) { walk(child, in: tree) }
            default: continue
            }
        }
    }

    /// Whether a pattern (or a loop head) writes to a `super` member.
    private struct SuperTargets {
        package let tree: SyntaxTree
        package var found = false

        package mutating func walk(_ id: Int32) {
            guard id >= 0, !found else { return }
            let node = tree[id]
            switch node.kind {
            case .memberExpression: found = AsyncBodyScan.isSuperMember(id, in: tree)
            case .arrayPattern, .objectPattern: for child in tree.list(node.a) { walk(child) }
            case .property: walk(node.b)
            case .assignmentPattern, .restElement: walk(node.a)
            default: break
            }
        }
    }
}
