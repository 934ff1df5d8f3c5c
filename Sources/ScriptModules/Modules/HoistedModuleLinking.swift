import ScriptSyntax

/// Linking a module that `ScopeHoisting` concatenates into the shared scope: no wrapper and no registry; its
/// import and export syntax goes, each imported binding is read by the name (or wrapped-module property) it
/// resolves to, top-level `this` reads `undefined`, and its top-level declarations take their shared-scope names.
extension ModuleLinker {
    /// A hoisted module ready to be written: its body with `edits`, then `;` when `needsTerminator`.
    package struct HoistedModule {
        package let edits: [TokenEdit]
        /// The shared-scope name of each of its top-level declarations and of each import binding that resolves to
        /// a name of the shared scope, by declaration index (the minifier renames them to these).
        package let topLevelNames: [Int: String]
        /// Whether the last statement left is not closed (another piece may follow it on the next line).
        package let needsTerminator: Bool
    }

    package mutating func linkHoisted(_ id: Int, plan: inout ScopeHoisting) throws(BundlerError) -> HoistedModule {
        let record = graph.records[id]
        try checkImports(record)
        guard let analysis = record.analysis else { return HoistedModule(edits: [], topLevelNames: [:], needsTerminator: false) }
        let module = analysis.module
        let tokens = record.tokens
        let bytes = record.bytes
        var edits = sharedEdits(record)
        for range in module.removableStatements {
            let previous = range.lowerBound - 1
            let needsSemicolon =
                previous >= 0 && !tokens[previous].isPunctuator(";", in: bytes) && !tokens[previous].isPunctuator("}", in: bytes)
            edits.append(.replace(range, with: needsSemicolon ? ";" : ""))
        }
        for token in module.exportKeywords {
            edits.append(.replace(token..<(token + 1), with: ""))
        }
        if let defaultExport = module.defaultExport {
            let start = defaultExport.exportToken
            let name = plan.name(.defaultValue(module: id))
            if defaultExport.isNamedDeclaration {
                edits.append(.replace(start..<(start + 2), with: ""))
            } else if defaultExport.isAnonymousDeclaration {
                edits.append(.replace(start..<(start + 2), with: ""))
                var nameSlot = start + 2
                while nameSlot < tokens.count, !tokens[nameSlot].isPunctuator("(", in: bytes),
                    !tokens[nameSlot].isPunctuator("{", in: bytes), !tokens[nameSlot].isKeyword("extends", in: bytes)
                {
                    nameSlot += 1
                }
                edits.append(.insert(" " + name, before: nameSlot))
            } else {
                edits.append(.replace(start..<(start + 2), with: "let " + name + " =", mappedTo: start))
            }
        }

        // The shared-scope name of each top-level declaration the minifier renames, by declaration.
        var names: [Int: String] = [:]
        names.reserveCapacity((analysis.scopes.first?.declarations.count ?? 0) + module.imports.count)
        // Imported bindings, by declaration: 1 + the index in `module.imports`, 0 for none (step 5d: an array read per
        // reference, where a dictionary keyed by declaration was hashed for every reference of the module).
        let imports = module.imports
        let declarationCount = analysis.declarations.count
        var bindingOf = [Int32](repeating: 0, count: declarationCount)
        for (index, binding) in imports.enumerated()
        where binding.request < record.requestTargets.count && binding.declaration >= 0 && binding.declaration < declarationCount {
            bindingOf[binding.declaration] = Int32(truncatingIfNeeded: index + 1)
        }
        let removed = module.removableStatements
        let memberReads = plan.memberOnlyNamespaces[id] ?? [:]
        for reference in analysis.references {
            guard let declaration = reference.declaration, declaration >= 0, declaration < declarationCount else { continue }
            let bound = Int(bindingOf[declaration])
            guard bound > 0 else { continue }
            let binding = imports[bound - 1]
            if removed.contains(where: { $0.contains(reference.token) }) { continue }
            let target = record.requestTargets[binding.request]
            let token = reference.token
            if let imported = binding.importedName {
                guard let resolved = plan.resolve(imported, of: target, graph: graph, linker: &self) else { continue }
                // A name of the shared scope: the minifier writes the reference as that name (a rename, which the
                // source map records with the original name).
                if case .symbol(let symbol) = resolved {
                    names[declaration] = plan.name(symbol)
                    continue
                }
                var text = plan.text(resolved)
                if reference.isCallee, case .member = resolved { text = "(0, " + text + ")" }
                if reference.isShorthandProperty { text = analysis.name(of: reference) + ": " + text }
                edits.append(.replace(token..<(token + 1), with: text, mappedTo: token))
            } else if memberReads[declaration] != nil {
                // `ns.name` of a hoisted module: the binding itself.
                let property = ScopeHoisting.propertyName(after: token, in: record)
                guard let resolved = plan.resolve(property, of: target, graph: graph, linker: &self) else { continue }
                var text = plan.text(resolved)
                if case .member = resolved, token + 3 < tokens.count,
                    tokens[token + 3].isPunctuator("(", in: bytes) || tokens[token + 3].kind == .template
                        || tokens[token + 3].kind == .templateHead
                {
                    text = "(0, " + text + ")"
                }
                edits.append(.replace(token..<(token + 3), with: text, mappedTo: token))
            } else {
                // The namespace as a value: a wrapped module's interop namespace, or a hoisted module's namespace object.
                names[declaration] = plan.name(plan.isHoisted[target] ? .namespace(module: target) : .wrapped(module: target))
            }
        }
        for token in TopLevelThis.tokens(in: record) ?? [] {
            let text = Self.undefinedNeedsParentheses(forThisAt: token, tokens: tokens, bytes: bytes) ? "(void 0)" : "void 0"
            edits.append(.replace(token..<(token + 1), with: text, mappedTo: token))
        }
        dropUnused(record, readExports: usage?.readNames(of: id), from: &edits)
        Self.sortEdits(&edits)

        for declaration in analysis.scopes.first?.declarations ?? [] where analysis.declarations.records[declaration].kind != .import {
            names[declaration] =
                plan.localName(module: id, declaration: declaration)
                ?? plan.name(.local(module: id, name: analysis.declarations[declaration].name))
        }
        return HoistedModule(edits: edits, topLevelNames: names, needsTerminator: !Self.endsClosed(record, edits: edits))
    }

