extension ScopeAnalysis {
    /// The token-indexed view of a syntax tree: its scopes, symbols and references as scopes, declarations and
    /// references by token index, with the facts the parser recorded beside the tree (`SyntaxParseFacts`).
    ///
    /// A name declared again in its scope (`var a; var a;`) is one symbol of the tree; here it stays one
    /// declaration plus a reference (resolved to it) at the later binding, as passes that rename read it.
    /// `findingTopLevelDeclarations`: also read the top-level declarations tree shaking may drop from the tree
    /// (`topLevelDeclarations`), a walk over the program's statements that only tree shaking needs.
    convenience init(tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken], findingTopLevelDeclarations: Bool) {
        var parts = Parts(tokens: tokens)
        let (scopeDeclarations, offsets) = Self.scopeDeclarations(tree)
        // Each scope made in the array's storage by one initializer call (a `var` set field by field was copied into
        // the array and destroyed, through the value witnesses of `Scope`, per scope), with its declarations; the
        // scopes and declarations written in place (step 5i: each append checked the array's uniqueness and capacity).
        let treeScopes = tree.scopes
        let scopeCount = min(treeScopes.count, facts.scopeFlags.count, facts.scopeFirstTokens.count, offsets.count - 1)
        parts.scopes = [Scope](unsafeUninitializedCapacity: scopeCount) { buffer, initialized in
            for index in 0..<scopeCount {
                let scope = treeScopes[index]
                let flags = facts.scopeFlags[index]
                let start = offsets[index], end = offsets[index + 1]
                buffer.initializeElement(
                    at: index,
                    to: Scope(
                        kind: scope.kind, parent: scope.parent >= 0 ? Int(scope.parent) : nil,
                        firstToken: Int(facts.scopeFirstTokens[index]),
                        declarations: start < end ? scopeDeclarations[start..<end] : [], isUnsafe: scope.isUnsafe,
                        containsReturn: flags & SyntaxParseFacts.containsReturnFlag != 0,
                        containsNewTarget: flags & SyntaxParseFacts.containsNewTargetFlag != 0))
            }
            initialized = scopeCount
        }
        let symbols = tree.symbols, names = tree.names
        let symbolCount = min(symbols.count, facts.symbolTokens.count, facts.symbolShorthands.count)
        parts.declarations = [Declaration](unsafeUninitializedCapacity: symbolCount) { buffer, initialized in
            for index in 0..<symbolCount {
                let symbol = symbols[index]
                buffer.initializeElement(
                    at: index,
                    to: Declaration(
                        name: names[Int(symbol.name)], nameID: symbol.name, kind: symbol.kind, scope: Int(symbol.scope),
                        token: Int(facts.symbolTokens[index]), isShorthandPattern: facts.symbolShorthands[index]))
            }
            initialized = symbolCount
        }
        parts.module = facts.module
        Self.addReferences(tree: tree, facts: facts, to: &parts)
        for candidate in facts.requireCandidates where tree.references[Int(candidate.reference)].symbol < 0 {
            if let call = candidate.call { parts.module.requireCalls.append(call) }
            if let context = candidate.context { parts.module.requireContexts.append(context) }
        }
        parts.booleanLiterals = facts.booleanLiterals
        parts.topLevelThis = facts.topLevelThis
        parts.statementBraces = facts.statementBraces
        parts.syntaxFeatures = SyntaxFeatureUses(firstTokens: facts.featureTokens)
        parts.unwrittenConsts.reserveCapacity(facts.constStatements.count)
        for statement in facts.constStatements {
            let scope = Int(statement.scope)
            // The tree's scope, not `parts.scopes[scope]`: reading that copies a `Scope` with its declaration list.
            guard scope < tree.scopes.count, !tree.scopes[scope].isUnsafe else { continue }
            var isWritten = false
            var d = Int(statement.firstSymbol)
            while d < Int(statement.endSymbol), d < parts.writtenDeclarations.count {
                // Declarations of nested scopes (in initializers) are their own statements' business.
                if parts.writtenDeclarations[d], parts.declarations[d].scope == scope {
                    isWritten = true
                    break
                }
                d += 1
            }
            if !isWritten { parts.unwrittenConsts.append(.init(keyword: statement.keyword, scope: statement.scope)) }
        }
        parts.internedNames = tree.names
        if findingTopLevelDeclarations { parts.topLevelDeclarations = tree.topLevelDeclarations(facts: facts, tokens: tokens) }
        // `arguments` counts as used when a name of the file's scopes is it (not a property name).
        let arguments = facts.argumentsNameID
        if parts.argumentsNameID == nil, tree.symbols.contains(where: { $0.name == arguments }) { parts.argumentsNameID = arguments }
        if parts.argumentsNameID == nil { parts.argumentsNameID = -1 }
        self.init(parts)
    }

    /// The tree's references (each with its name) and the repeated declarations, merged in token order; the written
    /// declarations; and the module facts that depend on free names.
    private static func addReferences(tree: SyntaxTree, facts: SyntaxParseFacts, to parts: inout Parts) {
        let references = tree.references, redeclarations = facts.redeclarations
        let referenceFacts = facts.references
        let symbols = tree.symbols
        let tokenCount = parts.tokens.count
        let referenceCount = min(references.count, referenceFacts.count)
        let redeclarationCount = redeclarations.count
        let symbolCount = symbols.count
        let argumentsNameID = facts.argumentsNameID, moduleNameID = facts.moduleNameID
        let exportsNameID = facts.exportsNameID, requireNameID = facts.requireNameID
        var usesArguments = false, usesModuleOrExports = false, usesRequire = false
        var written = [Bool](repeating: false, count: symbolCount)
        // Written in place (step 5i): each append checked the array's uniqueness and capacity.
        let merged = [IdentifierReference](unsafeUninitializedCapacity: referenceCount + redeclarationCount) { buffer, initialized in
            var r = 0, d = 0, n = 0
            while r < referenceCount || d < redeclarationCount {
                if d < redeclarationCount, r >= referenceCount || redeclarations[d].token < referenceFacts[r].token {
                    let redeclaration = redeclarations[d]
                    let token = Int(redeclaration.token)
                    buffer.initializeElement(
                        at: n,
                        to: IdentifierReference(
                            token: token, scope: Int(redeclaration.scope), declaration: Int(redeclaration.symbol),
                            isShorthandProperty: redeclaration.isShorthand, isCallee: false,
                            nameID: token < tokenCount ? symbols[Int(redeclaration.symbol)].name : -1))
                    n += 1
                    d += 1
                    continue
                }
                let reference = references[r]
                let fact = referenceFacts[r]
                let token = Int(fact.token)
                let flags = fact.flags
                let name = fact.name
                let declaration = reference.symbol >= 0 ? Int(reference.symbol) : nil
                buffer.initializeElement(
                    at: n,
                    to: IdentifierReference(
                        token: token, scope: Int(reference.scope), declaration: declaration,
                        isShorthandProperty: flags & SyntaxParseFacts.shorthandFlag != 0,
                        isCallee: flags & SyntaxParseFacts.calleeFlag != 0, nameID: token < tokenCount ? name : -1))
                n += 1
                if name == argumentsNameID { usesArguments = true }
                if let declaration {
                    if flags & SyntaxParseFacts.writtenFlag != 0 { written[declaration] = true }
                } else if name == moduleNameID || name == exportsNameID {
                    usesModuleOrExports = true
                } else if name == requireNameID {
                    usesRequire = true
                }
                r += 1
            }
            initialized = n
        }
        if parts.references.isEmpty {
            parts.references = merged
        } else {
            parts.references.append(contentsOf: merged)
        }
        if usesArguments { parts.argumentsNameID = argumentsNameID }
        if usesModuleOrExports { parts.module.usesModuleOrExports = true }
        if usesRequire { parts.module.usesRequire = true }
        parts.writtenDeclarations = written
    }

    /// Each scope's declarations (indexes of the tree's symbols, in declaration order), as one table bucketed by
    /// scope: scope `s`'s are `table[offsets[s]..<offsets[s + 1]]`, the slice its `Scope` holds. (A list of its own
    /// per scope was an allocation each, 120,818 on the large benchmark tree, and a release each when the analysis
    /// was freed; set in the scopes after they were made, it also copied the analysis's scope array: issue 41 step
    /// 4v.)
    private static func scopeDeclarations(_ tree: SyntaxTree) -> (table: [Int], offsets: [Int]) {
        let scopeCount = tree.scopes.count
        var offsets = [Int](repeating: 0, count: scopeCount + 1)
        for symbol in tree.symbols where symbol.scope >= 0 && Int(symbol.scope) < scopeCount { offsets[Int(symbol.scope) + 1] += 1 }
        for scope in 0..<scopeCount { offsets[scope + 1] += offsets[scope] }
        let total = offsets[scopeCount]
        guard total > 0 else { return ([], offsets) }
        var cursor = offsets
        let table = [Int](unsafeUninitializedCapacity: total) { buffer, initialized in
            for (index, symbol) in tree.symbols.enumerated() where symbol.scope >= 0 && Int(symbol.scope) < scopeCount {
                let scope = Int(symbol.scope)
                buffer.initializeElement(at: cursor[scope], to: index)
                cursor[scope] += 1
            }
            initialized = total
        }
        return (table, offsets)
    }
}
