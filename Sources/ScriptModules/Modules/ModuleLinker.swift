import ScriptLowering
import ScriptSyntax
import WKPackSupport

/// Turns each module of a graph into a registry definition: the header line (wrapper, `"use strict"`,
/// export getters, imports in source order) and the token edits of its body (import/export syntax removed,
/// references to imported bindings read through the imported namespace, `import()` and `require.context`).
package struct ModuleLinker {
    /// A module ready to be written: `header`, then the body with `edits`, then `footer`.
    package struct LinkedModule {
        package let header: String
        package let edits: [TokenEdit]
        package let footer: String
        /// The names the wrapper declares around the body: its parameters and the variables the header and the
        /// edits introduce (request variables, `__wkpack_default`).
        package var bindings: [String] = []
        /// A wrapped ES module's header as values (the text of `header`, not counting its wrapper's footer), `nil`
        /// for other modules.
        package var esHeader: WrappedESHeader? = nil
    }

    package let graph: ModuleGraph
    /// Set when unused exports and the declarations nothing kept reaches are dropped (production bundles).
    let usage: ExportUsage?
    private var exportNameCache: [Int: Set<String>?] = [:]
    private var namespaceKeyCache: [Int: [String: String]?] = [:]
    /// The runtime helpers the modules linked so far call.
    package var helpers: Set<ModuleRuntime.Helper> = []

    /// The runtime's names the headers and edits call.
    package let names: RuntimeNames

    /// `dropsUnused`: leave out export getters nobody reads and top-level functions nothing reaches.
    package init(graph: ModuleGraph, dropsUnused: Bool = false, names: RuntimeNames = .development) {
        self.graph = graph
        self.names = names
        let usage = dropsUnused ? ExportUsage(shaking: graph) : nil
        self.usage = usage
        unusedModules = usage.map { UnusedModules(graph: graph, usage: $0) }
    }

    /// Set with `usage`: the modules left out of the bundle (no definition, no importer requires them).
    let unusedModules: UnusedModules?

    /// Whether module `id` is left out of the bundle (see `UnusedModules`).
    package func isLeftOut(_ id: Int) -> Bool {
        unusedModules?.contains(id) ?? false
    }

    static func requestVariable(_ request: Int) -> String { "__wkpack_m\(request)" }

    /// `.name` or `["name"]`.
    static func propertyAccess(_ name: String) -> String {
        isIdentifierName(name) ? "." + name : "[" + jsonString(name) + "]"
    }

    /// The property read for export `name` of module `target`: its short key when the module's namespace is
    /// never observed as a whole (see `namespaceKeys(of:)`), else the name itself.
    private mutating func exportAccess(_ name: String, of target: Int) -> String {
        Self.propertyAccess(namespaceKeys(of: target)?[name] ?? name)
    }

    /// Short property keys (`a`, `b`, ...) for the exports of an ES module whose namespace object only the
    /// linker's own property reads see: production bundles, no importer takes the whole namespace, no `require`
    /// reads it (it reads the real names), no `export *` in the module (its names could come from a CommonJS
    /// module at run time). `nil` keeps the real names.
    mutating func namespaceKeys(of id: Int) -> [String: String]? {
        if let cached = namespaceKeyCache[id] { return cached }
        var keys: [String: String]?
        if let names = usage?.readNames(of: id), usage?.isRequiredByName(id) == false, id < graph.records.count,
            graph.records[id].kind == .esModule,
            let module = graph.records[id].analysis?.module, module.starExports.isEmpty
        {
            var map: [String: String] = [:]
            for (index, name) in names.sorted().enumerated() { map[name] = Self.shortKey(index) }
            keys = map
        }
        namespaceKeyCache[id] = .some(keys)
        return keys
    }

    /// `a`...`Z`, then `aa`, `ba`, ...: distinct identifier names for distinct indexes.
    static func shortKey(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var rest = index
        var key = String(letters[rest % letters.count])
        rest /= letters.count
        while rest > 0 {
            rest -= 1
            key.append(letters[rest % letters.count])
            rest /= letters.count
        }
        return key
    }

    /// An object literal key defining property `name`: bare when it is an identifier name; `__proto__` is
    /// computed, since a plain `__proto__:` key would set the prototype instead.
    package static func propertyKey(_ name: String) -> String {
        if name == "__proto__" { return "[\"__proto__\"]" }
        return isIdentifierName(name) ? name : jsonString(name)
    }

    static func isIdentifierName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "$" || first == "_" || first.properties.isIDStart else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "$" || $0 == "_" || $0.properties.isIDContinue }
    }

    static func jsonString(_ text: String) -> String {
        var out: [UInt8] = []
        JSONStringEscaping.append(Array(text.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The names an ES module exports, following `export *`; `nil` if a star re-export reaches a
    /// non-ES module (names only known at run time).
    package mutating func exportNames(of id: Int) -> Set<String>? {
        if let cached = exportNameCache[id] { return cached }
        exportNameCache[id] = Set<String>()
        let record = graph.records[id]
        guard record.kind == .esModule, let module = record.analysis?.module else {
            exportNameCache[id] = .some(nil)
            return nil
        }
        var names = Set(module.exports.map(\.exportedName))
        var known = true
        for request in module.starExports {
            let target = record.requestTargets[request]
            guard graph.records[target].kind == .esModule, let starNames = exportNames(of: target) else {
                known = false
                continue
            }
            names.formUnion(starNames.subtracting(["default"]))
        }
        let result: Set<String>? = known ? names : nil
        exportNameCache[id] = .some(result)
        return result
    }

    private func requireMap(_ record: ModuleRecord) -> String {
        let pairs = record.requireTargets.sorted { $0.key < $1.key }.map { Self.jsonString($0.key) + ": " + String($0.value) }
        return "{" + pairs.joined(separator: ", ") + "}"
    }

    /// The runtime features the modules linked so far need (see `ModuleRuntime.Features`).
    package var features = ModuleRuntime.Features()

    /// The wrapper's parameters: `names` in order (`nil` where the module does not use that one), the unused ones
    /// after the last used one left out and those before it named `__wkpack_<name>`, so they shadow nothing the body reads.
    /// At least one parameter stays (`keepingOne`, for an arrow function: `a=>` is shorter than `()=>`).
    static func wrapperParameters(_ names: [(name: String, used: Bool)], keepingOne: Bool = false) -> [String] {
        let last = names.lastIndex(where: \.used) ?? (keepingOne && !names.isEmpty ? 0 : -1)
        guard last >= 0 else { return [] }
        return names[...last].map { $0.used || $0.name.hasPrefix("__wkpack_") ? $0.name : "__wkpack_" + $0.name }
    }

    /// The call that defines module `id` with the wrapper's `parameters`: the header opening the function, and the
    /// footer closing it with the module kind and, when the module reads `require` other than in `require("…")`
    /// calls, its requests (the map that function looks them up in).
    private func definition(_ id: Int, parameters: [String], isES: Bool, requests: String?, arrow: Bool) -> (header: String, footer: String)
    {
        var trailing = ""
        if let requests {
            trailing = ", " + (isES ? "1" : "0") + ", " + requests
        } else if isES {
            trailing = ", 1"
        }
        return ("\(names.define)(\(id), " + Self.wrapperFunction(parameters, arrow: arrow), "}\(trailing));\n")
    }

    /// The opening of a wrapper function taking `parameters`: an arrow function where the body cannot tell (see
    /// `canUseArrowWrapper`), else a function expression.
    package static func wrapperFunction(_ parameters: [String], arrow: Bool) -> String {
        guard arrow else { return "function (" + parameters.joined(separator: ", ") + ") {" }
        return parameters.count == 1 ? parameters[0] + " => {" : "(" + parameters.joined(separator: ", ") + ") => {"
    }

    /// Whether the module's top level (outside every non-arrow function and class body) reads neither `this`,
    /// `arguments` nor `new.target`, so its wrapper may be an arrow function: the only differences are those three.
    static func canUseArrowWrapper(_ record: ModuleRecord) -> Bool {
        guard record.analysis != nil else { return false }
        guard let facts = record.facts else { return findCanUseArrowWrapper(record) }
        return facts.canUseArrowWrapper { findCanUseArrowWrapper(record) }
    }

    private static func findCanUseArrowWrapper(_ record: ModuleRecord) -> Bool {
        guard let analysis = record.analysis else { return false }
        let tokens = record.tokens
        // `new.target`: whether it is at the top level is not worth finding out. (The source's buffer taken once for
        // the scan, not per keyword token; a `this` is read from the analysis's top-level ones, not looked for in
        // the tokens first: issue 41 step 4v.)
        let readsNewTarget = record.bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index + 1 < tokens.count {
                let token = tokens[index]
                if token.kind == .keyword, token.spells("new", in: bytes), tokens[index + 1].kind == .punctuator,
                    tokens[index + 1].spells(".", in: bytes)
                {
                    return true
                }
                index += 1
            }
            return false
        }
        guard !readsNewTarget, analysis.topLevelThis.isEmpty else { return false }
        if analysis.argumentsNameID >= 0 {
            guard TopLevelThis.readsArguments(record) == false else { return false }
        }
        return true
    }

    /// Edits writing every `require("…")` call of the module as a call of the registry's `require` with the ID of
    /// the module it names (resolved when the graph was built), and whether the module still reads `require`
    /// otherwise (`require(variable)`, `typeof require`, `require.resolve`): then its wrapper receives a `require`
    /// function that looks requests up at run time.
    func requireEdits(_ record: ModuleRecord) -> (edits: [TokenEdit], needsFunction: Bool) {
        guard let analysis = record.analysis else { return ([], false) }
        let module = analysis.module
        var edits: [TokenEdit] = []
        edits.reserveCapacity(module.requireCalls.count * 2)
        for call in module.requireCalls {
            guard let target = record.requireTargets[call.specifier] else { continue }
            edits.append(.replace(call.requireToken..<(call.requireToken + 1), with: names.require, mappedTo: call.requireToken))
            edits.append(.replace(call.specifierToken..<(call.specifierToken + 1), with: String(target), mappedTo: call.specifierToken))
        }
        guard analysis.module.usesRequire else { return (edits, false) }
        var freeRequires = 0
        for reference in analysis.references where reference.declaration == nil && analysis.name(of: reference) == "require" {
            freeRequires += 1
        }
        return (edits, freeRequires > edits.count / 2 + module.requireContexts.count)
    }

    package mutating func link(_ id: Int) throws(BundlerError) -> LinkedModule {
        let record = graph.records[id]
        let free = Self.freeNames(record)
        let writes = !isLeftOut(id)
        switch record.kind {
        case .plainScript, .commonJS:
            let requires = requireEdits(record)
            // Production only: development bundles keep the module's own text where it runs the same.
            let typeofs: (edits: [TokenEdit], removedNames: Set<String>) = usage != nil ? WrapperTypeofFolding.edits(in: record) : ([], [])
            // Wrapper parameters keep their CommonJS names only where the module uses them free, so a module's
            // own top-level `const global` (or `require`) never collides with a parameter.
            let arrow = Self.canUseArrowWrapper(record)
            let parameters = Self.wrapperParameters(
                [
                    ("module", free.contains("module") && !typeofs.removedNames.contains("module")),
                    ("exports", free.contains("exports") && !typeofs.removedNames.contains("exports")),
                    ("global", free.contains("global")), ("require", requires.needsFunction),
                ], keepingOne: arrow)
            if writes {
                if requires.needsFunction { features.requireFunction = true }
                if free.contains("global") { features.global = true }
            }
            let wrapper = definition(
                id, parameters: parameters, isES: false, requests: requires.needsFunction ? requireMap(record) : nil,
                arrow: arrow)
            var edits = sharedEdits(record) + requires.edits + typeofs.edits
            Self.sortEdits(&edits)
            return LinkedModule(header: wrapper.header + "\n", edits: edits, footer: wrapper.footer, bindings: parameters)
        case .json:
            return LinkedModule(
                header: "\(names.define)(\(id), module => { module.exports =\n", edits: [], footer: "});\n",
                bindings: ["module"])
        case .empty:
            return LinkedModule(header: "\(names.define)(\(id), () => {\n", edits: [], footer: "});\n")
        case .scriptLoader:
            var text = record.bytes
            text.append(contentsOf: Array("\n//# sourceURL=\(Paths.fileName(of: record.path))".utf8))
            var literal: [UInt8] = []
            JSONStringEscaping.append(text, to: &literal)
            return LinkedModule(
                header: "\(names.define)(\(id), () => { (0, eval)(" + String(decoding: literal, as: UTF8.self) + ");\n",
                edits: [], footer: "});\n")
        case .esModule:
            return try linkES(record, free: free)
        }
    }

    /// Which of the CommonJS wrapper names (`module`, `exports`, `require`, `global`) the module references
    /// without declaring them.
    package static func freeNames(_ record: ModuleRecord) -> Set<String> {
        guard record.analysis != nil else { return [] }
        guard let facts = record.facts else { return findFreeNames(record) }
        return facts.freeNames { findFreeNames(record) }
    }

    private static func findFreeNames(_ record: ModuleRecord) -> Set<String> {
        guard let analysis = record.analysis else { return [] }
        let wrapperNames = ["module", "exports", "require", "global"]
        var free = [false, false, false, false]
        for reference in analysis.references where reference.declaration == nil {
            let name = analysis.name(of: reference)
            if let index = wrapperNames.firstIndex(of: name) { free[index] = true }
        }
        return Set(wrapperNames.indices.filter { free[$0] }.map { wrapperNames[$0] })
    }

    /// `import()` and `require.context` rewrites (any module kind), and the lowering helpers' calls.
    mutating func sharedEdits(_ record: ModuleRecord) -> [TokenEdit] {
        var edits = Self.helperEdits(record, names: names)
        guard let module = record.analysis?.module else { return edits }
        for (index, dynamic) in module.dynamicImports.enumerated() {
            guard let target = record.dynamicTargets[index], let token = dynamic.specifierToken else { continue }
            helpers.insert(.dynamicImport)
            edits.append(
                .replace(dynamic.importToken..<(dynamic.importToken + 1), with: names.dynamicImport, mappedTo: dynamic.importToken))
            edits.append(.replace(token..<(token + 1), with: String(target), mappedTo: token))
        }
        for (index, context) in module.requireContexts.enumerated() {
            helpers.insert(.context)
            let pairs = record.contextTargets[index].map { Self.jsonString($0.key) + ": " + String($0.id) }
            edits.append(
                .replace(
                    context.requireToken..<(context.closeToken + 1),
                    with: names.context + "({" + pairs.joined(separator: ", ") + "})", mappedTo: context.requireToken))
        }
        return edits
    }

    /// A lowered file's calls of the lowering helpers written with the bundle's names (`RuntimeNames.helpers`),
    /// where they differ from the names its code calls them by.
    package static func helperEdits(_ record: ModuleRecord, names: RuntimeNames) -> [TokenEdit] {
        guard let lowering = record.lowering, !lowering.helperReferences.isEmpty else { return [] }
        var renamed: [LoweringHelper: String] = [:]
        for call in lowering.helpers {
            if let name = names.helpers[call.helper], name != call.name { renamed[call.helper] = name }
        }
        guard !renamed.isEmpty else { return [] }
        var edits: [TokenEdit] = []
        for reference in lowering.helperReferences {
            guard let name = renamed[reference.helper] else { continue }
            let token = Int(reference.token)
            edits.append(.replace(token..<(token + 1), with: name, mappedTo: token))
        }
        return edits
    }

    /// The expression that evaluates wrapped module `target` and gives its namespace: `require(id)` for an ES module
    /// (its exports are its namespace), else the interop namespace made for it.
    package mutating func namespaceCall(of target: Int) -> String {
        namespaceCallee(of: target) + "(\(target))"
    }

    /// The runtime function `namespaceCall(of:)` calls for `target`.
    mutating func namespaceCallee(of target: Int) -> String {
        if target >= 0, target < graph.records.count, graph.records[target].kind == .esModule { return names.require }
        helpers.insert(.interop)
        return names.interop
    }

    private mutating func linkES(_ record: ModuleRecord, free: Set<String>) throws(BundlerError) -> LinkedModule {
        let requires = requireEdits(record)
        if !isLeftOut(record.id) {
            features.esModules = true
            if requires.needsFunction { features.requireFunction = true }
            if free.contains("global") { features.global = true }
        }
        let arrow = Self.canUseArrowWrapper(record)
        /// The wrapper's parameters and the definition call, `usesNamespace` when the header defines exports.
        func wrapper(usesNamespace: Bool) -> (parameters: [String], header: String, footer: String) {
            let parameters = Self.wrapperParameters(
                [
                    ("__wkpack_ns", usesNamespace), ("global", free.contains("global")), ("require", requires.needsFunction),
                ], keepingOne: arrow)
            let call = definition(
                record.id, parameters: parameters, isES: true, requests: requires.needsFunction ? requireMap(record) : nil,
                arrow: arrow)
            return (parameters, call.header, call.footer)
        }
        guard let analysis = record.analysis else {
            let wrapper = wrapper(usesNamespace: false)
            let parameterList = wrapper.parameters
            return LinkedModule(header: wrapper.header + " \"use strict\";\n", edits: [], footer: wrapper.footer, bindings: parameterList)
        }
        let module = analysis.module
        try checkImports(record)

        // How each import binding is read, indexed by declaration.
        var importAccessByDeclaration = [(text: String, isNamespace: Bool)?](
            repeating: nil, count: module.imports.isEmpty ? 0 : analysis.declarations.count)
        for binding in module.imports where binding.declaration >= 0 && binding.declaration < importAccessByDeclaration.count {
            let variable = Self.requestVariable(binding.request)
            if let name = binding.importedName {
                importAccessByDeclaration[binding.declaration] = (
                    variable + exportAccess(name, of: record.requestTargets[binding.request]), false
                )
            } else {
                importAccessByDeclaration[binding.declaration] = (variable, true)
            }
        }
        let hasImportAccess = !importAccessByDeclaration.isEmpty
        func importAccess(_ declaration: Int) -> (text: String, isNamespace: Bool)? {
            declaration >= 0 && declaration < importAccessByDeclaration.count ? importAccessByDeclaration[declaration] : nil
        }
        let referencesSorted =
            hasImportAccess && zip(analysis.references, analysis.references.dropFirst()).allSatisfy { $0.token <= $1.token }

        // Export getters, sorted by name like a module namespace.
        var getters: [String: String] = [:]
        getters.reserveCapacity(module.exports.count)
        for export in module.exports {
            switch export.source {
            case .local(let name, let token):
                var text = name
                if hasImportAccess,
                    let declaration = Self.declaration(referencedAt: token, in: analysis.references, sorted: referencesSorted),
                    let access = importAccess(declaration)
                {
                    text = access.text
                }
                getters[export.exportedName] = text
            case .defaultExpression:
                getters[export.exportedName] = "__wkpack_default"
            case .reexport(let request, let name):
                getters[export.exportedName] = Self.requestVariable(request) + exportAccess(name, of: record.requestTargets[request])
            case .namespace(let request):
                getters[export.exportedName] = Self.requestVariable(request)
            }
        }
        var runtimeStars: [Int] = []
        let readExports = usage?.readNames(of: record.id)
        for request in module.starExports {
            let target = record.requestTargets[request]
            guard graph.records[target].kind == .esModule, let names = exportNames(of: target) else {
                runtimeStars.append(request)
                continue
            }
            for name in names.sorted() where name != "default" && getters[name] == nil {
                getters[name] = Self.requestVariable(request) + Self.propertyAccess(name)
            }
        }

        if usage != nil, let readExports {
            getters = getters.filter { readExports.contains($0.key) }
        }
        let wrapper = wrapper(usesNamespace: !getters.isEmpty || !runtimeStars.isEmpty)
        let parameterList = wrapper.parameters
        var header = wrapper.header + " \"use strict\";"
        let requestVariables = module.requests.indices.map(Self.requestVariable)
        if !module.requests.isEmpty {
            header += " var " + requestVariables.joined(separator: ", ") + ";"
        }
        var getterEntries: [(key: String, value: String)] = []
        if !getters.isEmpty {
            let keys = namespaceKeys(of: record.id)
            getterEntries = getters.keys.sorted().map { ((keys?[$0] ?? Self.propertyKey($0)), getters[$0] ?? "undefined") }
            let entries = getterEntries.map { $0.key + ": () => " + $0.value }
            helpers.insert(.export)
            header += " \(names.export)(__wkpack_ns, {" + entries.joined(separator: ", ") + "});"
        }
        var assignments: [WrappedESHeader.Assignment] = []
        for (request, target) in record.requestTargets.enumerated() {
            // A module left out has no effect and nothing kept reads it: its request variable stays unset.
            if isLeftOut(target) { continue }
            let callee = namespaceCallee(of: target)
            header += " \(Self.requestVariable(request)) = \(callee)(\(target));"
            var star: String?
            if runtimeStars.contains(request) {
                helpers.insert(.star)
                header += " \(names.star)(__wkpack_ns, \(Self.requestVariable(request)));"
                star = names.star
            }
            assignments.append(.init(variable: Self.requestVariable(request), callee: callee, target: target, star: star))
        }
        header += "\n"
        let esHeader = WrappedESHeader(
            parameters: parameterList, requestVariables: requestVariables, exportCallee: names.export, getters: getterEntries,
            assignments: assignments)

        // Body edits.
        var edits = sharedEdits(record) + requires.edits
        let tokens = record.tokens
        for range in module.removableStatements {
            let previous = range.lowerBound - 1
            let needsSemicolon =
                previous >= 0 && !tokens[previous].isPunctuator(";", in: record.bytes)
                && !tokens[previous].isPunctuator("}", in: record.bytes)
            edits.append(.replace(range, with: needsSemicolon ? ";" : ""))
        }
        for token in module.exportKeywords {
            edits.append(.replace(token..<(token + 1), with: ""))
        }
        if let defaultExport = module.defaultExport {
            let start = defaultExport.exportToken
            if defaultExport.isNamedDeclaration {
                edits.append(.replace(start..<(start + 2), with: ""))
            } else if defaultExport.isAnonymousDeclaration {
                edits.append(.replace(start..<(start + 2), with: ""))
                var nameSlot = start + 2
                while nameSlot < tokens.count, !tokens[nameSlot].isPunctuator("(", in: record.bytes),
                    !tokens[nameSlot].isPunctuator("{", in: record.bytes),
                    !tokens[nameSlot].isKeyword("extends", in: record.bytes)
                {
                    nameSlot += 1
                }
                edits.append(.insert(" __wkpack_default", before: nameSlot))
            } else {
                // Never written: production declares it with `let`, as the minifier writes unwritten `const`s.
                edits.append(
                    .replace(
                        start..<(start + 2), with: usage == nil ? "const __wkpack_default =" : "let __wkpack_default =", mappedTo: start))
            }
        }
        let removed = module.removableStatements
        for reference in analysis.references where hasImportAccess {
            guard let declaration = reference.declaration, let access = importAccess(declaration) else { continue }
            if removed.contains(where: { $0.contains(reference.token) }) { continue }
            var text = access.text
            if reference.isCallee, !access.isNamespace { text = "(0, " + text + ")" }
            if reference.isShorthandProperty { text = analysis.name(of: reference) + ": " + text }
            edits.append(.replace(reference.token..<(reference.token + 1), with: text, mappedTo: reference.token))
        }
        dropUnused(record, readExports: readExports, from: &edits)
        Self.sortEdits(&edits)
        var bindings = parameterList + module.requests.indices.map(Self.requestVariable)
        if edits.contains(where: {
            $0.text == "const __wkpack_default =" || $0.text == "let __wkpack_default =" || $0.text == " __wkpack_default"
        }) {
            bindings.append("__wkpack_default")
        }
        return LinkedModule(header: header, edits: edits, footer: wrapper.footer, bindings: bindings, esHeader: esHeader)
    }

    /// The declaration of the last reference at `token` that has one (what a token-keyed table of the
    /// references would hold). `sorted`: the references are in token order, so a binary search finds them.
    package static func declaration(referencedAt token: Int, in references: [IdentifierReference], sorted: Bool) -> Int? {
        guard sorted else { return references.last { $0.token == token && $0.declaration != nil }?.declaration }
        var low = 0, high = references.count
        while low < high {
            let middle = (low + high) / 2
            if references[middle].token <= token { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0, references[index].token == token {
            if let declaration = references[index].declaration { return declaration }
            index -= 1
        }
        return nil
    }

    /// Checks the names a module imports and re-exports against its ES targets' exports.
    mutating func checkImports(_ record: ModuleRecord) throws(BundlerError) {
        guard let module = record.analysis?.module else { return }
        for binding in module.imports {
            guard let name = binding.importedName else { continue }
            try checkExport(name, request: binding.request, in: record)
        }
        for export in module.exports {
            if case .reexport(let request, let name) = export.source { try checkExport(name, request: request, in: record) }
        }
    }

    /// Production: removes the edits inside the declarations tree shaking drops, and drops those declarations.
    func dropUnused(_ record: ModuleRecord, readExports: Set<String>?, from edits: inout [TokenEdit]) {
        guard usage != nil else { return }
        let unused =
            usage?.unusedRanges(of: record.id)
            ?? UnusedDeclarationFinder.unusedRanges(in: record, readExports: readExports)
        guard !unused.isEmpty else { return }
        edits = edits.filter { edit in
            // `unused` is sorted and disjoint: find the last range starting at or before the edit.
            var low = 0, high = unused.count
            while low < high {
                let middle = (low + high) / 2
                if unused[middle].lowerBound <= edit.start { low = middle + 1 } else { high = middle }
            }
            return low == 0 || !unused[low - 1].contains(edit.start)
        }
        for range in unused {
            edits.append(.replace(range, with: Self.endsStatementBefore(range, in: record) ? "" : ";"))
        }
    }

    /// Whether the statements before a dropped top-level `range` stay apart from what follows it without a `;` in
    /// its place: nothing comes before, the token before is a `;` or a `}` that ends a statement
    /// (`ScopeAnalysis.statementBraces`), or nothing of the source follows (the wrapper's `}` ends the body; a
    /// hoisted module gets its own terminator when its text does not end closed).
    static func endsStatementBefore(_ range: Range<Int>, in record: ModuleRecord) -> Bool {
        let previous = range.lowerBound - 1
        guard previous >= 0, range.upperBound < record.tokens.count else { return true }
        let token = record.tokens[previous]
        if token.isPunctuator(";", in: record.bytes) { return true }
        guard token.isPunctuator("}", in: record.bytes), let braces = record.analysis?.statementBraces else { return false }
        let target = Int32(truncatingIfNeeded: previous)
        var low = 0, high = braces.count
        while low < high {
            let middle = (low + high) / 2
            if braces[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < braces.count && braces[low] == target
    }

    /// Sorts edits by start, an insertion before a replacement at the same token.
    package static func sortEdits(_ edits: inout [TokenEdit]) {
        edits.sort { $0.start != $1.start ? $0.start < $1.start : ($0.start == $0.end && $1.start != $1.end) }
    }

    private mutating func checkExport(_ name: String, request: Int, in record: ModuleRecord) throws(BundlerError) {
        let target = record.requestTargets[request]
        guard graph.records[target].kind == .esModule, let names = exportNames(of: target), !names.contains(name) else { return }
        let requestInfo = record.analysis?.module.requests[request]
        throw BundlerError(
            .exportNotFound, at: graph.location(record.id, token: requestInfo?.token ?? 0),
            "'\(name)' is not exported by '\(requestInfo?.specifier ?? "")' (\(graph.records[target].path))")
    }
}
