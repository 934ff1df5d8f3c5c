import ScriptSyntax

/// Class fields, private members and static blocks, lowered together for a class that uses one the target lacks
/// (a class is lowered whole, so its fields, private members and static code keep their relative order):
///
/// - Instance fields become `__publicField(this, "x", value)` (define semantics, as esbuild's default) and
///   private ones `__privateAdd(this, _x, value)`, in the constructor: at its top in a base class, right after
///   each `super(...)` in a derived one (`(super(a), inits, this)`, or through an arrow function when it calls
///   `super` more than once); a constructor is created when there is none (`constructor(...args) {
///   super(...args); ... }` when derived). A constructor's own names that an initializer reads are renamed.
/// - Computed field keys are stored in temporaries, evaluated where the class evaluates them: each is attached
///   to the next computed key of the class body (`[(_a = k(), m())]() {}`), or evaluated right after the class.
/// - Private methods and accessors stay in the class body under a symbol key (so `super` and the class's
///   own name keep their meaning), and are taken out of it (`__privateExtract`) before any static code runs.
/// - Static fields and static blocks run, in their order, right after the class (`__publicField(C, "x", 1);`,
///   after the private methods' extraction and the static brand), with `this` read as the class (in a class
///   expression, its own name too: `(_c = class {...}, __publicField(_c, "x", 1), _c)`). Where that could differ
///   (`super` or `new.target` in the static code, a declaration's name assigned somewhere or declared again in the
///   static code, an expression whose temporaries are the enclosing function's), they run in a static method the
///   class gets under a symbol key (`static [_b = Symbol()]() { delete this[_b]; ... }`), called once right after
///   the class, where `this` is the class and `super.x` its superclass's, as in the source. Each static block is an
///   arrow function called at once (its `var`s stay its own).
/// - Private fields are WeakMaps, the private methods and accessors of the instances (or of the class) share a
///   WeakMap too (their brand, holding no values), created before the class; `#x in o` asks it
///   (`__privateIn(_x, o)`).
///
/// The class's temporaries belong to each evaluation of the class: `let` right before a declaration (`var` at the
/// top of the program), an arrow function called at once around an expression.
extension LoweringPass {
    /// One private name of a lowered class.
    struct PrivateMember {
        package enum Kind {
            case field, method, accessor
        }
        package var kind: Kind
        /// The WeakMap of a field, or of the brand of a method or accessor.
        var storage: String
        /// A method's function.
        package var function: String?
        /// An accessor's getter and setter.
        package var getter: String?
        var setter: String?
    }

    /// The class features a member uses (private names found by `#x in` are checked apart).
    private func memberFeature(_ member: Int32) -> SyntaxFeature? {
        let m = tree[member]
        switch m.kind {
        case .propertyDefinition:
            if tree[m.a].kind == .privateName { return .classPrivateField }
            return m.flags.contains(.isStatic) ? .classStaticField : .classField
        case .methodDefinition where tree[m.a].kind == .privateName:
            return .classPrivateMethod
        case .staticBlock:
            return .classStaticBlocks
        default:
            return nil
        }
    }

    /// Whether class `id` uses a class feature this pass lowers.
    func classNeedsLowering(_ id: Int32) -> Bool {
        let members = tree.list(tree[id].c)
        if members.contains(where: { memberFeature($0).map(lowers) ?? false }) { return true }
        guard lowers(.classPrivateBrandCheck) else { return false }
        let declared = Set(members.compactMap { tree[tree[$0].a].kind == .privateName ? tree.name(tree[$0].a) : nil })
        guard !declared.isEmpty else { return false }
        var found = false
        forEachNode(under: tree[id].c, isList: true) { node in
            let n = tree[node]
            if n.kind == .binaryExpression, n.op == SyntaxOperator.in.rawValue, tree[n.a].kind == .privateName,
                declared.contains(tree.name(n.a))
            {
                found = true
            }
            return !found
        }
        return found
    }

