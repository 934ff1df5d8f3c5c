/// Inlines a `let`/`const` used once into that use, as esbuild does: `const r = a + b * 3; return r` becomes
/// `return a+b*3`. Only where it is provably the same program:
/// - one declarator, a plain name with an initializer, never written, in a scope no `eval`/`with` reaches, its
///   only reference in the statement right after the declaration and in the same scope (not in a closure);
/// - the reference is the first thing that statement evaluates, or comes after nothing but literals and reads
///   of names that cannot change or throw (unwritten parameters, and `let`/`const`/`var`/functions of the same
///   function declared before): no code with effects, or that could see the value, runs in between;
/// - not a callee (`this` would change), a shorthand property, an assignment target, or under `&&`/`||`/`?:`;
/// - the initializer does not name `arguments` or `eval`, and the statement before ends with `;` or a block (so
///   leaving the declaration out cannot join two statements).
/// The initializer is parenthesized where its place binds tighter than it does.
struct SingleUseInlining<Text: Minifier.TokenText> {
    let text: Text
    let tokens: [JavaScriptToken]
    let syntax: MinifierSyntax
    let bindings: TokenBindings

    /// How many inlined initializers may nest inside each other (bounds the edit application's recursion).
    static var maximumChain: Int { 32 }

    func run(_ edits: inout TokenEdits) {
        // Per statement node: how deep the inlined initializers nested inside it go.
        var chainDepth: [Int32: Int] = [:]
        for list in syntax.lists {
            var removed = Set<Int>()
            for position in syntax.statements(list).indices.dropLast() {
                let statement = syntax[syntax.statements(list)[position]]
                guard statement.kind == .declaration, syntax.children(statement).count == 1 else { continue }
                // The statement before must end so that leaving this one out joins nothing.
                var before = position - 1
                while before >= 0, removed.contains(before) { before -= 1 }
                if before >= 0, !syntax.endsCleanly(syntax.statements(list)[before]) { continue }
                let declarator = syntax[syntax.children(statement)[0]]
                guard declarator.op >= 0, syntax.children(declarator).count == 1 else { continue }
                let binding = Int(declarator.op)
                let declaration = Int(bindings.declarationAt[binding])
                guard declaration >= 0, bindings.isLocal[declaration], !bindings.written[declaration],
                    bindings.referenceCounts[declaration] == 1
                else { continue }
                let kind = bindings.declarations[declaration].kind
                guard kind == .let || kind == .const else { continue }
                let initializer = syntax.children(declarator)[0]
                let value = syntax[initializer]
                guard !mentionsArgumentsOrEval(value) else { continue }
                let depth = (chainDepth[syntax.statements(list)[position]] ?? 0) + 1
                guard depth <= Self.maximumChain else { continue }
                let next = syntax.statements(list)[position + 1]
                guard let (reference, required, atStatementStart) = firstUse(of: declaration, in: next, before: statement.first) else {
                    continue
                }
                guard bindings.isCalleeOrShorthand[Int(reference)] == false || value.kind == .identifier else { continue }
                if bindings.isCalleeOrShorthand[Int(reference)], isShorthand(reference) { continue }
                var entries: [TokenEdits.Entry] = [.span(value.first, value.end)]
                if needsParentheses(value, required: required, atStatementStart: atStatementStart) {
                    entries =
                        [edits.text("(", .punctuator, origin: reference)] + entries + [edits.text(")", .punctuator, origin: reference)]
                }
                edits.replace(reference, with: entries)
                edits.skip(statement.first..<statement.end)
                removed.insert(position)
                chainDepth[next] = max(chainDepth[next] ?? 0, depth)
            }
        }
    }

    private func isShorthand(_ reference: Int32) -> Bool {
        let k = Int(reference)
        let previous = k > 0 ? tokens[k - 1] : nil
        let next = k + 1 < tokens.count ? tokens[k + 1] : nil
        // `{a}` / `{b, a, c}`: a name between `{`/`,` and `}`/`,`.
        let opens = previous.map { text.isPunctuator($0, "{") || text.isPunctuator($0, ",") } ?? false
        let closes = next.map { text.isPunctuator($0, "}") || text.isPunctuator($0, ",") } ?? false
        return opens && closes
    }

    private func mentionsArgumentsOrEval(_ node: MinifierSyntax.Node) -> Bool {
        var k = Int(node.first)
        while k < Int(node.end) {
            let token = tokens[k]
            if token.kind == .identifier {
                let name = text.text(token)
                if JavaScriptToken.spells(name, "arguments") || JavaScriptToken.spells(name, "eval") { return true }
            }
            k += 1
        }
        return false
    }

    // MARK: - Where the statement first evaluates the name

