import ScriptModules
import ScriptSyntax

/// A wrapped ES module's definition (`d(7,(e)=>{"use strict";var _r0;e(__wkpack_ns,{…});_r0=r(3);…},1);`) minified
/// from the module's syntax tree (issue 41, step 4k), as `TreeModulePiece` minifies a CommonJS one: the graph's parse
/// handed over, the body's edits made on the tree by `TreeHoistEdits` (import statements and dropped declarations
/// removed, `export` keywords dropped, `export default expression` as `let __wkpack_default = …`, imported bindings as
/// members of request variables, `(0, _r0.name)` for a callee, `name: _r0.name` for a shorthand property), and the
/// header built as nodes (`WrappedESHeader`) where the text route writes it and parses it again.
///
/// The tree is the one the reparse of the written definition gives: the program's scope, the wrapper's scope (the
/// module's top-level scope: its parameters first among the symbols, then the request variables, then the module's
/// own symbols, `__wkpack_default` among them where its statement stands), the export getters' arrow functions' scopes,
/// then the module's other scopes; the getters read the module's symbols, the request variables or `__wkpack_default`.
extension TreeModulePiece {
    /// Whether `linked` (module `record` linked by a production linker whose `define` is `define`) is a definition this
    /// route builds: a CommonJS one (`accepts`), or an ES module's (`acceptsES`) where the tree route does less work
    /// than the text route, as for a hoisted module (`TreeHoistedPiece.dropsLittle`): its parse was kept, or the code
    /// its edits remove (import statements, dropped declarations), which the tree route parses and the text route
    /// does not, is at most an eighth of the code kept. (All 888 of the large tree's taken from the tree, its build
    /// took 8,384.5 M instructions to 9,114.9 M: most of their parses are not kept, and their files drop much.)
    package static func builds(_ record: ModuleRecord, _ linked: ModuleLinker.LinkedModule, define: String) -> Bool {
        if accepts(record, linked, define: define) { return true }
        guard acceptsES(record, linked, define: define) else { return false }
        return record.facts?.holdsParse == true || TreeHoistedPiece.dropsLittle(linked.edits, in: record)
    }

    /// Whether `linked` (module `record` linked by a production linker whose `define` is `define`) is a wrapped ES module
    /// definition this route builds: a parsed ES module, not lowered, with a body and no hashbang, in an arrow function
    /// whose call ends `, 1` (no request map), no edit inserting text (an anonymous default export's name), the getters'
    /// keys identifier names and their values names or members `name.key`.
    static func acceptsES(_ record: ModuleRecord, _ linked: ModuleLinker.LinkedModule, define: String) -> Bool {
        guard record.kind == .esModule, let header = linked.esHeader, let analysis = record.analysis, record.lowering == nil,
            record.hasBody, record.bytes.first != 0x23, linked.footer == "}, 1);\n",
            analysis.module.topLevelAwait == nil, analysis.module.importMeta == nil,
            linked.header.hasPrefix(
                define + "(\(record.id), " + ModuleLinker.wrapperFunction(header.parameters, arrow: true) + " \"use strict\";")
        else { return false }
        for edit in linked.edits where edit.start >= edit.end { return false }
        for getter in header.getters {
            guard isName(getter.key), getterValue(getter.value) != nil else { return false }
        }
        return true
    }

