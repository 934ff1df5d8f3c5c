/// Chooses short names for a piece written as one parsed source (a module or a script) inside a generated
/// wrapper function, from the source's own scope analysis: the piece is not parsed again.
///
/// The wrapper is one more function scope that takes the place of the source's top level (scope 0): the
/// source's top-level declarations become its locals, next to the wrapper's own bindings (parameters such as
/// `module`, `require`, `__wkpack_ns`, request variables `__wkpack_m0`, `__wkpack_default`); free references
/// of the source to those names denote them. Tokens the linker's edits removed take no part; identifiers in
/// generated text denote a wrapper binding, a top-level declaration (export getters) or a free name (the
/// runtime's functions, never renamed). Otherwise the rules are `IdentifierRenamer`'s.
enum WrappedBodyRenamer {
    /// Renames by index of `pieceTokens.tokens`. `generated` holds the piece's generated text, placed at offset
    /// `source.count` (for the names of generated tokens), `analysis` is the parse of the copied `source` (`nil`:
    /// the source holds no bindings, as JSON), `bindings` the names the wrapper declares, and `isStrict` whether the
    /// wrapper is strict code while `analysis` may have been made as sloppy code (function declarations in blocks
    /// are then kept, as in strict code).
    static func renames(
        _ analysis: ScopeAnalysis?, source: [UInt8], pieceTokens: PieceTokens, generated: [UInt8], bindings: [String], isStrict: Bool,
        hoistedNames: [Int: String]? = nil
    ) -> IdentifierRenames {
        var written: [Int32] = []
        return renames(
            analysis, source: source, pieceTokens: pieceTokens, generated: generated, bindings: bindings,
            isStrict: isStrict, hoistedNames: hoistedNames, written: &written)
    }

    /// `renames(...)`, also giving where each source token was written: its index in `pieceTokens.tokens`, -1
    /// where an edit removed it.
    ///
    /// `hoistedNames` (a scope-hoisted module, no wrapper): the source's top level is a scope shared with other
    /// pieces, and each of its declarations takes the given name (by declaration index; an import binding takes the
    /// name of the binding it resolves to, so its references are written as that name); no other binding of the
    /// piece takes one of those names, and generated names always denote names of the shared scope.
    /// `blockFunctions`: `hoistedBlockFunctions(analysis, source:)`, when known already.
    static func renames(
        _ analysis: ScopeAnalysis?, source: [UInt8], pieceTokens: PieceTokens, generated: [UInt8], bindings: [String], isStrict: Bool,
        hoistedNames: [Int: String]? = nil, blockFunctions knownBlockFunctions: Set<Int>? = nil, written: inout [Int32]
    ) -> IdentifierRenames {
        let plan = Plan(
            analysis, source: source, pieceTokens: pieceTokens, generated: generated, bindings: bindings, isStrict: isStrict,
            hoistedDeclarations: hoistedNames.map { Set($0.keys) }, blockFunctions: knownBlockFunctions)
        written = plan.written
        return renames(plan, analysis, pieceTokenCount: pieceTokens.tokens.count, hoistedNames: hoistedNames)
    }

    /// What renaming a piece finds before it chooses names, which the hoisted names' spellings do not change (only
    /// which declarations take one): pieces of one source that differ in those spellings alone (the same module
    /// hoisted into several bundles) share it (`MinifierPassMemo.plan(for:_:)`).
    struct Plan {
        /// Where each source token was written (see `renames(...)`).
        let written: [Int32]
        /// Declarations of the source, then the wrapper's bindings (`count...`).
        let count: Int
        let bindingNames: [String]
        let referenceCounts: [Int]
        /// Names no renamed binding may take, but the hoisted names.
        let forbidden: Set<String>
        let renamable: [Bool]
        /// Free references (index into `analysis.references`) and generated tokens that denote a binding.
        let boundFree: [(reference: Int, declaration: Int)]
        let boundGenerated: [(token: Int, declaration: Int)]
        let scopes: [Scope]