    private enum Visit {
        /// The reference was reached first.
        case found(Int32, required: UInt8)
        /// Everything evaluated so far is a literal or an unchangeable read.
        case pure
        case stop
    }

    /// The reference to `declaration` if statement `statement` evaluates it before anything with effects, with
    /// the binding level its place requires and whether it starts an expression statement.
    private func firstUse(of declaration: Int, in statement: Int32, before declarationStart: Int32)
        -> (Int32, UInt8, Bool)?
    {
        let node = syntax[statement]
        typealias P = MinifierSyntax.Precedence
        let visit: Visit
        switch node.kind {
        case .returnStatement, .throwStatement, .expressionStatement:
            guard let expression = syntax.children(node).first else { return nil }
            visit = self.visit(expression, required: P.sequence, target: declaration, before: declarationStart)
        case .ifStatement:
            visit = self.visit(syntax.children(node)[0], required: P.sequence, target: declaration, before: declarationStart)
        case .declaration:
            guard let first = syntax.children(node).first, let initializer = syntax.children(syntax[first]).first else { return nil }
            visit = self.visit(initializer, required: P.assignment, target: declaration, before: declarationStart)
        default:
            return nil
        }
        guard case .found(let reference, let required) = visit else { return nil }
        return (reference, required, node.kind == .expressionStatement && reference == node.first)
    }

    private func visit(_ index: Int32, required: UInt8, target: Int, before: Int32) -> Visit {
        typealias P = MinifierSyntax.Precedence
        let node = syntax[index]
        switch node.kind {
        case .identifier:
            let k = Int(node.op)
            let referred = bindings.referenceAt[k]
            if referred == Int32(target) { return .found(node.op, required: required) }
            return isStableRead(referred, target: target, before: before) ? .pure : .stop
        case .literal:
            return .pure
        case .function:
            return .pure
        case .parenthesized:
            return visit(syntax.children(node)[0], required: P.sequence, target: target, before: before)
        case .binary:
            let op = node.level
            let isExponent = op == P.exponent
            switch visit(syntax.children(node)[0], required: isExponent ? P.postfix : op, target: target, before: before) {
            case .found(let k, let r): return .found(k, required: r)
            case .stop: return .stop
            case .pure:
                if case .found(let k, let r) = visit(
                    syntax.children(node)[1], required: isExponent ? op : op + 1, target: target, before: before)
                {
                    return .found(k, required: r)
                }
                return .stop
            }
        case .logical:
            // `??` takes no unparenthesized `||`/`&&` operand; the others none of `??`.
            let required = node.level == P.conditional ? P.bitwiseOr : node.level
            if case .found(let k, let r) = visit(syntax.children(node)[0], required: required, target: target, before: before) {
                return .found(k, required: r)
            }
            return .stop
        case .conditional:
            if case .found(let k, let r) = visit(syntax.children(node)[0], required: P.logicalOr, target: target, before: before) {
                return .found(k, required: r)
            }
            return .stop
        case .unary:
            guard !text.isKeyword(tokens[Int(node.op)], "delete") else { return .stop }
            if case .found(let k, let r) = visit(syntax.children(node)[0], required: P.prefix, target: target, before: before) {
                return .found(k, required: r)
            }
            return .stop
        case .assignment:
            // `name = value`: the name is bound first, the value evaluated next.
            guard text.isPunctuator(tokens[Int(node.op)], "="), syntax[syntax.children(node)[0]].kind == .identifier else { return .stop }
            if bindings.referenceAt[Int(syntax[syntax.children(node)[0]].op)] == Int32(target) { return .stop }
            if case .found(let k, let r) = visit(syntax.children(node)[1], required: P.assignment, target: target, before: before) {
                return .found(k, required: r)
            }
            return .stop
        case .member:
            guard !node.isOptionalChain || isOptionalBase(node) else { return .stop }
            if case .found(let k, let r) = visit(syntax.children(node)[0], required: P.call, target: target, before: before) {
                return .found(k, required: max(r, memberObjectLevel))
            }
            return .stop
        case .index:
            guard !node.isOptionalChain || isOptionalBase(node) else { return .stop }
            switch visit(syntax.children(node)[0], required: P.call, target: target, before: before) {
            case .found(let k, let r): return .found(k, required: max(r, memberObjectLevel))
            case .stop: return .stop
            case .pure:
                if case .found(let k, let r) = visit(syntax.children(node)[1], required: P.sequence, target: target, before: before) {
                    return .found(k, required: r)
                }
                return .stop
            }
        case .call, .new:
            if node.kind == .new, node.op < 0 { return .stop }
            guard !node.isOptionalChain || isOptionalBase(node) else { return .stop }
            let callee = syntax[syntax.children(node)[0]]
            // A callee that is a member read runs a getter; a reference as callee changes `this` (checked by the caller).
            switch visit(syntax.children(node)[0], required: node.kind == .new ? P.primary : P.call, target: target, before: before) {
            case .found(let k, let r): return .found(k, required: max(r, memberObjectLevel))
            case .stop: return .stop
            case .pure:
                guard callee.kind == .identifier || callee.kind == .literal || callee.kind == .function else { return .stop }
            }
            for argument in syntax.children(node).dropFirst() {
                switch visit(argument, required: P.assignment, target: target, before: before) {
                case .found(let k, let r): return .found(k, required: r)
                case .stop: return .stop
                case .pure: continue
                }
            }
            return .stop
        case .array:
            for element in syntax.children(node) {
                if syntax[element].kind == .hole { continue }
                switch visit(element, required: P.assignment, target: target, before: before) {
                case .found(let k, let r): return .found(k, required: r)
                case .stop: return .stop
                case .pure: continue
                }
            }
            return .stop
        case .object:
            for member in syntax.children(node) {
                let m = syntax[member]
                switch m.kind {
                case .property:
                    switch visit(syntax.children(m)[0], required: P.assignment, target: target, before: before) {
                    case .found(let k, let r): return .found(k, required: r)
                    case .stop: return .stop
                    case .pure: continue
                    }
                case .method:
                    continue
                default:
                    return .stop
                }
            }
            return .stop
        case .template:
            // A substitution's value is converted to a string before the next one: only the first one counts.
            guard let first = syntax.children(node).first else { return .stop }
            if case .found(let k, let r) = visit(first, required: P.sequence, target: target, before: before) {
                return .found(k, required: r)
            }
            return .stop
        case .sequence:
            for element in syntax.children(node) {
                switch visit(element, required: P.assignment, target: target, before: before) {
                case .found(let k, let r): return .found(k, required: r)
                case .stop: return .stop
                case .pure: continue
                }
            }
            return .stop
        default:
            return .stop
        }
    }

