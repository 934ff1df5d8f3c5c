import ScriptModules
import ScriptSyntax

/// A wrapped CommonJS module's definition (`d(7,(e,t)=>{…});`) minified from the module's syntax tree (issue 41,
/// step 4d; a `function` wrapper, for a module reading `this` or `arguments` at its top level, since step 4j), with
/// the tree minifier's switch on: the module graph's parse of the file is handed over (`PieceParse`,
/// step 4f; where none was kept, the file is parsed with its comments in the piece's task), the linker's
/// edits are made on the tree (`TreeLinkEdits`), the tree is put inside the definition call, whose arrow function's
/// scope becomes the module's top-level scope (its parameters bind the module's free `module`, `exports`,
/// `global` and `require`), and it is compressed, renamed and printed with its mappings straight to the file. No
/// text of the piece is written, no intermediate map made or read, and the piece's text is not tokenized or
/// parsed.
///
/// The result is what the text route (`ModuleBundleAssembler.appendBody`, then `TreeMinifier.minifyPiece`) makes
/// of the same module: the same tree (the reparse of the written definition has the same nodes, scopes in the same
/// order and symbols in the same order), so the same code, mappings and names. A module whose edits or wrapper the
/// tree cannot express returns `nil` from `minified()`, and is written as text (`TreeModulePiece.accepts` and
/// `TreeLinkEdits` say which).
package struct TreeModulePiece {
    /// The module (its file's bytes and significant tokens, which the edits index).
    package let record: ModuleRecord
    /// The linker's edits of the module's body (`ModuleLinker.LinkedModule.edits`).
    package let edits: [TokenEdit]
    /// The linker's text around the body: the text route writes these, this route builds their nodes.
    package let header: String
    package let footer: String
    /// The wrapper's parameters (`ModuleLinker.LinkedModule.bindings`).
    package let parameters: [String]
    /// The registry's `define` name.
    package let define: String
    /// The module's path in the source map, `nil` for no mappings.
    package let mapSource: String?
    /// A wrapped ES module's header as values (`TreeModulePiece+ESModules`, step 4k); `nil` for a CommonJS module.
    package var esHeader: WrappedESHeader? = nil

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(
        record: ModuleRecord,
        edits: [TokenEdit],
        header: String,
        footer: String,
        parameters: [String],
        define: String,
        mapSource: String?,
        esHeader: WrappedESHeader? = nil
    ) {
        self.record = record
        self.edits = edits
        self.header = header
        self.footer = footer
        self.parameters = parameters
        self.define = define
        self.mapSource = mapSource
        self.esHeader = esHeader
    }

    /// Whether `linked` (module `record` linked by a production linker whose `define` is `define`) is a definition
    /// this route builds: a parsed CommonJS (or plain script) module, not lowered, with a body, in an arrow function
    /// or a function expression (the module reads `this` or `arguments` at its top level) whose call takes nothing
    /// after it (no request map: the module reads `require` only in `require("…")` calls).
    package static func accepts(_ record: ModuleRecord, _ linked: ModuleLinker.LinkedModule, define: String) -> Bool {
        guard record.kind == .commonJS || record.kind == .plainScript, record.analysis != nil, record.lowering == nil,
            record.hasBody, record.bytes.first != 0x23, linked.footer == "});\n"
        else { return false }
        let call = define + "(\(record.id), "
        return linked.header == call + ModuleLinker.wrapperFunction(linked.bindings, arrow: true) + "\n"
            || linked.header == call + ModuleLinker.wrapperFunction(linked.bindings, arrow: false) + "\n"
    }

    /// Whether the wrapper is a function expression (`function (e, t) {`), not an arrow function.
    var wrapsInFunction: Bool {
        header != define + "(\(record.id), " + ModuleLinker.wrapperFunction(parameters, arrow: true) + "\n"
    }

    /// The minified definition; `nil` where the file does not parse as the module's analysis did, or an edit is not
    /// one the tree expresses (the caller minifies the piece's text instead). `handover`: from the graph's kept parse
    /// where there is one (`false`: from a parse of its own, for tests).
    package func minified(handover: Bool = true) -> MinifiedPiece? {
        if esHeader != nil { return minifiedES(handover: handover) }
        guard record.analysis?.module.hasModuleSyntax == false, var parsed = PieceParse.of(record, handover: handover) else { return nil }
        let source = record.bytes
        var tree = SyntaxTree(source: [])
        swap(&tree, &parsed.tree)
        guard TreeLinkEdits.apply(edits, tokens: record.tokens, to: &tree) else { return nil }
        // The nodes so far are the file's (parsed, or built by the edits on its ranges): a mapped one (a range that is
        // not empty) starts before the end of the file. Only the wrapper's nodes and the compressor's are looked up.
        let firstBuilt = Int32(truncatingIfNeeded: tree.nodes.count)
        wrap(&tree)
        let uses = TreeCompressor.compress(&tree)
        let symbolNames = TreeRenamer.names(tree, hasModuleSyntax: false, uses: uses)
        // The wrapper's nodes stand at the end of the file: the text route's header and footer are unmapped.
        let end = source.count
        var piece = TreeMinifier.printed(
            tree, symbolNames: symbolNames, uses: uses, recordsMappings: mapSource != nil, tokens: parsed.tokens
        ) { printed, names in
            TreeMinifier.mappings(printed, tree: tree, names: &names) { mapping in
                // A node of the file is mapped without reading it (step 4w: its read and bounds test per mapping).
                guard mapping.node < firstBuilt || Int(tree[mapping.node].start) < end else { return nil }
                return MappingLookup.Original(source: 0, line: Int(mapping.originalLine), column: Int(mapping.originalColumn))
            }
        }
        if let mapSource { piece.sources = [SourceMapBuilder.Source(path: mapSource, content: record.sourceBytes)] }
        if !piece.code.isEmpty, piece.code.last != 0x3B, !piece.endsWithStatementBrace {
            piece.code.append(0x3B)
            piece.lastLineColumn += 1
        }
        piece.legalComments = parsed.legalComments()
        return piece
    }

    /// Puts the module's statements inside `define(id, (parameters) => {…})` (or `define(id, function (parameters)
    /// {…})`, `wrapsInFunction`): a new program scope (scope 0) above the module's top-level scope, which becomes the
    /// wrapper function's, with the parameters as its first symbols
    /// (as a parse of the written definition declares them), bound by the module's free references to their names.
    /// The built nodes stand at the end of the source: the statement, call, arrow function and body on a range one
    /// byte past it (so the printer maps them, and the piece's mappings start unmapped, as the text route's header
    /// does), the names and the module ID on an empty range there (the printer maps no empty range, and reads no
    /// source text for it).
    func wrap(_ tree: inout SyntaxTree) {
        let count = Int32(truncatingIfNeeded: parameters.count)
        let moduleScope = tree.scopes[0]
        // The references and nodes are written through pointers (step 5k): each write through `tree.references[index]`
        // or `tree.nodes[index]` checked the array's uniqueness.
        tree.references.withUnsafeMutableBufferPointer { references in
            for index in references.indices {
                let reference = references[index]
                references[index] = SyntaxReference(
                    node: reference.node, scope: reference.scope + 1, symbol: reference.symbol >= 0 ? reference.symbol + count : -1,
                    isWritten: reference.isWritten)
            }
        }
        // The module's free references to a parameter's name now read the parameter: bound in the same pass over
        // the nodes that moves the symbols `count` further on, not by a walk from the root (step 4q). An identifier
        // the edits left unreachable (inside an expression folded to a boolean) binds too, which changes nothing
        // printed: only the parameters' symbols change, and nothing reads a parameter's reference count or
        // `isWritten` (they are read of `let`, `const` and function declarations); the renamer counts uses from the
        // root, and the printer prints what is reachable. An identifier an edit replaced is one resolving to nothing.
        var parameterOfName = [Int32](repeating: -1, count: tree.names.count)
        for (nameID, name) in tree.names.enumerated() {
            if let index = parameters.firstIndex(of: name) { parameterOfName[nameID] = Int32(truncatingIfNeeded: index) }
        }
        var isWritten = [Bool](repeating: false, count: parameters.count)
        tree.nodes.withUnsafeMutableBufferPointer { nodes in
            tree.references.withUnsafeMutableBufferPointer { references in
                for index in nodes.indices {
                    let node = nodes[index]
                    guard node.b >= 0 else { continue }
                    if node.kind == .bindingIdentifier {
                        nodes[index].b += count
                    } else if node.kind == .identifier, Int(node.b) < references.count {
                        let parameter = parameterOfName[Int(node.a)]
                        guard parameter >= 0, references[Int(node.b)].symbol < 0 else { continue }
                        references[Int(node.b)].symbol = parameter
                        if references[Int(node.b)].isWritten { isWritten[Int(parameter)] = true }
                    }
                }
            }
        }
        var symbols: [SyntaxSymbol] = []
        symbols.reserveCapacity(tree.symbols.count + parameters.count)
        let range = SourceRange(start: tree.source.count, end: tree.source.count)
        let mapped = SourceRange(start: tree.source.count, end: tree.source.count + 1)
        var parameterNodes: [Int32] = []
        for (index, name) in parameters.enumerated() {
            let node = tree.appendSynthetic(.bindingIdentifier, text: name, at: range)
            tree.nodes[Int(node)].b = Int32(truncatingIfNeeded: index)
            parameterNodes.append(node)
            symbols.append(SyntaxSymbol(name: tree[node].a, kind: .parameter, scope: 1, node: node, isWritten: isWritten[index]))
        }
        for symbol in tree.symbols {
            symbols.append(
                SyntaxSymbol(name: symbol.name, kind: symbol.kind, scope: symbol.scope + 1, node: symbol.node, isWritten: symbol.isWritten))
        }
        tree.symbols = symbols
        let body = tree.appendNode(.blockStatement, at: mapped, a: tree[tree.root].a)
        // A function expression (no name) where the module reads `this` or `arguments` at its top level.
        let isFunction = wrapsInFunction
        let function = tree.appendNode(
            isFunction ? .functionExpression : .arrowFunction, at: mapped, b: tree.appendList(parameterNodes), c: body)
        let callee = tree.appendSynthetic(.identifier, text: define, at: range)
        let id = tree.appendSynthetic(.numberLiteral, text: String(record.id), at: range)
        let call = tree.appendNode(.callExpression, at: mapped, a: callee, b: tree.appendList([id, function]))
        let statement = tree.appendNode(.expressionStatement, at: mapped, a: call)
        tree.root = tree.appendNode(.program, at: mapped, a: tree.appendList([statement]))
        var scopes = [SyntaxScope(kind: .program, parent: -1, node: tree.root, isUnsafe: moduleScope.isUnsafe)]
        scopes.reserveCapacity(tree.scopes.count + 1)
        for (index, scope) in tree.scopes.enumerated() {
            scopes.append(
                SyntaxScope(
                    kind: index == 0 ? (isFunction ? .function : .arrowFunction) : scope.kind, parent: scope.parent + 1,
                    node: index == 0 ? function : scope.node,
                    isUnsafe: scope.isUnsafe))
        }
        tree.scopes = scopes
    }
}
