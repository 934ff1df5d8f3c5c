import ScriptSyntax

/// Scope hoisting of a production bundle: which ES modules run concatenated in one shared strict scope
/// instead of in registry wrappers, in what order, and under which names.
///
/// A module is hoisted when nothing can observe the difference: an ES module with a parse, no direct `eval` or
/// `with`, no `arguments` at its top level, no free `require`, `module`, `exports` or `global`, no assignment to an import binding
/// (it throws; written as the exporter's own binding it would not), in no import cycle, never the target
/// of `require`, `import()` or `require.context` (those look it up in the registry at run time), whose exports
/// are all known before run time (no `export *` of a CommonJS module). A namespace import read only as `ns.name`
/// reads the binding itself; a namespace used as a value is an object made as the registry makes one (null
/// prototype, `Symbol.toStringTag` "Module", a getter per export), right after its module's code. Every module a
/// wrapped module imports stays wrapped too (its header looks it up in the registry), and so does a module one
/// of whose imported names does not resolve statically.
///
/// The hoisted modules run in ES module evaluation order (depth-first post-order from the entries); a wrapped
/// module a hoisted one imports is evaluated where the wrapper's header would have required it, into one shared
/// variable (`var v = interop(id)`). Imported bindings are referenced directly by the name of the declaration they
/// resolve to (following re-exports and `export *`), or as a property of such a variable for a wrapped module.
package struct ScopeHoisting {
    /// A name of the shared scope.
    package enum Symbol: Hashable {
        /// A top-level declaration of a hoisted module, by its name there.
        case local(module: Int, name: String)
        /// The value of a hoisted module's `export default <expression>` or anonymous default declaration.
        case defaultValue(module: Int)
        /// The namespace (or CommonJS interop namespace) of a wrapped module a hoisted module imports.
        case wrapped(module: Int)
        /// The function holding an inline (plain script) entry's code, called where the entry runs.
        case plainEntry(module: Int)
        /// The namespace object of a hoisted module whose namespace is used as a value.
        case namespace(module: Int)
        /// The function making such namespace objects.
        case namespaceMaker
    }

    /// What an imported name denotes: a name of the shared scope, or a property of a wrapped module's namespace.
    enum Binding: Equatable {
        case symbol(Symbol)
        case member(Symbol, access: String)
    }

    /// One statement of the hoisted region, in evaluation order.
    package enum Step: Equatable {
        /// A hoisted module's code.
        case module(Int)
        /// `var <namespace> = makeNamespace({name: () => binding, ...})`: right after the module's code.
        case namespace(Int)
        /// `var <wrapped> = interop(id)`: a wrapped module a hoisted one imports, evaluated at that point.
        case wrappedImport(Int)
        /// `require(id)`: a wrapped entry.
        case wrappedEntry(Int)
        /// An inline (plain script) entry: its function is called here.
        case plainEntry(Int)
    }

    /// Per module id: whether it is hoisted.
    package private(set) var isHoisted: [Bool]
    package private(set) var steps: [Step] = []
    /// The name of each symbol a step or an edit uses: its position in `symbolNames` (step 5d: the table
    /// `assignNames` counts the symbols' uses in, kept, where a second table keyed by symbol hashed each again).
    private var symbolPositions: [Symbol: Int] = [:]
    private var symbolNames: [String] = []
    /// Per module, per declaration of its top level: the position of its `Symbol.local` (-1 for none), so that the
    /// linker reads each top-level declaration's name without hashing the symbol again (step 5d).
    private var localPositions: [[Int32]] = []
    /// Per hoisted module: the namespace imports read only as `ns.name`, by declaration, with the token of each
    /// such read's `ns` (its `.` and name follow).
    private(set) var memberOnlyNamespaces: [Int: [Int: [Int]]] = [:]
    private var resolved: [ResolutionKey: Binding?] = [:]
    /// The hoisted modules whose namespace object is made (used as a value).
    package private(set) var namespaceModules = Set<Int>()

    private struct ResolutionKey: Hashable {
        package let module: Int
        package let name: String
    }

    /// Whether some module is hoisted.
    package var hoistsAny: Bool { isHoisted.contains(true) }

    /// Plans the bundle of `graph` linked by `linker` (production, with tree shaking): `inlineEntries` run as plain
    /// scripts, `taken` holds the short names no generated name may take (every name a file uses, the runtime's).
    package init(graph: ModuleGraph, linker: inout ModuleLinker, inlineEntries: Set<Int>, taken: ShortNameSet) {
        let records = graph.records
        let count = records.count
        var hoisted = [Bool](repeating: false, count: count)
        var lookedUp = [Bool](repeating: false, count: count)
        // The records are read in place (`records[slot].field`), not copied: a copy retains each of a record's
        // references and releases them again (step 5q).
        for slot in records.indices {
            for target in records[slot].requireTargets.values where target < count { lookedUp[target] = true }
            for target in records[slot].dynamicTargets { if let target, target < count { lookedUp[target] = true } }
            for context in records[slot].contextTargets {
                for entry in context where entry.id < count { lookedUp[entry.id] = true }
            }
        }
        let cyclic = Self.modulesInCycles(graph)
        for slot in records.indices
        where records[slot].kind == .esModule && !linker.isLeftOut(records[slot].id)
            && !inlineEntries.contains(records[slot].id)
        {
            let id = records[slot].id
            guard let analysis = records[slot].analysis, !lookedUp[id], !cyclic[id],
                !(analysis.scopes.first?.isUnsafe ?? true), ModuleLinker.freeNames(records[slot]).isEmpty,
                analysis.module.requireContexts.isEmpty, !analysis.module.usesRequire, !analysis.module.usesModuleOrExports,
                linker.exportNames(of: id) != nil, TopLevelThis.tokens(in: records[slot]) != nil
            else { continue }
            guard TopLevelThis.readsArguments(records[slot]) == false else { continue }
            // Assigning an import throws; written as the exporter's own binding, it would not.
            if Self.assignsImport(records[slot]) { continue }
            hoisted[id] = true
        }
        // Namespaces taken as values are made as objects (as the registry makes them) after their module's code.
        var memberOnly: [Int: [Int: [Int]]] = [:]
        var namespaces = Set<Int>()
        for slot in records.indices where !linker.isLeftOut(records[slot].id) {
            guard let analysis = records[slot].analysis else { continue }
            let module = analysis.module
            let requestTargets = records[slot].requestTargets
            for export in module.exports {
                if case .namespace(let request) = export.source, request < requestTargets.count {
                    namespaces.insert(requestTargets[request])
                }
            }
            for binding in module.imports where binding.importedName == nil && binding.request < requestTargets.count {
                let target = requestTargets[binding.request]
                guard hoisted[target] else { continue }
                if let reads = Self.memberReads(
                    of: binding.declaration, in: records[slot], exportNames: linker.exportNames(of: target) ?? [])
                {
                    memberOnly[records[slot].id, default: [:]][binding.declaration] = reads
                } else {
                    namespaces.insert(target)
                }
            }
        }
        isHoisted = hoisted
        // A wrapped module's imports are looked up in the registry; an import that does not resolve keeps its
        // importer wrapped. Repeated until nothing changes (each round only unhoists).
        var changed = true
        while changed {
            changed = false
            resolved = [:]
            for slot in records.indices where !linker.isLeftOut(records[slot].id) && !inlineEntries.contains(records[slot].id) {
                let id = records[slot].id
                let requestTargets = records[slot].requestTargets
                if !isHoisted[id] {
                    for target in requestTargets where target < count && isHoisted[target] {
                        isHoisted[target] = false
                        changed = true
                    }
                    continue
                }
                guard let module = records[slot].analysis?.module else { continue }
                var resolves = true
                for binding in module.imports where binding.request < requestTargets.count {
                    let target = requestTargets[binding.request]
                    if let name = binding.importedName {
                        if resolve(name, of: target, graph: graph, linker: &linker) == nil { resolves = false }
                    } else if isHoisted[target] {
                        for read in memberOnly[id]?[binding.declaration] ?? [] {
                            let property = Self.propertyName(after: read, in: records[slot])
                            if resolve(property, of: target, graph: graph, linker: &linker) == nil {
                                resolves = false
                            }
                        }
                    }
                }
                for export in module.exports {
                    if case .reexport(let request, let name) = export.source, request < requestTargets.count,
                        resolve(name, of: requestTargets[request], graph: graph, linker: &linker) == nil
                    {
                        resolves = false
                    }
                }
                if !resolves {
                    isHoisted[id] = false
                    changed = true
                }
            }
        }
        memberOnlyNamespaces = memberOnly.filter { isHoisted[$0.key] }
        // A namespace object reads every export: each must resolve, or the module stays wrapped (and so its imports).
        var unresolved = true
        while unresolved {
            unresolved = false
            for target in namespaces.sorted() where isHoisted[target] {
                for name in (linker.exportNames(of: target) ?? []).sorted()
                where resolve(name, of: target, graph: graph, linker: &linker) == nil {
                    isHoisted[target] = false
                }
                guard !isHoisted[target] else { continue }
                unresolved = true
                var pending = [target]
                while let module = pending.popLast() {
                    for request in records[module].requestTargets where request < count && isHoisted[request] {
                        isHoisted[request] = false
                        pending.append(request)
                    }
                }
                resolved = [:]
            }
        }
        namespaceModules = namespaces.filter { isHoisted[$0] }
        memberOnlyNamespaces = memberOnlyNamespaces.filter { isHoisted[$0.key] }
        guard hoistsAny else { return }
        steps = Self.order(graph, isHoisted: isHoisted, namespaces: namespaceModules, linker: linker, inlineEntries: inlineEntries)
        assignNames(graph: graph, linker: &linker, inlineEntries: inlineEntries, taken: taken)
    }

    /// The getters of the namespace object of hoisted module `id`: each export name (sorted) and the text that
    /// reads its binding.
    package mutating func namespaceGetters(of id: Int, graph: ModuleGraph, linker: inout ModuleLinker) -> [(name: String, text: String)] {
        var getters: [(name: String, text: String)] = []
        for name in (linker.exportNames(of: id) ?? []).sorted() {
            guard let binding = resolve(name, of: id, graph: graph, linker: &linker) else { continue }
            getters.append((name, text(binding)))
        }
        return getters
    }

    /// The name of top-level declaration `declaration` of hoisted module `module` (`name(.local(module:name:))` of
    /// its name), `nil` where `assignNames` did not list it.
    func localName(module: Int, declaration: Int) -> String? {
        guard module >= 0, module < localPositions.count, declaration >= 0, declaration < localPositions[module].count else {
            return nil
        }
        let position = Int(localPositions[module][declaration])
        guard position >= 0, position < symbolNames.count else { return nil }
        return symbolNames[position]
    }

    /// The name of `symbol` (assigned to every symbol the plan uses).
    package func name(_ symbol: Symbol) -> String {
        guard let position = symbolPositions[symbol], position < symbolNames.count else { return "__wkpack_missing" }
        return symbolNames[position]
    }

    /// The text that reads `binding`.
    func text(_ binding: Binding) -> String {
        switch binding {
        case .symbol(let symbol): return name(symbol)
        case .member(let symbol, let access): return name(symbol) + access
        }
    }

    /// What export `name` of module `id` denotes from the shared scope; `nil` when it cannot be said statically.
    mutating func resolve(_ name: String, of id: Int, graph: ModuleGraph, linker: inout ModuleLinker) -> Binding? {
        let key = ResolutionKey(module: id, name: name)
        if let known = resolved[key] { return known }
        resolved[key] = .some(nil)
        let result = computeResolution(name, of: id, graph: graph, linker: &linker)
        resolved[key] = .some(result)
        return result
    }

    private mutating func computeResolution(_ name: String, of id: Int, graph: ModuleGraph, linker: inout ModuleLinker) -> Binding? {
        guard id < graph.records.count else { return nil }
        guard isHoisted[id] else {
            return .member(.wrapped(module: id), access: ModuleLinker.propertyAccess(linker.namespaceKeys(of: id)?[name] ?? name))
        }
        guard let analysis = graph.records[id].analysis else { return nil }
        let requestTargets = graph.records[id].requestTargets
        let module = analysis.module
        if let export = module.exports.first(where: { $0.exportedName == name }) {
            switch export.source {
            case .local(let local, _):
                return resolveLocal(local, of: id, graph: graph, linker: &linker)
            case .defaultExpression:
                return .symbol(.defaultValue(module: id))
            case .reexport(let request, let imported):
                guard request < requestTargets.count else { return nil }
                return resolve(imported, of: requestTargets[request], graph: graph, linker: &linker)
            case .namespace(let request):
                guard request < requestTargets.count else { return nil }
                let target = requestTargets[request]
                return .symbol(isHoisted[target] ? .namespace(module: target) : .wrapped(module: target))
            }
        }
        guard name != "default" else { return nil }
        for request in module.starExports where request < requestTargets.count {
            let target = requestTargets[request]
            guard graph.records[target].kind == .esModule, let names = linker.exportNames(of: target) else { return nil }
            if names.contains(name) { return resolve(name, of: target, graph: graph, linker: &linker) }
        }
        return nil
    }

    /// The binding of the top-level name `local` of hoisted module `id`: its own declaration, or what the import
    /// of that name denotes.
    private mutating func resolveLocal(_ local: String, of id: Int, graph: ModuleGraph, linker: inout ModuleLinker) -> Binding? {
        guard let analysis = graph.records[id].analysis, let scope = analysis.scopes.first else { return nil }
        guard let declaration = scope.declarations.first(where: { analysis.declarations.name(of: $0) == local }) else { return nil }
        guard analysis.declarations.records[declaration].kind == .import else {
            return .symbol(.local(module: graph.records[id].id, name: local))
        }
        let requestTargets = graph.records[id].requestTargets
        guard let binding = analysis.module.imports.first(where: { $0.declaration == declaration }),
            binding.request < requestTargets.count
        else { return nil }
        let target = requestTargets[binding.request]
        if let imported = binding.importedName { return resolve(imported, of: target, graph: graph, linker: &linker) }
        return .symbol(isHoisted[target] ? .namespace(module: target) : .wrapped(module: target))
    }

    /// The tokens of the references to namespace import `declaration` when each is read as `ns.name` (a name the
    /// module exports) and never written through or used otherwise; `nil` when one is not.
    static func memberReads(of declaration: Int, in record: ModuleRecord, exportNames: Set<String>) -> [Int]? {
        guard let analysis = record.analysis else { return nil }
        let tokens = record.tokens
        let bytes = record.bytes
        let removed = analysis.module.removableStatements
        var reads: [Int] = []
        for reference in analysis.references where reference.declaration == declaration {
            let token = reference.token
            if removed.contains(where: { $0.contains(token) }) { return nil }
            guard !reference.isShorthandProperty, token + 2 < tokens.count, tokens[token + 1].isPunctuator(".", in: bytes),
                tokens[token + 2].kind == .identifier || tokens[token + 2].kind == .keyword,
                !bytes[tokens[token + 2].range].contains(0x5C),
                exportNames.contains(propertyName(after: token, in: record))
            else { return nil }
            if token > 0, ["++", "--", "delete"].contains(text(of: tokens[token - 1], in: bytes)) { return nil }
            if token + 3 < tokens.count, tokens[token + 3].kind == .punctuator,
                assignmentOperators.contains(text(of: tokens[token + 3], in: bytes))
            {
                return nil
            }
            reads.append(token)
        }
        return reads
    }

    /// Whether the module assigns one of its import bindings (`x = 1`, `x += 1`, `x++`, `--x`), which throws. The
    /// scope analysis marks such bindings written, conservatively (a name anywhere in an assignment target counts);
    /// the tokens around each reference then tell a direct assignment.
    static func assignsImport(_ record: ModuleRecord) -> Bool {
        guard record.analysis != nil else { return false }
        guard let facts = record.facts else { return findAssignsImport(record) }
        return facts.assignsImport { findAssignsImport(record) }
    }

    private static func findAssignsImport(_ record: ModuleRecord) -> Bool {
        guard let analysis = record.analysis else { return false }
        let written = analysis.writtenDeclarations
        var imported = Set<Int>()
        for binding in analysis.module.imports where binding.declaration < written.count && written[binding.declaration] {
            imported.insert(binding.declaration)
        }
        guard !imported.isEmpty else { return false }
        let tokens = record.tokens
        for reference in analysis.references {
            guard let declaration = reference.declaration, imported.contains(declaration) else { continue }
            let token = reference.token
            if token > 0, ["++", "--"].contains(text(of: tokens[token - 1], in: record.bytes)) { return true }
            if token + 1 < tokens.count, tokens[token + 1].kind == .punctuator,
                assignmentOperators.contains(text(of: tokens[token + 1], in: record.bytes))
            {
                return true
            }
        }
        return false
    }

    /// The property name of the read `ns.name` whose `ns` is token `token`.
    static func propertyName(after token: Int, in record: ModuleRecord) -> String {
        guard token + 2 < record.tokens.count else { return "" }
        return text(of: record.tokens[token + 2], in: record.bytes)
    }

    private static func text(of token: JavaScriptToken, in bytes: [UInt8]) -> String {
        token.end <= bytes.count ? String(decoding: bytes[token.range], as: UTF8.self) : ""
    }

    private static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--",
    ]

    /// Per module: whether it lies on a cycle of static imports (itself included).
    static func modulesInCycles(_ graph: ModuleGraph) -> [Bool] {
        let count = graph.records.count
        var result = [Bool](repeating: false, count: count)
        // Tarjan's strongly connected components, iteratively.
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        for root in 0..<count where index[root] < 0 {
            var frames: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = next
            low[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let targets = graph.records[frame.node].requestTargets
                if frame.edge < targets.count {
                    frames[frames.count - 1].edge += 1
                    let target = targets[frame.edge]
                    guard target < count else { continue }
                    if target == frame.node { result[target] = true }
                    if index[target] < 0 {
                        index[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[frame.node] = min(low[frame.node], index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[frame.node]) }
                if low[frame.node] == index[frame.node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == frame.node { break }
                    }
                    if component.count > 1 { for member in component { result[member] = true } }
                }
            }
        }
        return result
    }

    /// The steps in evaluation order: each entry in group order, a hoisted one after its imports (depth first, in
    /// request order), each module once.
    private static func order(
        _ graph: ModuleGraph, isHoisted: [Bool], namespaces: Set<Int>, linker: ModuleLinker, inlineEntries: Set<Int>
    ) -> [Step] {
        var steps: [Step] = []
        var visited = [Bool](repeating: false, count: graph.records.count)
        var importedWrapped = [Bool](repeating: false, count: graph.records.count)
        for entry in graph.entries {
            if inlineEntries.contains(entry) {
                steps.append(.plainEntry(entry))
                continue
            }
            guard isHoisted[entry] else {
                steps.append(.wrappedEntry(entry))
                continue
            }
            guard !visited[entry] else { continue }
            visited[entry] = true
            var frames: [(module: Int, request: Int)] = [(entry, 0)]
            while let frame = frames.last {
                let targets = graph.records[frame.module].requestTargets
                if frame.request < targets.count {
                    frames[frames.count - 1].request += 1
                    let target = targets[frame.request]
                    if linker.isLeftOut(target) { continue }
                    if isHoisted[target] {
                        if !visited[target] {
                            visited[target] = true
                            frames.append((target, 0))
                        }
                    } else if !importedWrapped[target] {
                        importedWrapped[target] = true
                        steps.append(.wrappedImport(target))
                    }
                    continue
                }
                frames.removeLast()
                steps.append(.module(frame.module))
                if namespaces.contains(frame.module) { steps.append(.namespace(frame.module)) }
            }
        }
        return steps
    }

    /// Short names for every symbol, the most referenced first, none in `taken` or a reserved word.
    private mutating func assignNames(graph: ModuleGraph, linker: inout ModuleLinker, inlineEntries: Set<Int>, taken: ShortNameSet) {
        // Per symbol in order of first use: its count (a symbol is hashed once per use).
        var positions: [Symbol: Int] = [:]
        var orderCounts: [Int] = []
        // Room for every symbol up front (a module's top-level declarations and imports, two per other step), so
        // the table is not rehashed as it grows.
        var expected = 0
        for step in steps {
            if case .module(let id) = step, let analysis = graph.records[id].analysis {
                expected += (analysis.scopes.first?.declarations.count ?? 0) + analysis.module.imports.count + 1
            } else {
                expected += 2
            }
        }
        positions.reserveCapacity(expected)
        localPositions = [[Int32]](repeating: [], count: graph.records.count)
        orderCounts.reserveCapacity(expected)
        // One look-up per use (the `default:` subscript's in-place access inserts a new symbol where it finds none).
        func position(_ value: inout Int) -> Int { value }
        @discardableResult func add(_ symbol: Symbol, _ amount: Int) -> Int {
            let next = orderCounts.count
            let found = position(&positions[symbol, default: next])
            if found == next {
                orderCounts.append(amount)
            } else {
                orderCounts[found] += amount
            }
            return found
        }
        for step in steps {
            switch step {
            case .wrappedImport(let id): add(.wrapped(module: id), 1)
            case .plainEntry(let id): add(.plainEntry(module: id), 1)
            case .wrappedEntry: continue
            case .namespace(let id):
                add(.namespaceMaker, 1)
                add(.namespace(module: id), 1)
            case .module(let id):
                guard let analysis = graph.records[id].analysis, let scope = analysis.scopes.first else { continue }
                let requestTargets = graph.records[id].requestTargets
                var references = [Int](repeating: 0, count: analysis.declarations.count)
                for reference in analysis.references { if let declaration = reference.declaration { references[declaration] += 1 } }
                var local = [Int32](repeating: -1, count: analysis.declarations.count)
                for declaration in scope.declarations where analysis.declarations.records[declaration].kind != .import {
                    let position = add(.local(module: id, name: analysis.declarations.name(of: declaration)), 1 + references[declaration])
                    local[declaration] = Int32(truncatingIfNeeded: position)
                }
                if id < localPositions.count { localPositions[id] = local }
                if analysis.module.defaultExport.map({ !$0.isNamedDeclaration }) == true { add(.defaultValue(module: id), 1) }
                for binding in analysis.module.imports where binding.request < requestTargets.count {
                    let target = requestTargets[binding.request]
                    let uses = binding.declaration < references.count ? references[binding.declaration] : 0
                    if let imported = binding.importedName {
                        if let resolved = resolve(imported, of: target, graph: graph, linker: &linker) { add(resolved.symbol, uses) }
                    } else if !isHoisted[target] {
                        add(.wrapped(module: target), uses)
                    } else if namespaceModules.contains(target) && memberOnlyNamespaces[id]?[binding.declaration] == nil {
                        add(.namespace(module: target), uses)
                    } else {
                        for read in memberOnlyNamespaces[id]?[binding.declaration] ?? [] {
                            let property = Self.propertyName(after: read, in: graph.records[id])
                            if let resolved = resolve(property, of: target, graph: graph, linker: &linker) {
                                add(resolved.symbol, 1)
                            }
                        }
                    }
                }
            }
        }
        // Most referenced first; ties keep the order of first use (deterministic).
        var chosenNames = [String](repeating: "", count: orderCounts.count)
        let ranked = orderCounts.indices.sorted { l, r in
            orderCounts[l] != orderCounts[r] ? orderCounts[l] > orderCounts[r] : l < r
        }
        // The names of `RuntimeNames.CandidateNames` in its order, each spelled only where `taken` does not hold it
        // (step 5d: most short names are taken, and each was made as a string to be skipped).
        var candidateIndex = 0
        var fallback = 0
        for position in ranked {
            var chosen: String?
            while chosen == nil, candidateIndex < ShortNameSet.count {
                defer { candidateIndex += 1 }
                guard !taken.contains(index: candidateIndex) else { continue }
                let candidate = Self.candidateName(at: candidateIndex)
                if !ReservedNames.words.contains(candidate) { chosen = candidate }
            }
            if chosen == nil {
                chosen = "__wkpack_h\(fallback)"
                fallback += 1
            }
            chosenNames[position] = chosen ?? ""
        }
        symbolPositions = positions
        symbolNames = chosenNames
    }
}

extension ScopeHoisting {
    /// The short name at `index` (below `ShortNameSet.count`) in the order `RuntimeNames.CandidateNames` lists them:
    /// by length, then by the first character's position, then by the others' (the second character varying slowest
    /// after the first: the index's digits from the first character on).
    static func candidateName(at index: Int) -> String {
        let first = ShortNameSet.firstCharacters, rest = ShortNameSet.otherCharacters
        var remaining = index
        var length = 1
        var count = first.count
        while remaining >= count, length < ShortNameSet.maxLength {
            remaining -= count
            length += 1
            count *= rest.count
        }
        var bytes: (UInt8, UInt8, UInt8) = (first[remaining % first.count], 0, 0)
        remaining /= first.count
        if length > 1 {
            bytes.1 = rest[remaining % rest.count]
            remaining /= rest.count
        }
        if length > 2 { bytes.2 = rest[remaining % rest.count] }
        return withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix(length), as: UTF8.self) }
    }
}

extension ScopeHoisting.Binding {
    /// The shared-scope name the binding reads.
    package var symbol: ScopeHoisting.Symbol {
        switch self {
        case .symbol(let symbol), .member(let symbol, _): return symbol
        }
    }
}