    /// Whether `void 0` written for the `this` at `token` must be parenthesized to stay the operand it replaces: before
    /// a member access, a call, a tagged template or `**` (`void 0 .y = 1` does not parse, `void 0 .y` reads `0 .y`),
    /// and after `new`.
    static func undefinedNeedsParentheses(forThisAt token: Int, tokens: [JavaScriptToken], bytes: [UInt8]) -> Bool {
        if token > 0, tokens[token - 1].isKeyword("new", in: bytes) { return true }
        guard token + 1 < tokens.count else { return false }
        let next = tokens[token + 1]
        if next.kind == .template || next.kind == .templateHead { return true }
        for punctuator: StaticString in [".", "?.", "[", "(", "**"] where next.isPunctuator(punctuator, in: bytes) { return true }
        return false
    }

    /// Whether the source with `edits` (sorted) ends with a closed statement: `;`, a statement's `}`, or nothing.
    static func endsClosed(_ record: ModuleRecord, edits: [TokenEdit]) -> Bool {
        var token = record.tokens.count - 1
        var editIndex = edits.count - 1
        while token >= 0 {
            while editIndex >= 0,
                edits[editIndex].start > token || (edits[editIndex].start == edits[editIndex].end && edits[editIndex].start > token)
            {
                editIndex -= 1
            }
            if editIndex >= 0, edits[editIndex].start <= token, token < edits[editIndex].end {
                let edit = edits[editIndex]
                guard let last = edit.text.last(where: { !$0.isWhitespace }) else {
                    token = edit.start - 1
                    editIndex -= 1
                    continue
                }
                return last == ";"
            }
            if record.tokens[token].isPunctuator(";", in: record.bytes) { return true }
            if record.tokens[token].isPunctuator("}", in: record.bytes) {
                return record.analysis?.statementBraces.contains(Int32(truncatingIfNeeded: token)) ?? false
            }
            return false
        }
        return true
    }
}
