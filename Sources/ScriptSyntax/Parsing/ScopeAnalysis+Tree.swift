extension ScopeAnalysis {
    /// The token-indexed view of a syntax tree: its scopes, symbols and references as scopes, declarations and
    /// references by token index, with the facts the parser recorded beside the tree (`SyntaxParseFacts`).
    ///
    /// A name declared again in its scope (`var a; var a;`) is one symbol of the tree; here it stays one
    /// declaration plus a reference (resolved to it) at the later binding, as passes that rename read it.
    /// `findingTopLevelDeclarations`: also read the top-level declarations tree shaking may drop from the tree
    /// (`topLevelDeclarations`), a walk over the program's statements that only tree shaking needs.
    package convenience init(tree: SyntaxTree, facts: SyntaxParseFacts, tokens: [JavaScriptToken], findingTopLevelDeclarations: Bool) {
        // Scopes and declarations as records of plain values (step 5n): a scope's declarations are a range of one table,
        // a declaration's name its ID, so that building, copying and freeing them retains and releases nothing per
        // scope or declaration. Written in place (step 5i: each append checked the array's uniqueness and capacity).
        let treeScopes = tree.scopes
        let (declarationTable, offsets) = Self.scopeDeclarations(tree)
        let scopeCount = min(treeScopes.count, facts.scopeFlags.count, facts.scopeFirstTokens.count, offsets.count - 1)
        let scopeRecords = [Scope.Record](unsafeUninitializedCapacity: scopeCount) { buffer, initialized in
            for index in 0..<scopeCount {
                let scope = treeScopes[index]
                let flags = facts.scopeFlags[index]
                var recordFlags: UInt8 = scope.isUnsafe ? Scope.Record.unsafeFlag : 0
                if flags & SyntaxParseFacts.containsReturnFlag != 0 { recordFlags |= Scope.Record.containsReturnFlag }
                if flags & SyntaxParseFacts.containsNewTargetFlag != 0 { recordFlags |= Scope.Record.containsNewTargetFlag }
                buffer.initializeElement(
                    at: index,
                    to: Scope.Record(
                        kind: scope.kind, flags: recordFlags, parent: scope.parent >= 0 ? scope.parent : -1,
                        firstToken: facts.scopeFirstTokens[index], declarationStart: offsets[index],
                        declarationEnd: offsets[index + 1]))
            }
            initialized = scopeCount
        }
        let symbols = tree.symbols
        let symbolCount = min(symbols.count, facts.symbolTokens.count, facts.symbolShorthands.count)
        let declarationRecords = [Declaration.Record](unsafeUninitializedCapacity: symbolCount) { buffer, initialized in
            for index in 0..<symbolCount {
                let symbol = symbols[index]
                buffer.initializeElement(
                    at: index,
                    to: Declaration.Record(
                        nameID: symbol.name, scope32: symbol.scope, token32: facts.symbolTokens[index], kind: symbol.kind,
                        isShorthandPattern: facts.symbolShorthands[index]))
            }
            initialized = symbolCount
        }
        var module = facts.module
        let found = Self.references(tree: tree, facts: facts, tokenCount: tokens.count)
        if found.usesModuleOrExports { module.usesModuleOrExports = true }
        if found.usesRequire { module.usesRequire = true }
        for candidate in facts.requireCandidates where tree.references[Int(candidate.reference)].symbol < 0 {
            if let call = candidate.call { module.requireCalls.append(call) }
            if let context = candidate.context { module.requireContexts.append(context) }
        }
        let written = found.written
        // Written in place, at most one a statement (step 5n: each append checked the array's uniqueness); none for a
        // file without `const` (reserving room for none made a buffer, once a file).
        let constStatements = facts.constStatements
        let unwrittenConsts =
            constStatements.isEmpty
            ? []
            : [UnwrittenConst](unsafeUninitializedCapacity: constStatements.count) { buffer, initialized in
                var n = 0
                for statement in constStatements {
                    let scope = Int(statement.scope)
                    guard scope < treeScopes.count, !treeScopes[scope].isUnsafe else { continue }
                    var isWritten = false
                    var d = Int(statement.firstSymbol)
                    while d < Int(statement.endSymbol), d < written.count, d < declarationRecords.count {
                        // Declarations of nested scopes (in initializers) are their own statements' business.
                        if written[d], Int(declarationRecords[d].scope32) == scope {
                            isWritten = true
                            break
                        }
                        d += 1
                    }
                    if !isWritten {
                        buffer.initializeElement(at: n, to: UnwrittenConst(keyword: statement.keyword, scope: statement.scope))
                        n += 1
                    }
                }
                initialized = n
            }
        let topLevelDeclarations = findingTopLevelDeclarations ? tree.topLevelDeclarations(facts: facts, tokens: tokens) : nil
        // `arguments` counts as used when a reference or a name of the file's scopes is it (not a property name).
        let arguments = facts.argumentsNameID
        let argumentsNameID = found.usesArguments || symbols.contains(where: { $0.name == arguments }) ? arguments : -1
        let names = tree.names
        self.init(
            scopes: ScopeTable(records: scopeRecords, declarationTable: declarationTable),
            declarations: DeclarationTable(records: declarationRecords, names: names), references: found.references,
            module: module, booleanLiterals: facts.booleanLiterals, unwrittenConsts: unwrittenConsts, writtenDeclarations: written,
            topLevelThis: facts.topLevelThis, statementBraces: facts.statementBraces,
            syntaxFeatures: SyntaxFeatureUses(firstTokens: facts.featureTokens), tokens: tokens, internedNames: names,
            argumentsNameID: argumentsNameID, topLevelDeclarations: topLevelDeclarations)
    }

    /// The tree's references (each with its name) and the repeated declarations, merged in token order; the written
    /// declarations; and the module facts that depend on free names.
    private static func references(
        tree: SyntaxTree, facts: SyntaxParseFacts, tokenCount: Int
    ) -> (references: [IdentifierReference], written: [Bool], usesArguments: Bool, usesModuleOrExports: Bool, usesRequire: Bool) {
        let references = tree.references, redeclarations = facts.redeclarations
        let referenceFacts = facts.references
        let symbols = tree.symbols
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
        return (merged, written, usesArguments, usesModuleOrExports, usesRequire)
    }

    /// Each scope's declarations (indexes of the tree's symbols, in declaration order), as one table bucketed by
    /// scope: scope `s`'s are `table[offsets[s]..<offsets[s + 1]]`, the range its `Scope.Record` holds. (A list of its
    /// own per scope was an allocation each, 120,818 on the large benchmark tree, and a release each when the analysis
    /// was freed: issue 41 step 4v.) The counts and cursors are written through buffer pointers (step 5n: each write of
    /// the cursor array checked its uniqueness, 268,000 times on the large tree).
    private static func scopeDeclarations(_ tree: SyntaxTree) -> (table: [Int], offsets: [Int32]) {
        let scopeCount = tree.scopes.count
        let symbols = tree.symbols
        var offsets = [Int32](repeating: 0, count: scopeCount + 1)
        offsets.withUnsafeMutableBufferPointer { offsets in
            for symbol in symbols where symbol.scope >= 0 && Int(symbol.scope) < scopeCount { offsets[Int(symbol.scope) + 1] += 1 }
            for scope in 0..<scopeCount { offsets[scope + 1] += offsets[scope] }
        }
        let total = Int(offsets[scopeCount])
        guard total > 0 else { return ([], offsets) }
        var cursor = offsets
        let table = cursor.withUnsafeMutableBufferPointer { cursor in
            [Int](unsafeUninitializedCapacity: total) { buffer, initialized in
                for index in 0..<symbols.count {
                    let scope = Int(symbols[index].scope)
                    guard scope >= 0, scope < scopeCount else { continue }
                    buffer.initializeElement(at: Int(cursor[scope]), to: index)
                    cursor[scope] += 1
                }
                initialized = total
            }
        }
        return (table, offsets)
    }
}