    /// Calls `body` on every node under `root` (a node, or a list with `isList`), parents first; `body` returns
    /// whether to go into the node's children.
    func forEachNode(under root: Int32, isList: Bool = false, _ body: (Int32) -> Bool) {
        var stack: [Int32] = isList ? Array(tree.list(root).reversed()) : (root >= 0 ? [root] : [])
        while let id = stack.popLast() {
            guard id >= 0, body(id) else { continue }
            let node = tree[id]
            let shape = node.kind.fields
            var children: [Int32] = []
            for (field, value) in [(shape.0, node.a), (shape.1, node.b), (shape.2, node.c), (shape.3, node.d)] {
                switch field {
                case .node where value >= 0: children.append(value)
                case .list: children.append(contentsOf: tree.list(value))
                default: continue
                }
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    // MARK: - Lowering a class

    /// A temporary of the class being lowered, which no other context may choose (methods of the class read it),
    /// and which is none of the enclosing contexts' either.
    private mutating func classTemporary() -> String {
        var index = 0
        while true {
            let (name, next) = names.next(from: index)
            index = next
            if contexts.contains(where: { $0.temporaries.contains(name) || $0.reserved.contains(name) }) { continue }
            names.take(name)
            classTemporaries[classTemporaries.count - 1].append(name)
            return name
        }
    }

    /// Whether `yield` or `await` occurs in `roots` outside nested functions (they would not be allowed in an
    /// arrow function).
    private func containsYieldOrAwait(_ roots: [Int32]) -> Bool {
        var found = false
        for root in roots {
            forEachNode(under: root) { id in
                switch tree[id].kind {
                case .functionDeclaration, .functionExpression, .arrowFunction, .classDeclaration, .classExpression:
                    return id == root && !found
                case .yieldExpression, .awaitExpression:
                    found = true
                default:
                    break
                }
                return !found
            }
        }
        return found
    }

    /// Lowers class `id` (a declaration returns itself and leaves the statements to put before and after it in
    /// `spliceBefore` and `spliceAfter`; an expression returns the sequence that replaces it).
    mutating func lowerClass(_ id: Int32) -> Int32 {
        classTemporaries.append([])
        let lowered = lowerClassBody(id)
        let temporaries = classTemporaries.removeLast()
        let range = tree[id].range
        if tree[id].kind == .classDeclaration {
            // `let` right before the class, so a class declared in a loop's body has its own each time; `var` at the
            // top of the program (a script's top-level `let` would clash with another script's).
            if currentList == tree[tree.root].a {
                contexts[contexts.count - 1].temporaries.append(contentsOf: temporaries)
            } else if let declaration = variableDeclaration(temporaries, at: range) {
                var changed = tree[declaration]
                changed.op = SyntaxVariableKind.let.rawValue
                tree.replace(declaration, with: changed)
                spliceBefore.insert(declaration, at: 0)
            }
            return lowered
        }
        guard !temporaries.isEmpty else { return lowered }
        let node = tree[id]
        let keys = tree.list(node.c).compactMap { tree[$0].flags.contains(.computed) ? tree[$0].a : nil }
        if containsYieldOrAwait([node.b] + keys + (tree[lowered].kind == .sequenceExpression ? Array(tree.list(tree[lowered].a)) : [])) {
            contexts[contexts.count - 1].temporaries.append(contentsOf: temporaries)
            return lowered
        }
        // `(() => { var _a, _b; return ...; })()`: an expression evaluated again gets temporaries of its own.
        var statements: [Int32] = []
        if let declaration = variableDeclaration(temporaries, at: range) { statements.append(declaration) }
        statements.append(self.node(.returnStatement, at: range, a: lowered))
        let body = self.node(.blockStatement, at: range, a: tree.appendList(statements))
        let arrow = self.node(.arrowFunction, at: range, b: 0, c: body)
        return call(arrow, [], at: range)
    }

    private mutating func lowerClassBody(_ id: Int32) -> Int32 {
        let original = tree[id]
        let range = original.range
        let isDeclaration = original.kind == .classDeclaration
        if original.b >= 0 {
            let superclass = visit(original.b)
            var changed = tree[id]
            changed.b = superclass
            tree.replace(id, with: changed)
        }
        let derived = original.b >= 0
        let members = Array(tree.list(original.c))

        // The private names: storage, brands and functions.
        var privates: [String: PrivateMember] = [:]
        var creations: [(name: String, type: String)] = []
        var instanceBrand: String?
        var staticBrand: String?
        for member in members {
            let m = tree[member]
            guard m.kind == .propertyDefinition || m.kind == .methodDefinition, tree[m.a].kind == .privateName else { continue }
            let name = tree.name(m.a)
            if m.kind == .propertyDefinition {
                let storage = classTemporary()
                creations.append((storage, "WeakMap"))
                privates[name] = PrivateMember(kind: .field, storage: storage)
                continue
            }
            let isStatic = m.flags.contains(.isStatic)
            let brand: String
            if let existing = isStatic ? staticBrand : instanceBrand {
                brand = existing
            } else {
                brand = classTemporary()
                creations.append((brand, "WeakMap"))
                if isStatic { staticBrand = brand } else { instanceBrand = brand }
            }
            switch SyntaxPropertyKind(rawValue: m.op) ?? .method {
            case .getter:
                var entry = privates[name] ?? PrivateMember(kind: .accessor, storage: brand)
                entry.getter = classTemporary()
                privates[name] = entry
            case .setter:
                var entry = privates[name] ?? PrivateMember(kind: .accessor, storage: brand)
                entry.setter = classTemporary()
                privates[name] = entry
            default:
                privates[name] = PrivateMember(kind: .method, storage: brand, function: classTemporary())
            }
        }

        // The static code (static fields and blocks, private methods' extraction, the static brand) runs after the
        // class, with `this` read as the class, when nothing in it tells the two apart; else in a static method.
        let outside = staticCodeOutside(id, members: members, isDeclaration: isDeclaration)
        func receiver(_ pass: inout LoweringPass, at range: SourceRange) -> Int32 {
            if let outside { return pass.identifier(outside, at: range) }
            return pass.thisNode(at: range)
        }

        // The members: what stays in the body, what the constructor and the static code run.
        var kept: [Int32] = []
        var instanceInits: [Int32] = []
        var extractions: [Int32] = []
        var staticStatements: [Int32] = []
        var pendingKeys: [Int32] = []
        var constructor: Int32?
        for member in members {
            let m = tree[member]
            let mRange = m.range
            switch m.kind {
            case .methodDefinition where tree[m.a].kind == .privateName:
                let name = tree.name(m.a)
                let kind = SyntaxPropertyKind(rawValue: m.op) ?? .method
                let symbol = classTemporary()
                let key = withPendingKeys(&pendingKeys, assignment(identifier(symbol, at: mRange), newSymbol(at: mRange), at: mRange))
                var changed = m
                changed.a = key
                changed.flags.insert(.computed)
                kept.append(tree.append(changed))
                let entry = privates[name]
                let (target, part): (String?, Int) =
                    switch kind {
                    case .getter: (entry?.getter, 1)
                    case .setter: (entry?.setter, 2)
                    default: (entry?.function, 0)
                    }
                guard let target else { continue }
                let home =
                    m.flags.contains(.isStatic)
                    ? receiver(&self, at: mRange) : self.member(receiver(&self, at: mRange), "prototype", at: mRange)
                let part0 = tree.appendSynthetic(.numberLiteral, text: String(part), at: mRange)
                let extract = call(
                    identifier(helperName(.privateExtract), at: mRange), [home, identifier(symbol, at: mRange), part0], at: mRange)
                extractions.append(statement(assignment(identifier(target, at: mRange), extract, at: mRange)))
            case .methodDefinition:
                var changed = m
                if m.flags.contains(.computed), !pendingKeys.isEmpty {
                    changed.a = withPendingKeys(&pendingKeys, m.a)
                    tree.replace(member, with: changed)
                }
                if !m.flags.contains(.isStatic), !m.flags.contains(.computed), isNamed(m.a, "constructor") { constructor = member }
                kept.append(member)
            case .propertyDefinition:
                let value = m.b >= 0 ? m.b : undefinedValue(at: mRange)
                let receiver = m.flags.contains(.isStatic) ? receiver(&self, at: mRange) : thisNode(at: mRange)
                let initializer: Int32
                if tree[m.a].kind == .privateName, let entry = privates[tree.name(m.a)] {
                    let storage = identifier(entry.storage, at: tree[m.a].range)
                    initializer = call(identifier(helperName(.privateAdd), at: mRange), [receiver, storage, value], at: mRange)
                } else {
                    let key: Int32
                    if m.flags.contains(.computed) {
                        let keyNode = tree[m.a]
                        if keyNode.kind == .stringLiteral || keyNode.kind == .numberLiteral {
                            key = m.a
                        } else {
                            let name = classTemporary()
                            pendingKeys.append(assignment(identifier(name, at: keyNode.range), m.a, at: keyNode.range))
                            key = identifier(name, at: keyNode.range)
                        }
                    } else if tree[m.a].kind == .identifierName {
                        key = tree.appendSynthetic(.stringLiteral, text: "\"\(tree.name(m.a))\"", at: tree[m.a].range)
                    } else {
                        key = m.a
                    }
                    initializer = call(identifier(helperName(.publicField), at: mRange), [receiver, key, value], at: mRange)
                }
                if m.flags.contains(.isStatic) {
                    staticStatements.append(statement(initializer))
                } else {
                    instanceInits.append(initializer)
                }
            case .staticBlock:
                let arrow = node(.arrowFunction, at: mRange, b: 0, c: m.a)
                staticStatements.append(statement(call(arrow, [], at: mRange)))
            default:
                kept.append(member)
            }
        }
        if let instanceBrand {
            let add = call(
                identifier(helperName(.privateAdd), at: range), [thisNode(at: range), identifier(instanceBrand, at: range)], at: range)
            instanceInits.insert(add, at: 0)
        }
        if let staticBrand {
            let add = call(
                identifier(helperName(.privateAdd), at: range), [receiver(&self, at: range), identifier(staticBrand, at: range)],
                at: range)
            staticStatements.insert(statement(add), at: 0)
        }

        // The constructor.
        if !instanceInits.isEmpty {
            if let constructor {
                initializeFields(in: tree[constructor].b, derived: derived, instanceInits)
            } else {
                kept.insert(createdConstructor(derived: derived, instanceInits, at: range), at: 0)
            }
        }

        // The static method, which runs the static code once.
        var after: [Int32] = []
        var classReference = outside
        let staticCode = extractions + staticStatements
        if outside != nil {
            after = staticCode.map { tree[$0].a }
        } else if !staticCode.isEmpty {
            let symbol = classTemporary()
            let key = withPendingKeys(&pendingKeys, assignment(identifier(symbol, at: range), newSymbol(at: range), at: range))
            let remove = node(
                .unaryExpression, op: .delete, at: range,
                a: node(.memberExpression, flags: .computed, at: range, a: thisNode(at: range), b: identifier(symbol, at: range)))
            let body = node(.blockStatement, at: range, a: tree.appendList([statement(remove)] + staticCode))
            let function = node(.functionExpression, at: range, b: 0, c: body)
            let method = methodNode(flags: [.isStatic, .computed], at: range, key: key, function: function)
            kept.append(method)
            let reference = classReferenceName(id, isDeclaration: isDeclaration)
            classReference = reference
            let callee = node(
                .memberExpression, flags: .computed, at: range, a: identifier(reference, at: range), b: identifier(symbol, at: range))
            after.append(call(callee, [], at: range))
        }
        after.insert(contentsOf: pendingKeys, at: 0)

        var changed = tree[id]
        changed.c = tree.appendList(kept)
        tree.replace(id, with: changed)

        // Visit what the class holds, with its private names in scope.
        privateScopes.append(privates.mapValues { Optional($0) })
        for member in kept {
            let m = tree[member]
            guard m.kind == .methodDefinition else {
                _ = visit(member)
                continue
            }
            visitClassMemberKey(member)
            visitFunction(m.b)
        }
        after = after.map { visit($0) }
        privateScopes.removeLast()

        let before = creations.map { creation in
            let constructor = identifier(creation.type, at: range)
            let value = node(.newExpression, flags: .hasArguments, at: range, a: constructor, b: 0)
            return assignment(identifier(creation.name, at: range), value, at: range)
        }
        if isDeclaration {
            spliceBefore = before.map { statement($0) }
            spliceAfter = after.map { statement($0) }
            return id
        }
        var sequence = before
        if !after.isEmpty {
            let reference = classReference ?? classReferenceName(id, isDeclaration: false)
            sequence.append(assignment(identifier(reference, at: range), id, at: range))
            sequence.append(contentsOf: after)
            sequence.append(identifier(reference, at: range))
        } else {
            sequence.append(id)
        }
        return sequence.count == 1 ? sequence[0] : node(.sequenceExpression, at: range, a: tree.appendList(sequence))
    }

    /// The name the class's static code reads the class by when it runs after the class body (its `this` and, in
    /// a class expression, its own name replaced by that name), or nil when it stays in a static method: when
    /// there is none, or when it uses `super` or `new.target` (which mean other things outside the class), when a
    /// declaration's name is assigned somewhere (the name outside the class would not be the class) or declared again
    /// inside the static code (a `this` read as the name there would read that one), or when an expression's
    /// temporaries are the enclosing function's (`yield` or `await` in its heritage or computed keys: a closure in
    /// the static code would read the class of a later evaluation).
    private mutating func staticCodeOutside(_ id: Int32, members: [Int32], isDeclaration: Bool) -> String? {
        var roots: [Int32] = []
        var hasStaticCode = false
        for member in members {
            let m = tree[member]
            switch m.kind {
            case .propertyDefinition where m.flags.contains(.isStatic):
                hasStaticCode = true
                if m.b >= 0 { roots.append(m.b) }
            case .staticBlock:
                hasStaticCode = true
                roots.append(m.a)
            case .methodDefinition where tree[m.a].kind == .privateName:
                hasStaticCode = true
            default:
                break
            }
        }
        guard hasStaticCode else { return nil }
        let node = tree[id]
        let name = node.a >= 0 ? tree.name(node.a) : nil
        let symbol = node.a >= 0 ? tree[node.a].b : -1
        if isDeclaration, symbol >= 0, tree.symbols[Int(symbol)].isWritten { return nil }
        if !isDeclaration {
            let keys = members.compactMap { tree[$0].flags.contains(.computed) ? tree[$0].a : nil }
            if containsYieldOrAwait([node.b] + keys) { return nil }
        }
        // The `this` and own-name reads to replace, outside nested functions and nested classes' bodies.
        var thisNodes: [Int32] = []
        var nameNodes: [Int32] = []
        var stack = roots
        while let current = stack.popLast() {
            guard current >= 0 else { continue }
            let n = tree[current]
            switch n.kind {
            case .thisExpression:
                thisNodes.append(current)
                continue
            case .superExpression:
                return nil
            case .metaProperty where n.op == 1:
                return nil
            case .bindingIdentifier:
                if isDeclaration, tree.name(current) == name { return nil }
                continue
            case .identifier:
                if !isDeclaration, symbol >= 0, n.b >= 0, tree.references[Int(n.b)].symbol == symbol { nameNodes.append(current) }
                continue
            case .functionDeclaration, .functionExpression:
                if n.kind == .functionDeclaration { stack.append(n.a) }
                continue
            case .classDeclaration, .classExpression:
                // Its heritage and computed keys are evaluated here; its members' bodies have a `this` of their own.
                stack.append(n.a)
                stack.append(n.b)
                for member in tree.list(n.c) where tree[member].flags.contains(.computed) { stack.append(tree[member].a) }
                continue
            default:
                break
            }
            let shape = n.kind.fields
            for (field, value) in [(shape.0, n.a), (shape.1, n.b), (shape.2, n.c), (shape.3, n.d)] {
                switch field {
                case .node where value >= 0: stack.append(value)
                case .list: stack.append(contentsOf: tree.list(value))
                default: continue
                }
            }
        }
        let reference = classReferenceName(id, isDeclaration: isDeclaration)
        for replaced in thisNodes + nameNodes {
            let built = identifier(reference, at: tree[replaced].range)
            tree.replace(replaced, with: tree[built])
        }
        return reference
    }

    /// The name lowered code reads the class by after its body: a declaration's name (an anonymous
    /// `export default class` is given one), or a temporary for an expression.
    private mutating func classReferenceName(_ id: Int32, isDeclaration: Bool) -> String {
        guard isDeclaration else { return classTemporary() }
        let node = tree[id]
        if node.a >= 0 { return tree.name(node.a) }
        let name = names.helper("_default")
        var changed = node
        changed.a = tree.appendSynthetic(.bindingIdentifier, text: name, at: node.range)
        tree.replace(id, with: changed)
        return name
    }

    /// `key`, preceded by the computed field keys not evaluated yet (`(_a = k(), key)`), which are taken.
    private mutating func withPendingKeys(_ pending: inout [Int32], _ key: Int32) -> Int32 {
        guard !pending.isEmpty else { return key }
        let sequence = node(.sequenceExpression, at: tree[key].range, a: tree.appendList(pending + [key]))
        pending = []
        return sequence
    }

    /// A method `key() function`.
    private mutating func methodNode(flags: SyntaxFlags, at range: SourceRange, key: Int32, function: Int32) -> Int32 {
        tree.append(
            SyntaxNode(
                .methodDefinition, op: SyntaxPropertyKind.method.rawValue, flags: flags, start: Int(range.start),
                end: Int(range.end), a: key, b: function))
    }

    /// `this`.
    mutating func thisNode(at range: SourceRange) -> Int32 {
        tree.appendSynthetic(.thisExpression, text: "this", at: range)
    }

    /// `Symbol()`.
    private mutating func newSymbol(at range: SourceRange) -> Int32 {
        call(identifier("Symbol", at: range), [], at: range)
    }

    private mutating func statement(_ expression: Int32) -> Int32 {
        node(.expressionStatement, at: tree[expression].range, a: expression)
    }

    /// Whether key `id` is the name `name` (an identifier name or a string).
    private func isNamed(_ id: Int32, _ name: String) -> Bool {
        switch tree[id].kind {
        case .identifierName: tree.name(id) == name
        case .stringLiteral: tree.text(id).dropFirst().dropLast() == name[...]
        default: false
        }
    }

    /// A member's computed key, visited in the enclosing context.
    private mutating func visitClassMemberKey(_ member: Int32) {
        let m = tree[member]
        guard m.flags.contains(.computed) else { return }
        let key = visit(m.a)
        if key != m.a {
            var changed = tree[member]
            changed.a = key
            tree.replace(member, with: changed)
        }
    }

    // MARK: - Constructors

    /// `constructor() { inits }`, or `constructor(...args) { super(...args); inits }` in a derived class.
    private mutating func createdConstructor(derived: Bool, _ inits: [Int32], at range: SourceRange) -> Int32 {
        var parameters: [Int32] = []
        var statements: [Int32] = []
        if derived {
            let name = names.helper("args")
            parameters.append(node(.restElement, at: range, a: tree.appendSynthetic(.bindingIdentifier, text: name, at: range)))
            let spread = node(.spreadElement, at: range, a: identifier(name, at: range))
            let superCall = call(tree.appendSynthetic(.superExpression, text: "super", at: range), [spread], at: range)
            statements.append(statement(superCall))
        }
        statements.append(contentsOf: inits.map { statement($0) })
        let body = node(.blockStatement, at: range, a: tree.appendList(statements))
        let function = node(.functionExpression, at: range, b: tree.appendList(parameters), c: body)
        let key = tree.appendSynthetic(.identifierName, text: "constructor", at: range)
        return methodNode(flags: [], at: range, key: key, function: function)
    }

    /// Puts `inits` in constructor `function`: at the top of its body, or after each `super(...)` when derived.
    private mutating func initializeFields(in function: Int32, derived: Bool, _ inits: [Int32]) {
        renameNamesInitializersRead(in: function, inits)
        let body = tree[function].c
        let range = tree[body].range
        guard derived else {
            var block = tree[body]
            block.a = insertingAfterDirectives(inits.map { statement($0) }, into: block.a)
            tree.replace(body, with: block)
            return
        }
        // The `super(...)` calls of the constructor (arrow functions inside it too, not other functions).
        var calls: [(call: Int32, isStatement: Bool)] = []
        var statementExpressions = Set<Int32>()
        forEachNode(under: tree[body].a, isList: true) { id in
            let node = tree[id]
            switch node.kind {
            case .functionDeclaration, .functionExpression, .classDeclaration, .classExpression:
                return false
            case .expressionStatement:
                statementExpressions.insert(node.a)
            case .callExpression where tree[node.a].kind == .superExpression:
                calls.append((id, statementExpressions.contains(id)))
            default:
                break
            }
            return true
        }
        guard !calls.isEmpty else { return }
        var run = inits
        if calls.count > 1 {
            // `var _init = () => { inits };` at the top, called after each `super(...)`.
            let name = names.helper("_init")
            let arrowBody = node(.blockStatement, at: range, a: tree.appendList(inits.map { statement($0) }))
            let arrow = node(.arrowFunction, at: range, b: 0, c: arrowBody)
            let binding = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            let declarator = node(.variableDeclarator, at: range, a: binding, b: arrow)
            let declaration = tree.append(
                SyntaxNode(
                    .variableDeclaration, op: SyntaxVariableKind.var.rawValue, start: Int(range.start), end: Int(range.end),
                    a: tree.appendList([declarator])))
            var block = tree[body]
            block.a = insertingAfterDirectives([declaration], into: block.a)
            tree.replace(body, with: block)
            run = []
            for _ in calls { run.append(call(identifier(name, at: range), [], at: range)) }
        }
        for (index, site) in calls.enumerated() {
            let callRange = tree[site.call].range
            let moved = tree.append(tree[site.call])
            var parts = [moved] + (calls.count > 1 ? [run[index]] : run)
            if !site.isStatement { parts.append(tree.appendSynthetic(.thisExpression, text: "this", at: callRange)) }
            tree.replace(
                site.call,
                with: SyntaxNode(
                    .sequenceExpression, start: Int(callRange.start), end: Int(callRange.end), a: tree.appendList(parts)))
        }
    }

    /// Renames the names the constructor `function` declares that an initializer in `inits` reads (moved into
    /// the constructor, it would read the constructor's own instead of the class's surroundings').
    private mutating func renameNamesInitializersRead(in function: Int32, _ inits: [Int32]) {
        var read = Set<String>()
        for initializer in inits {
            forEachNode(under: initializer) { id in
                if tree[id].kind == .identifier { read.insert(tree.name(id)) }
                return true
            }
        }
        var renamed: [Int32: String] = [:]
        let node = tree[function]
        for root in [(node.b, true), (node.c, false)] {
            forEachNode(under: root.0, isList: root.1) { id in
                let n = tree[id]
                if n.kind == .bindingIdentifier, n.b >= 0, read.contains(tree.name(id)), renamed[n.b] == nil {
                    renamed[n.b] = ""
                }
                return true
            }
        }
        guard !renamed.isEmpty else { return }
        for symbol in renamed.keys { renamed[symbol] = names.helper(tree.names[Int(tree.symbols[Int(symbol)].name)]) }
        var uses: [(node: Int32, name: String)] = []
        for root in [(node.b, true), (node.c, false)] {
            forEachNode(under: root.0, isList: root.1) { id in
                let n = tree[id]
                let symbol: Int32
                switch n.kind {
                case .bindingIdentifier where n.b >= 0: symbol = n.b
                case .identifier where n.b >= 0: symbol = tree.references[Int(n.b)].symbol
                default: return true
                }
                if let name = renamed[symbol] { uses.append((id, name)) }
                return true
            }
        }
        for use in uses {
            var n = tree[use.node]
            n.a = tree.appendName(use.name)
            n.flags.insert(.synthetic)
            tree.replace(use.node, with: n)
        }
    }
}