        /// `hoistedDeclarations`: the declarations that take a hoisted name (`nil`: the piece is wrapped).
        init(
            _ analysis: ScopeAnalysis?, source: [UInt8], pieceTokens: PieceTokens, generated: [UInt8], bindings: [String], isStrict: Bool,
            hoistedDeclarations: Set<Int>?, blockFunctions knownBlockFunctions: Set<Int>?
        ) {
            var scopes = analysis?.scopes ?? []
            if scopes.isEmpty { scopes = [Scope(kind: .function, parent: nil, firstToken: 0)] }
            let declarations = analysis?.declarations ?? []
            let count = declarations.count
            let sourceTokenCount = analysis?.tokens.count ?? 0

            // Where each source token was written, -1 where an edit removed it.
            var written = [Int32](repeating: -1, count: sourceTokenCount)
            for (index, source) in pieceTokens.sourceTokens.enumerated() where source >= 0 && Int(source) < sourceTokenCount {
                written[Int(source)] = Int32(truncatingIfNeeded: index)
            }
            func isWritten(_ declaration: Int) -> Bool { written[declarations[declaration].token] >= 0 }

            // The wrapper's bindings are declarations `count...`, first in the wrapper's scope.
            var bindingIndex: [String: Int] = [:]
            bindingIndex.reserveCapacity(bindings.count)
            var names: [String] = []
            for name in bindings where bindingIndex[name] == nil {
                bindingIndex[name] = count + names.count
                names.append(name)
            }
            let total = count + names.count
            func name(_ declaration: Int) -> String {
                declaration < count ? declarations[declaration].name : names[declaration - count]
            }

            var referenceCounts = [Int](repeating: 0, count: total)
            var forbidden = ReservedNames.words
            // Per free reference (index into `analysis.references`) that denotes a wrapper binding.
            var boundFree: [(reference: Int, declaration: Int)] = []
            if let analysis {
                // Each name is looked up (and hashed) once, not once per reference: per name ID of a free reference,
                // the wrapper binding it denotes, -1 for none (a forbidden name), -2 when not seen yet; per
                // declaration, whether its name is already forbidden.
                let nameIDs = analysis.tokenNameIDs, interned = analysis.internedNames
                var freeBinding = [Int](repeating: -2, count: interned.count)
                var forbiddenDeclaration = [Bool](repeating: false, count: count)
                for (index, reference) in analysis.references.enumerated() where written[reference.token] >= 0 {
                    if let declaration = reference.declaration {
                        if isWritten(declaration) {
                            referenceCounts[declaration] += 1
                        } else if !forbiddenDeclaration[declaration] {
                            forbiddenDeclaration[declaration] = true
                            forbidden.insert(declarations[declaration].name)
                        }
                        continue
                    }
                    let id = reference.token < nameIDs.count ? Int(nameIDs[reference.token]) : -1
                    let binding: Int
                    if id >= 0, id < interned.count {
                        if freeBinding[id] == -2 {
                            if let found = bindingIndex[interned[id]] {
                                freeBinding[id] = found
                            } else {
                                freeBinding[id] = -1
                                forbidden.insert(interned[id])
                            }
                        }
                        binding = freeBinding[id]
                    } else {
                        let referenced = analysis.name(of: reference)
                        if let found = bindingIndex[referenced] {
                            binding = found
                        } else {
                            binding = -1
                            forbidden.insert(referenced)
                        }
                    }
                    if binding >= 0 {
                        referenceCounts[binding] += 1
                        boundFree.append((index, binding))
                    }
                }
            }

            // Identifiers of generated text: a wrapper binding, a top-level declaration, or a free name.
            var topLevel: [String: Int]?
            var boundGenerated: [(token: Int, declaration: Int)] = []
            for token in pieceTokens.generatedNames {
                let range = pieceTokens.tokens[token].range
                guard range.lowerBound >= source.count, range.upperBound - source.count <= generated.count else { continue }
                let generatedName = String(
                    decoding: generated[(range.lowerBound - source.count)..<(range.upperBound - source.count)], as: UTF8.self)
                if let binding = bindingIndex[generatedName] {
                    referenceCounts[binding] += 1
                    boundGenerated.append((token, binding))
                    continue
                }
                if hoistedDeclarations != nil {
                    forbidden.insert(generatedName)
                    continue
                }
                if topLevel == nil {
                    var byName: [String: Int] = [:]
                    byName.reserveCapacity(scopes[0].declarations.count)
                    for declaration in scopes[0].declarations where declaration < count {
                        byName[declarations[declaration].name] = declaration
                    }
                    topLevel = byName
                }
                if let declaration = topLevel?[generatedName], isWritten(declaration) {
                    referenceCounts[declaration] += 1
                    boundGenerated.append((token, declaration))
                } else {
                    forbidden.insert(generatedName)
                }
            }

            // Each wrapper binding is declared once in generated text (a parameter, `var`, `const`, function name):
            // that occurrence is no reference.
            for index in count..<total where referenceCounts[index] > 0 { referenceCounts[index] -= 1 }

            var renamable = [Bool](repeating: false, count: total)
            var blockFunctions = Set<Int>()
            if isStrict, let analysis { blockFunctions = knownBlockFunctions ?? hoistedBlockFunctions(analysis, source: source) }
            // Per declaration, whether it takes a shared-scope name; per scope, whether it is a var scope and unsafe
            // (read once here, not copied out of `scopes` per declaration).
            var isHoisted = [Bool](repeating: false, count: count)
            for declaration in hoistedDeclarations ?? [] where declaration >= 0 && declaration < count { isHoisted[declaration] = true }
            let scopeFlags = scopes.map { (isVarScope: $0.isVarScope, isUnsafe: $0.isUnsafe) }
            for index in 0..<count where isWritten(index) && !isHoisted[index] {
                let kind = declarations[index].kind
                let flags = scopeFlags[declarations[index].scope]
                let blockFunction = kind == .function && (!flags.isVarScope || blockFunctions.contains(index))
                if flags.isUnsafe || blockFunction || kind == .import
                    || declarations[index].name == "arguments" || declarations[index].name == "eval"
                {
                    forbidden.insert(declarations[index].name)
                } else {
                    renamable[index] = true
                }
            }
            // A top-level `var __wkpack_...` of the source would be the same variable as a wrapper binding of that
            // name: keep both names.
            var clashing = Set<Int>()
            for declaration in scopes[0].declarations
            where declaration < count && declarations[declaration].name.utf8.starts(with: "__wkpack_".utf8) {
                if let binding = bindingIndex[declarations[declaration].name] {
                    clashing.insert(binding)
                    renamable[declaration] = false
                    forbidden.insert(declarations[declaration].name)
                }
            }
            for index in count..<total {
                if scopes[0].isUnsafe || clashing.contains(index) {
                    forbidden.insert(names[index - count])
                } else {
                    renamable[index] = true
                }
            }
            self.written = written
            self.count = count
            bindingNames = names
            self.referenceCounts = referenceCounts
            self.forbidden = forbidden
            self.renamable = renamable
            self.boundFree = boundFree
            self.boundGenerated = boundGenerated
            self.scopes = scopes
        }
    }

