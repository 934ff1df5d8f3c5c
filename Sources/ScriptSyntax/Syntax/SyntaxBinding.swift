/// Scopes, declarations and references of `SyntaxParserState`: the rules of today's scope analysis (hoisting,
/// Annex B block functions, the early redeclaration errors and their texts), recorded on the tree.
extension SyntaxParserState {
    @discardableResult
    mutating func pushScope(_ kind: Scope.Kind, node: Int32 = SyntaxTree.none) -> Int32 {
        scope = scopes.add(
            ParsedScope(scope: SyntaxScope(kind: kind, parent: scope, node: node), firstToken: Int32(truncatingIfNeeded: i), flags: 0))
        return scope
    }

    /// Sets the node of scope `s` (known only once the node is made, after its children).
    mutating func setScopeNode(_ s: Int32, _ node: Int32) {
        let old = scopes[Int(s)].scope
        scopes[Int(s)].scope = SyntaxScope(kind: old.kind, parent: old.parent, node: node, isUnsafe: old.isUnsafe)
    }

    mutating func markUnsafe(from start: Int32) {
        var s = start
        while s >= 0 {
            scopes[Int(s)].scope.isUnsafe = true
            s = scopes[Int(s)].scope.parent
        }
    }

    @inline(__always)
    package func isVarScope(_ s: Int32) -> Bool { scopes[Int(s)].scope.isVarScope }

    /// A `bindingIdentifier` for token `i` (consumed), declared as `kind`.
    package mutating func bindingIdentifier(_ kind: Declaration.Kind) -> Int32 {
        let k = i
        let name = nameID(k)
        let node = addToken(.bindingIdentifier, k, a: name)
        i += 1
        declare(node: node, token: k, name: name, kind)
        return node
    }

    /// Declares the name of binding node `node` (at token `k`); a repeated declaration in the same scope
    /// binds to the first's symbol.
    package mutating func declare(node: Int32, token k: Int, name id: Int32, _ kind: Declaration.Kind, shorthand: Bool = false) {
        var target = scope
        // Annex B: in sloppy code a function declared in a block is also a `var` of the enclosing function.
        if kind == .var || (kind == .function && !strict) {
            while !isVarScope(target), scopes[Int(target)].scope.parent >= 0 { target = scopes[Int(target)].scope.parent }
        }
        let sloppyBlockFunction = kind == .function && target != scope
        // One look-up serves the redeclaration check and the binding.
        let existing = declared.declaration(scope: Int(target), name: id)
        if redeclaration == nil, !sloppyBlockFunction {
            checkRedeclaration(at: k, kind, name: id, target: target, existing: existing)
        }
        if let existing {
            nodes[Int(node)].b = Int32(truncatingIfNeeded: existing)
            facts.redeclarations.append(
                .init(
                    token: Int32(truncatingIfNeeded: k), scope: target, symbol: Int32(truncatingIfNeeded: existing),
                    isShorthand: shorthand))
            return
        }
        let symbol = symbols.count
        symbols.add(
            ParsedSymbol(
                symbol: SyntaxSymbol(name: id, kind: kind, scope: target, node: node), token: Int32(truncatingIfNeeded: k),
                shorthand: shorthand))
        nodes[Int(node)].b = Int32(truncatingIfNeeded: symbol)
        declared.insert(symbol, scope: Int(target), name: id)
    }

    private func isLexical(_ kind: Declaration.Kind, in scope: Int32) -> Bool {
        switch kind {
        case .let, .const, .class, .import: true
        case .function: !isVarScope(scope)
        default: false
        }
    }