    /// An object, callee or `new` callee: a number literal or optional chain there needs parentheses too.
    private var memberObjectLevel: UInt8 { MinifierSyntax.Precedence.call }

    /// Whether an optional-chain node's own object comes before the chain's first `?.` (`x?.a`): the object is
    /// then evaluated first as usual.
    private func isOptionalBase(_ node: MinifierSyntax.Node) -> Bool {
        let object = syntax[syntax.children(node)[0]]
        return !object.isOptionalChain
    }

    /// Whether reading the name at a reference to `referred` has no effect and gives the same value before and
    /// after the initializer of `target` runs (declared at token `before`), and cannot throw (no temporal dead
    /// zone): unwritten parameters and functions; unwritten `var`s of the same function; unwritten `let`, `const`
    /// and classes declared earlier in the same statement list or at the top of the same function.
    private func isStableRead(_ referred: Int32, target: Int, before: Int32) -> Bool {
        guard referred >= 0 else { return false }
        let declaration = Int(referred)
        guard !bindings.written[declaration] else { return false }
        let d = bindings.declarations[declaration]
        guard !bindings.scopes[d.scope].isUnsafe else { return false }
        let targetScope = bindings.declarations[target].scope
        switch d.kind {
        case .parameter:
            return !bindings.usesArguments
        case .function:
            return bindings.scopes[d.scope].isVarScope
        case .var:
            return functionScope(of: d.scope) == functionScope(of: targetScope)
        case .let, .const, .class:
            return d.token < Int(before) && (d.scope == targetScope || d.scope == functionScope(of: targetScope))
        default:
            return false
        }
    }

    private func functionScope(of scope: Int) -> Int {
        var s = scope
        while !bindings.scopes[s].isVarScope, let parent = bindings.scopes[s].parent { s = parent }
        return s
    }

    private func needsParentheses(_ value: MinifierSyntax.Node, required: UInt8, atStatementStart: Bool) -> Bool {
        if value.level < required { return true }
        if required >= MinifierSyntax.Precedence.call {
            // `(a?.b).c`, `(new C).d`, `(1).toString()`, `new (f())()`.
            if value.isOptionalChain || value.kind == .new && value.op < 0 { return true }
            if value.kind == .literal, tokens[Int(value.first)].kind == .number { return true }
            if required == MinifierSyntax.Precedence.primary, value.kind != .identifier, value.kind != .parenthesized { return true }
        }
        if atStatementStart {
            let first = tokens[Int(value.first)]
            if text.isPunctuator(first, "{") || text.isKeyword(first, "function") || text.isKeyword(first, "class") { return true }
            if first.kind == .identifier,
                JavaScriptToken.spells(text.text(first), "let") || JavaScriptToken.spells(text.text(first), "async")
            {
                return true
            }
        }
        return false
    }
}