    /// The renames of a piece by `plan`, its top-level declarations in `hoistedNames` taking those names.
    static func renames(_ plan: Plan, _ analysis: ScopeAnalysis?, pieceTokenCount: Int, hoistedNames: [Int: String]?) -> IdentifierRenames {
        let declarations = analysis?.declarations ?? []
        let count = plan.count, total = count + plan.bindingNames.count, written = plan.written
        func name(_ declaration: Int) -> String {
            declaration < count ? declarations[declaration].name : plan.bindingNames[declaration - count]
        }
        var forbidden = plan.forbidden
        for name in (hoistedNames ?? [:]).values { forbidden.insert(name) }
        var newNames = IdentifierRenamer.assignNames(
            scopes: plan.scopes, extraInScopeZero: Array(count..<total), names: name, renamable: plan.renamable,
            referenceCounts: plan.referenceCounts, forbidden: forbidden)
        for (declaration, hoisted) in hoistedNames ?? [:] where declaration < count && declarations[declaration].name != hoisted {
            newNames[declaration] = Array(hoisted.utf8)
        }
        var table = RenameTable(newNames: newNames, originalName: name)
        var result = IdentifierRenames(byToken: [Int32](repeating: -1, count: pieceTokenCount))
        for (index, declaration) in declarations.enumerated() {
            let token = written[declaration.token]
            guard token >= 0 else { continue }
            let rename = table.rename(of: index, shorthand: declaration.isShorthandPattern)
            if rename >= 0 { result.byToken[Int(token)] = rename }
        }
        if let analysis {
            for reference in analysis.references {
                guard let declaration = reference.declaration else { continue }
                let token = written[reference.token]
                guard token >= 0 else { continue }
                let rename = table.rename(of: declaration, shorthand: reference.isShorthandProperty)
                if rename >= 0 { result.byToken[Int(token)] = rename }
            }
            for (reference, declaration) in plan.boundFree {
                let token = written[analysis.references[reference].token]
                let rename = table.rename(of: declaration, shorthand: analysis.references[reference].isShorthandProperty)
                if rename >= 0 { result.byToken[Int(token)] = rename }
            }
        }
        for (token, declaration) in plan.boundGenerated {
            let rename = table.rename(of: declaration, shorthand: false)
            if rename >= 0 { result.byToken[token] = rename }
        }
        result.table = table.renames
        return result
    }