    private static func crossingKey(scope: Int32, name: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: scope)) << 32 | UInt64(UInt32(bitPattern: name))
    }

    /// Records the first redeclaration that is an early error (as engines report it, `Identifier 'x' has already
    /// been declared`): a lexical name declared twice in a scope, a `var` hoisted through a block that declares the
    /// name lexically, or a lexical name of a `catch` body that is the clause's parameter.
    /// `existing` is the declaration of the name in `target` before this one, if any.
    private mutating func checkRedeclaration(at k: Int, _ kind: Declaration.Kind, name id: Int32, target: Int32, existing: Int?) {
        var clash: Int?
        if let existing, isLexical(kind, in: target) || isLexical(symbols[existing].symbol.kind, in: target) {
            clash = existing
        }
        if kind == .var {
            var s = scope
            while s != target, clash == nil {
                if let existing = declared.declaration(scope: Int(s), name: id), isLexical(symbols[existing].symbol.kind, in: s) {
                    clash = existing
                }
                varsCrossingBlocks.insert(Self.crossingKey(scope: s, name: id))
                let parent = scopes[Int(s)].scope.parent
                guard parent >= 0 else { break }
                s = parent
            }
        } else if isLexical(kind, in: target), varsCrossingBlocks.contains(Self.crossingKey(scope: target, name: id)) {
            clash = -1
        }
        if clash == nil, isLexical(kind, in: target) {
            let parent = scopes[Int(target)].scope.parent
            if parent >= 0, scopes[Int(parent)].scope.kind == .catchClause,
                let parameter = declared.declaration(scope: Int(parent), name: id), symbols[parameter].symbol.kind == .catchParameter
            {
                clash = parameter
            }
        }
        guard let clash else { return }
        let token = tokens[k]
        let name = identifiers.strings[Int(id)]
        let earlier: String
        if clash >= 0 {
            let first = nodes[Int(symbols[clash].symbol.node)]
            earlier = " (line \(line(ofOffset: Int(first.start))))"
        } else {
            earlier = " (by a var inside this block)"
        }
        redeclaration = JavaScriptSyntaxError(
            kind: .redeclaration, line: token.line, column: token.column + 1, offset: token.start,
            message: "'\(name)' has already been declared\(earlier)")
    }

    /// The line of the token starting at `offset` (binary search over the tokens).
    package func line(ofOffset offset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        return low < count ? tokens[low].line : 1
    }

    /// An `identifier` reference node for token `i` (consumed).
    package mutating func reference() -> Int32 {
        let k = i
        precondition(inRange(k), "token index out of range")
        let name = nameID(k)
        let token = uncheckedToken(k)
        let node = nodes.add(
            SyntaxNode(.identifier, start: token.start, end: token.end, a: name, b: Int32(truncatingIfNeeded: references.count)))
        i += 1
        recordReference(node, token: k, name: name, shorthand: false)
        return node
    }

    /// Records `node` (an `identifier` for token `k`) as a reference from the current scope.
    mutating func addReference(_ node: Int32, token k: Int, shorthand: Bool = false) {
        nodes[Int(node)].b = Int32(truncatingIfNeeded: references.count)
        recordReference(node, token: k, name: nodes[Int(node)].a, shorthand: shorthand)
    }

    /// Appends the reference of `node` (whose `b` is already its index) and its facts.
    @inline(__always)
    private mutating func recordReference(_ node: Int32, token k: Int, name: Int32, shorthand: Bool) {
        let next = k + 1
        var flags: UInt8 = shorthand ? SyntaxParseFacts.shorthandFlag : 0
        if inRange(next),
            uncheckedCode(next) == TokenCode.of("(") || uncheckedToken(next).kind == .template
                || uncheckedToken(next).kind == .templateHead
        {
            flags |= SyntaxParseFacts.calleeFlag
        }
        let index = references.add(
            ParsedReference(
                reference: SyntaxReference(node: node, scope: scope),
                fact: .init(token: Int32(truncatingIfNeeded: k), name: name, flags: flags)))
        if parameterDepth > 0 { recordParameterOnly(index) }
    }

    /// A scope flag while its parameters are being parsed (cleared after them: never among the facts' flags).
    static let parametersFlag: UInt8 = 0x80

    /// Records which function scopes' body declarations reference `reference` (inside a parameter list) cannot see:
    /// those of the current scope's chain whose parameters are being parsed.
    @inline(never)
    private mutating func recordParameterOnly(_ reference: Int32) {
        let start = Int32(truncatingIfNeeded: parameterOnlyScopeTable.count)
        var s = scope
        while s >= 0 {
            if scopes[Int(s)].flags & Self.parametersFlag != 0 { parameterOnlyScopeTable.append(s) }
            s = scopes[Int(s)].scope.parent
        }
        parameterOnlyScopes.append((reference, start, Int32(truncatingIfNeeded: parameterOnlyScopeTable.count)))
    }

    /// Marks the reference of `identifier` node `node` as written.
    mutating func markWritten(_ node: Int32) {
        let reference = nodes[Int(node)].b
        if reference >= 0 { references[Int(reference)].reference.isWritten = true }
    }

    // MARK: - Finishing

    /// Resolves the references and moves the scopes, symbols and references into the tree and their facts into `facts`;
    /// returns the tree, the facts and the tokens. (A `consuming` method, tried in step 5n, copied the whole parser
    /// state before it and the facts in it: more copies, not fewer.)
    package mutating func finished() -> (tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken]) {
        let evalID = name("eval")
        var parameterOnlyCursor = 0
        // `parameterOnlyScopes` lists references in increasing order: one cursor finds the next one with an entry, and
        // the others resolve without looking at it (step 4s).
        var nextParameterOnly = parameterOnlyScopes.first.map { Int($0.reference) } ?? -1
        for index in 0..<references.count {
            let reference = references[index].reference
            let id = references[index].fact.name
            var s = reference.scope
            if index == nextParameterOnly {
                let entry = parameterOnlyScopes[parameterOnlyCursor]
                let parameterOnly = parameterOnlyScopeTable[Int(entry.start)..<Int(entry.end)]
                parameterOnlyCursor += 1
                nextParameterOnly =
                    parameterOnlyCursor < parameterOnlyScopes.count ? Int(parameterOnlyScopes[parameterOnlyCursor].reference) : -1
                while s >= 0 {
                    if let symbol = declared.declaration(scope: Int(s), name: id),
                        !parameterOnly.contains(s) || symbols[symbol].symbol.kind == .parameter
                    {
                        references[index].reference.symbol = Int32(truncatingIfNeeded: symbol)
                        if reference.isWritten { symbols[symbol].symbol.isWritten = true }
                        break
                    }
                    s = scopes[Int(s)].scope.parent
                }
                continue
            }
            while s >= 0 {
                if let symbol = declared.declaration(scope: Int(s), name: id) {
                    references[index].reference.symbol = Int32(truncatingIfNeeded: symbol)
                    if reference.isWritten { symbols[symbol].symbol.isWritten = true }
                    break
                }
                s = scopes[Int(s)].scope.parent
            }
        }
        for callee in calleeReferences {
            let reference = references[Int(callee)].reference
            if reference.symbol < 0, nodes[Int(reference.node)].a == evalID { markUnsafe(from: reference.scope) }
        }
        facts.moduleNameID = name("module")
        facts.exportsNameID = name("exports")
        facts.requireNameID = name("require")
        facts.argumentsNameID = name("arguments")
        tree.names = identifiers.strings
        tree.parsedNameCount = tree.names.count
        // The nodes and lists are handed over by the caller (`SyntaxParser.parsed`), written in its arrays.
        let scopes = self.scopes, symbols = self.symbols, references = self.references
        let scopeCount = scopes.count
        tree.scopes = [SyntaxScope](unsafeUninitializedCapacity: scopeCount) { buffer, initialized in
            for k in 0..<scopeCount { buffer.initializeElement(at: k, to: scopes[k].scope) }
            initialized = scopeCount
        }
        facts.scopeFirstTokens = [Int32](unsafeUninitializedCapacity: scopeCount) { buffer, initialized in
            for k in 0..<scopeCount { buffer.initializeElement(at: k, to: scopes[k].firstToken) }
            initialized = scopeCount
        }
        facts.scopeFlags = [UInt8](unsafeUninitializedCapacity: scopeCount) { buffer, initialized in
            for k in 0..<scopeCount { buffer.initializeElement(at: k, to: scopes[k].flags) }
            initialized = scopeCount
        }
        let symbolCount = symbols.count
        tree.symbols = [SyntaxSymbol](unsafeUninitializedCapacity: symbolCount) { buffer, initialized in
            for k in 0..<symbolCount { buffer.initializeElement(at: k, to: symbols[k].symbol) }
            initialized = symbolCount
        }
        facts.symbolTokens = [Int32](unsafeUninitializedCapacity: symbolCount) { buffer, initialized in
            for k in 0..<symbolCount { buffer.initializeElement(at: k, to: symbols[k].token) }
            initialized = symbolCount
        }
        facts.symbolShorthands = [Bool](unsafeUninitializedCapacity: symbolCount) { buffer, initialized in
            for k in 0..<symbolCount { buffer.initializeElement(at: k, to: symbols[k].shorthand) }
            initialized = symbolCount
        }
        let referenceCount = references.count
        tree.references = [SyntaxReference](unsafeUninitializedCapacity: referenceCount) { buffer, initialized in
            for k in 0..<referenceCount { buffer.initializeElement(at: k, to: references[k].reference) }
            initialized = referenceCount
        }
        facts.references = [SyntaxParseFacts.Reference](unsafeUninitializedCapacity: referenceCount) { buffer, initialized in
            for k in 0..<referenceCount { buffer.initializeElement(at: k, to: references[k].fact) }
            initialized = referenceCount
        }
        return (tree, facts, tokens)
    }

    /// The ID of a name (interned if the source never used it).
    package mutating func name(_ text: StaticString) -> Int32 {
        text.withUTF8Buffer { identifiers.id(of: UnsafeRawBufferPointer($0)) }
    }
}