    /// The parts of a getter's value: `name` or `name.key` (`nil` for another text).
    static func getterValue(_ text: String) -> (object: Substring, key: Substring?)? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let object = parts.first, isName(object) else { return nil }
        if parts.count == 1 { return (object, nil) }
        guard isName(parts[1]) else { return nil }
        return (object, parts[1])
    }

    /// An ASCII identifier name (the linker's names and keys; a quoted or computed key is not one).
    static func isName<Text: StringProtocol>(_ text: Text) -> Bool {
        guard let first = text.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return text.utf8.allSatisfy { SyntaxPrinter.isWordByte($0) && $0 < 0x80 }
    }

    /// The minified definition of a wrapped ES module (`esHeader` set); `nil` where the file does not parse as the
    /// module's analysis did, the module's top level is reached by a direct `eval`, or an edit is not one the tree
    /// expresses.
    func minifiedES(handover: Bool) -> MinifiedPiece? {
        guard let header = esHeader, var parsed = PieceParse.of(record, handover: handover) else { return nil }
        let source = record.bytes
        var tree = SyntaxTree(source: [])
        swap(&tree, &parsed.tree)
        guard !tree.scopes.isEmpty, !tree.scopes[0].isUnsafe else { return nil }
        let symbolCount = tree.symbols.count
        // The parse's nodes lie in the file: a mapped one (a range that is not empty) starts before its end. Only the
        // nodes the edits and the header build are looked up (step 4z, as step 4w in `TreeModulePiece`).
        let firstBuilt = Int32(truncatingIfNeeded: tree.nodes.count)
        guard let made = TreeHoistEdits.apply(edits, topLevelNames: [:], record: record, mapping: false, wrapped: true, to: &tree),
            wrapES(&tree, header: header, builtNames: made.builtNames, moduleSymbolCount: symbolCount)
        else { return nil }
        let uses = TreeCompressor.compress(&tree)
        let symbolNames = TreeRenamer.names(tree, hasModuleSyntax: false, uses: uses)
        // The header's nodes stand at the end of the file, and the nodes an edit's text holds are listed in `unmapped`:
        // the text route's map leaves both unmapped. A name the renamer kept is named by nothing (the text route's
        // piece has no built name).
        let end = source.count
        let unmapped = made.unmapped
        var piece = TreeMinifier.printed(
            tree, symbolNames: symbolNames, uses: uses, recordsMappings: mapSource != nil, tokens: parsed.tokens
        ) { printed, names in
            TreeMinifier.mappings(printed, tree: tree, names: &names, namedBy: { _ in -1 }) { mapping in
                if Int(mapping.node) < unmapped.count, unmapped[Int(mapping.node)] { return nil }
                guard mapping.node < firstBuilt || Int(tree[mapping.node].start) < end else { return nil }
                return MappingLookup.Original(source: 0, line: Int(mapping.originalLine), column: Int(mapping.originalColumn))
            }
        }
        if let mapSource { piece.sources = [SourceMapBuilder.Source(path: mapSource, content: record.sourceBytes)] }
        if !piece.code.isEmpty, piece.code.last != 0x3B, !piece.endsWithStatementBrace {
            piece.code.append(0x3B)
            piece.lastLineColumn += 1
        }
        // The comments inside the tokens an edit replaced are not in the text route's piece.
        piece.legalComments = parsed.legalComments(excluding: made.replaced)
        return piece
    }

    /// Puts the module's statements (edited by `TreeHoistEdits`) inside `define(id, (parameters) => { "use strict"; …
    /// }, 1)` with the header's statements before them, and gives the tree the scopes, symbols and references the
    /// reparse of the written definition has. `builtNames`: the names the edits built, by spelling; `moduleSymbolCount`:
    /// the parse's symbols (a symbol past them is `__wkpack_default`'s). `false` where a getter reads a name the tree
    /// cannot bind as the reparse does.
    func wrapES(_ tree: inout SyntaxTree, header: WrappedESHeader, builtNames: [String: Int32], moduleSymbolCount: Int) -> Bool {
        let getterCount = header.getters.count
        let parameterCount = header.parameters.count
        let variableCount = header.requestVariables.count
        // `__wkpack_default`'s symbol (the edits appended it), and the place among the module's symbols a parse gives
        // it: before the first of the module's top-level symbols bound after its statement's start.
        var defaultSymbol = -1
        var defaultPlace = moduleSymbolCount
        if tree.symbols.count == moduleSymbolCount + 1 {
            defaultSymbol = moduleSymbolCount
            let start = tree[tree.symbols[defaultSymbol].node].start
            for index in 0..<moduleSymbolCount where tree.symbols[index].scope == 0 && tree[tree.symbols[index].node].start > start {
                defaultPlace = index
                break
            }
        } else if tree.symbols.count != moduleSymbolCount {
            return false
        }
        // Old symbol → new: the parameters and request variables first.
        let added = Int32(truncatingIfNeeded: parameterCount + variableCount)
        var symbolMap = [Int32](repeating: -1, count: tree.symbols.count)
        for index in 0..<moduleSymbolCount {
            symbolMap[index] = Int32(truncatingIfNeeded: index) + added + (defaultSymbol >= 0 && index >= defaultPlace ? 1 : 0)
        }
        if defaultSymbol >= 0 { symbolMap[defaultSymbol] = Int32(truncatingIfNeeded: defaultPlace) + added }
        // Old scope → new: the module's scope is the wrapper's (1), the getters' scopes come before the module's others.
        let scopeShift = Int32(truncatingIfNeeded: 1 + getterCount)
        func newScope(_ scope: Int32) -> Int32 { scope == 0 ? 1 : scope + scopeShift }

        // Through pointers (step 5k): each write through `tree.nodes[index]` checked the array's uniqueness. A symbol
        // index is below `symbolMap.count` (`tree.symbols.count`), as the subscript checked.
        symbolMap.withUnsafeBufferPointer { symbolMap in
            tree.nodes.withUnsafeMutableBufferPointer { nodes in
                for index in nodes.indices where nodes[index].kind == .bindingIdentifier && nodes[index].b >= 0 {
                    let symbol = Int(nodes[index].b)
                    precondition(symbol < symbolMap.count, "symbol out of range")
                    nodes[index].b = symbolMap[symbol]
                }
            }
            tree.references.withUnsafeMutableBufferPointer { references in
                for index in references.indices {
                    let reference = references[index]
                    var symbol: Int32 = -1
                    if reference.symbol >= 0 {
                        precondition(Int(reference.symbol) < symbolMap.count, "symbol out of range")
                        symbol = symbolMap[Int(reference.symbol)]
                    }
                    references[index] = SyntaxReference(
                        node: reference.node, scope: newScope(reference.scope), symbol: symbol, isWritten: reference.isWritten)
                }
            }
        }
        let range = SourceRange(start: tree.source.count, end: tree.source.count)
        let mapped = SourceRange(start: tree.source.count, end: tree.source.count + 1)
        var symbols = [SyntaxSymbol?](repeating: nil, count: tree.symbols.count + Int(added))
        var parameterNodes: [Int32] = []
        for (index, name) in header.parameters.enumerated() {
            let node = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            tree.nodes[Int(node)].b = Int32(truncatingIfNeeded: index)
            parameterNodes.append(node)
            symbols[index] = SyntaxSymbol(name: tree[node].a, kind: .parameter, scope: 1, node: node)
        }
        var declarators: [Int32] = []
        for (index, name) in header.requestVariables.enumerated() {
            let node = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            let symbol = parameterCount + index
            tree.nodes[Int(node)].b = Int32(truncatingIfNeeded: symbol)
            symbols[symbol] = SyntaxSymbol(name: tree[node].a, kind: .var, scope: 1, node: node)
            declarators.append(tree.appendNode(.variableDeclarator, at: mapped, a: node))
        }
        for (index, symbol) in tree.symbols.enumerated() {
            symbols[Int(symbolMap[index])] = SyntaxSymbol(
                name: symbol.name, kind: symbol.kind, scope: newScope(symbol.scope), node: symbol.node, isWritten: symbol.isWritten)
        }
        var allSymbols: [SyntaxSymbol] = []
        allSymbols.reserveCapacity(symbols.count)
        for symbol in symbols {
            guard let symbol else { return false }
            allSymbols.append(symbol)
        }

        // The symbols a header's name or an edit's built name reads, by spelling: the parameters, request variables,
        // `__wkpack_default`, then the module's top-level symbols (not its imports, which the reparse does not have).
        var symbolOfName: [String: Int32] = [:]
        for index in 0..<moduleSymbolCount where tree.symbols[index].scope == 0 && tree.symbols[index].kind != .import {
            symbolOfName[tree.names[Int(tree.symbols[index].name)]] = symbolMap[index]
        }
        if defaultSymbol >= 0 { symbolOfName["__wkpack_default"] = symbolMap[defaultSymbol] }
        for (index, name) in header.requestVariables.enumerated() { symbolOfName[name] = Int32(truncatingIfNeeded: parameterCount + index) }
        for (index, name) in header.parameters.enumerated() { symbolOfName[name] = Int32(truncatingIfNeeded: index) }

        // The module's free references to a parameter's name now read the parameter; the names the edits built
        // (request variables, `__wkpack_default`) read theirs.
        // Per name ID (arrays, where dictionaries hashed each identifier's name; step 4q).
        var parameterOfName = [Int32](repeating: -1, count: tree.names.count)
        var builtSymbol = [Int32](repeating: -1, count: tree.names.count)
        var anyName = false
        for (nameID, name) in tree.names.enumerated() {
            if let index = header.parameters.firstIndex(of: name) {
                parameterOfName[nameID] = Int32(truncatingIfNeeded: index)
                anyName = true
            }
        }
        for (name, id) in builtNames {
            if let symbol = symbolOfName[name], Int(symbol) < parameterCount + variableCount || name == "__wkpack_default",
                id >= 0, Int(id) < builtSymbol.count
            {
                builtSymbol[Int(id)] = symbol
                anyName = true
            }
        }
        var bound: [(reference: Int, parameter: Int32)] = []
        var builtReads: [(node: Int32, symbol: Int32)] = []
        if anyName {
            TreeRenamer.walkIdentifiers(tree) { id, node in
                if node.b >= 0 {
                    let parameter = parameterOfName[Int(node.a)]
                    if parameter >= 0 { bound.append((Int(node.b), parameter)) }
                } else if node.flags.contains(.synthetic) {
                    let symbol = builtSymbol[Int(node.a)]
                    if symbol >= 0 { builtReads.append((id, symbol)) }
                }
            }
        }
        for (reference, parameter) in bound where tree.references[reference].symbol < 0 {
            tree.references[reference].symbol = parameter
            if tree.references[reference].isWritten { allSymbols[Int(parameter)].isWritten = true }
        }
        for (node, symbol) in builtReads {
            tree.nodes[Int(node)].b = Int32(truncatingIfNeeded: tree.references.count)
            tree.references.append(SyntaxReference(node: node, scope: 1, symbol: symbol))
        }

        /// A reference to `name` from scope `scope` (a symbol of the module when `name` is one, else free), written
        /// when `isWritten`.
        func read(_ name: String, scope: Int32, isWritten: Bool = false) -> Int32 {
            let node = tree.appendSynthetic(.identifier, text: name, at: range)
            let symbol = symbolOfName[name] ?? -1
            tree.nodes[Int(node)].b = Int32(truncatingIfNeeded: tree.references.count)
            tree.references.append(SyntaxReference(node: node, scope: scope, symbol: symbol, isWritten: isWritten))
            if isWritten, symbol >= 0 { allSymbols[Int(symbol)].isWritten = true }
            return node
        }
        /// A free name (the runtime's functions).
        func free(_ name: String) -> Int32 {
            let node = tree.appendSynthetic(.identifier, text: name, at: range)
            return node
        }
        // On a range past the file (not an empty one, which the printer does not map): the footer's `1` starts the
        // unmapped code after the body, as in the text route's piece.
        func number(_ value: Int) -> Int32 { tree.appendSynthetic(.numberLiteral, text: String(value), at: mapped) }
        func call(_ callee: Int32, _ arguments: [Int32]) -> Int32 {
            tree.appendNode(.callExpression, at: mapped, a: callee, b: tree.appendList(arguments))
        }
        func statement(_ expression: Int32) -> Int32 { tree.appendNode(.expressionStatement, at: mapped, a: expression) }

        // The header's statements, in the order written.
        var statements: [Int32] = [statement(tree.appendSynthetic(.stringLiteral, text: "\"use strict\"", at: range))]
        if !declarators.isEmpty {
            statements.append(
                tree.appendNode(.variableDeclaration, op: nil, at: mapped, a: tree.appendList(declarators)))
            tree.nodes[Int(statements[statements.count - 1])].op = SyntaxVariableKind.var.rawValue
        }
        var getterScopes: [SyntaxScope] = []
        if !header.getters.isEmpty {
            var properties: [Int32] = []
            for (index, getter) in header.getters.enumerated() {
                guard let value = Self.getterValue(getter.value) else { return false }
                let scope = Int32(truncatingIfNeeded: 2 + index)
                var expression = read(String(value.object), scope: scope)
                if let key = value.key {
                    let name = tree.appendSynthetic(.identifierName, text: String(key), at: range)
                    expression = tree.appendNode(.memberExpression, at: mapped, a: expression, b: name)
                }
                let arrow = tree.appendNode(.arrowFunction, flags: .expressionBody, at: mapped, b: 0, c: expression)
                getterScopes.append(SyntaxScope(kind: .arrowFunction, parent: 1, node: arrow))
                let key = tree.appendSynthetic(.identifierName, text: getter.key, at: range)
                let property = tree.appendNode(.property, at: mapped, a: key, b: arrow)
                tree.nodes[Int(property)].op = SyntaxPropertyKind.initializer.rawValue
                properties.append(property)
            }
            let object = tree.appendNode(.objectExpression, at: mapped, a: tree.appendList(properties))
            statements.append(statement(call(free(header.exportCallee), [read("__wkpack_ns", scope: 1), object])))
        }
        for assignment in header.assignments {
            let target = read(assignment.variable, scope: 1, isWritten: true)
            let value = call(free(assignment.callee), [number(assignment.target)])
            let assign = tree.appendNode(.assignmentExpression, op: .assign, at: mapped, a: target, b: value)
            statements.append(statement(assign))
            if let star = assignment.star {
                statements.append(statement(call(free(star), [read("__wkpack_ns", scope: 1), read(assignment.variable, scope: 1)])))
            }
        }
        statements.append(contentsOf: tree.list(tree[tree.root].a))
        tree.symbols = allSymbols

        let moduleScope = tree.scopes[0]
        let body = tree.appendNode(.blockStatement, at: mapped, a: tree.appendList(statements))
        let function = tree.appendNode(.arrowFunction, at: mapped, b: tree.appendList(parameterNodes), c: body)
        let callee = free(define)
        let id = number(record.id)
        let definition = call(callee, [id, function, number(1)])
        tree.root = tree.appendNode(.program, at: mapped, a: tree.appendList([statement(definition)]))
        var scopes = [
            SyntaxScope(kind: .program, parent: -1, node: tree.root),
            SyntaxScope(kind: .arrowFunction, parent: 0, node: function, isUnsafe: moduleScope.isUnsafe),
        ]
        scopes.reserveCapacity(tree.scopes.count + 1 + getterCount)
        scopes.append(contentsOf: getterScopes)
        for scope in tree.scopes.dropFirst() {
            scopes.append(SyntaxScope(kind: scope.kind, parent: newScope(scope.parent), node: scope.node, isUnsafe: scope.isUnsafe))
        }
        tree.scopes = scopes
        return true
    }
}