    /// Function declarations written inside a block that a sloppy-mode parse moved to the enclosing function's
    /// scope (Annex B). In strict code they belong to the block: found as those whose innermost enclosing `{`
    /// opens a block scope.
    static func hoistedBlockFunctions(_ analysis: ScopeAnalysis, source: [UInt8]) -> Set<Int> {
        let tokens = analysis.tokens
        // `function` keyword position -> declaration, for function declarations in a function-level scope.
        var candidates: [(keyword: Int, declaration: Int)] = []
        for (index, declaration) in analysis.declarations.enumerated()
        where declaration.kind == .function && analysis.scopes[declaration.scope].isVarScope {
            var keyword = declaration.token - 1
            if keyword >= 0, tokens[keyword].kind == .punctuator, tokens[keyword].end - tokens[keyword].start == 1 { keyword -= 1 }
            if keyword >= 0 { candidates.append((keyword, index)) }
        }
        guard !candidates.isEmpty else { return [] }
        candidates.sort { $0.keyword < $1.keyword }
        // First tokens of the scopes a `{` opens, built on first need (most candidates are in no brace at all).
        var blockStarts: Set<Int>?
        var result = Set<Int>()
        // Open `{` positions (the braces of template substitutions belong to template tokens).
        var open: [Int] = []
        var k = 0
        for candidate in candidates {
            while k < candidate.keyword, k < tokens.count {
                let token = tokens[k]
                if token.kind == .punctuator, token.end - token.start == 1, token.start < source.count {
                    if source[token.start] == 0x7B {
                        open.append(k)
                    } else if source[token.start] == 0x7D {
                        _ = open.popLast()
                    }
                }
                k += 1
            }
            guard let innermost = open.last else { continue }
            if blockStarts == nil {
                var starts = Set<Int>()
                for scope in analysis.scopes where !scope.isVarScope && scope.kind != .expressionName && scope.kind != .classBody {
                    starts.insert(scope.firstToken)
                }
                blockStarts = starts
            }
            if blockStarts?.contains(innermost + 1) == true { result.insert(candidate.declaration) }
        }
        return result
    }
}
