/// `import` and `export` declarations.
extension SyntaxParserState {
    /// The source string and optional attributes (`with { type: "json" }`) at `i`.
    private mutating func parseModuleSource() throws(JavaScriptSyntaxError) -> (source: Int32, attributes: Int32, request: Int) {
        guard kind(i) == .string else { throw unexpected("expected a module specifier string") }
        let sourceToken = i
        let source = addToken(.stringLiteral, i)
        i += 1
        var attributes: Int32 = 0
        var attributeType: String?
        if at("with") || (at("assert") && !newlineBefore(i)), tokenIs(i + 1, "{") {
            let op: UInt8 = at("assert") ? 1 : 0
            i += 2
            let list = beginList
            while i < count, !at("}") {
                let start = i
                let key = try moduleExportName()
                try expect(":")
                guard kind(i) == .string else { throw unexpected("expected a string") }
                let value = addToken(.stringLiteral, i)
                if exportName(key) == "type" { attributeType = stringValue(i) }
                i += 1
                scratch.append(add(.importAttribute, op: op, from: start, a: key, b: value))
                if !at("}") { try expect(",") }
            }
            try expect("}")
            attributes = endList(from: list)
        }
        facts.module.requests.append(.init(specifier: stringValue(sourceToken), token: sourceToken, attributeType: attributeType))
        return (source, attributes, facts.module.requests.count - 1)
    }

    /// The request of `bindings` (specifier nodes): today's `ModuleSyntax.imports`, and the declaration's token range.
    private mutating func recordImports(_ specifiers: Int32, request: Int, start: Int) {
        for specifier in listChildren(specifiers) {
            let node = nodes[Int(specifier)]
            let importedName: String? =
                switch SyntaxImportKind(rawValue: node.op) {
                case .default: "default"
                case .namespace: nil
                default: node.a >= 0 ? exportName(node.a) : nil
                }
            let declaration = Int(nodes[Int(node.b)].b)
            facts.module.imports.append(.init(request: request, importedName: importedName, declaration: declaration))
        }
        facts.module.removableStatements.append(start..<i)
    }

    mutating func parseImportDeclaration() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        if kind(i) == .string {
            let (source, attributes, _) = try parseModuleSource()
            try semicolon()
            facts.module.removableStatements.append(start..<i)
            return add(.importDeclaration, from: start, a: 0, b: source, c: attributes)
        }
        var flags: SyntaxFlags = []
        let list = beginList
        if isIdentifierName(i) {
            let specifierStart = i
            let local = bindingIdentifier(.import)
            scratch.append(add(.importSpecifier, op: SyntaxImportKind.default.rawValue, from: specifierStart, b: local))
            if !eat(","), !at("from") { throw expected("from") }
        }
        if at("*") {
            let specifierStart = i
            i += 1
            try expect("as")
            guard isIdentifierName(i) else { throw unexpected("expected a binding name") }
            let local = bindingIdentifier(.import)
            scratch.append(add(.importSpecifier, op: SyntaxImportKind.namespace.rawValue, from: specifierStart, b: local))
        } else if eat("{") {
            flags.insert(.hasBraces)
            while i < count, !at("}") {
                let specifierStart = i
                let nameToken = i
                let imported = try moduleExportName()
                var local = nameToken
                if eat("as") {
                    local = i
                    i += 1
                }
                guard isIdentifierName(local) else {
                    i = local
                    throw unexpected("expected a binding name")
                }
                let binding = binding(at: local, .import)
                scratch.append(add(.importSpecifier, op: SyntaxImportKind.named.rawValue, from: specifierStart, a: imported, b: binding))
                if !at("}") { try expect(",") }
            }
            try expect("}")
        }
        let specifiers = endList(from: list)
        guard specifiers != 0 || flags.contains(.hasBraces) else { throw unexpected() }
        try expect("from")
        let (source, attributes, request) = try parseModuleSource()
        try semicolon()
        recordImports(specifiers, request: request, start: start)
        return add(.importDeclaration, flags: flags, from: start, a: specifiers, b: source, c: attributes)
    }

    mutating func parseExportDeclaration() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        if eat("*") {
            var exported = SyntaxTree.none
            let nameToken = i + 1
            if eat("as") { exported = try moduleExportName() }
            try expect("from")
            let (source, attributes, request) = try parseModuleSource()
            try semicolon()
            if exported >= 0 {
                facts.module.exports.append(
                    .init(exportedName: exportName(exported), source: .namespace(request: request), token: nameToken))
            } else {
                facts.module.starExports.append(request)
            }
            facts.module.removableStatements.append(start..<i)
            return add(.exportAllDeclaration, from: start, a: exported, b: source, c: attributes)
        }
        if eat("{") {
            let list = beginList
            var localTokens: [Int] = []
            var exportedTokens: [Int] = []
            while i < count, !at("}") {
                let specifierStart = i
                localTokens.append(i)
                let local = try moduleExportName()
                var exported = SyntaxTree.none
                exportedTokens.append(specifierStart)
                if eat("as") {
                    exportedTokens[exportedTokens.count - 1] = i
                    exported = try moduleExportName()
                }
                scratch.append(add(.exportSpecifier, from: specifierStart, a: local, b: exported))
                if !at("}") { try expect(",") }
            }
            try expect("}")
            let specifiers = endList(from: list)
            var source = SyntaxTree.none, attributes: Int32 = 0
            let specifierNodes = listChildren(specifiers)
            if eat("from") {
                let request: Int
                (source, attributes, request) = try parseModuleSource()
                for (index, specifier) in specifierNodes.enumerated() {
                    let node = nodes[Int(specifier)]
                    let local = exportName(node.a)
                    facts.module.exports.append(
                        .init(
                            exportedName: node.b >= 0 ? exportName(node.b) : local,
                            source: .reexport(request: request, importedName: local), token: exportedTokens[index]))
                }
            } else {
                // Local names: references to the module's bindings.
                for (index, specifier) in specifierNodes.enumerated() {
                    let token = localTokens[index]
                    guard isIdentifierName(token) else { throw unexpected(at: token, "expected a local name") }
                    let node = nodes[Int(specifier)]
                    let local = node.a
                    nodes[Int(local)].kind = .identifier
                    let saved = scope
                    scope = 0
                    addReference(local, token: token)
                    scope = saved
                    let name = exportName(local)
                    facts.module.exports.append(
                        .init(
                            exportedName: node.b >= 0 ? exportName(node.b) : name, source: .local(name: name, token: token),
                            token: exportedTokens[index]))
                }
            }
            try semicolon()
            facts.module.removableStatements.append(start..<i)
            return add(.exportNamedDeclaration, from: start, b: specifiers, c: source, d: attributes)
        }
        if eat("default") {
            let isAsyncFunction = at("async") && tokenIs(i + 1, "function") && !newlineBefore(i + 1)
            if isAsyncFunction || at("function") || at("class") {
                // The name's token, as today's analysis finds it.
                var nameToken = i + (isAsyncFunction ? 2 : 1)
                if !at("class"), tokenIs(nameToken, "*") { nameToken += 1 }
                let declaration =
                    at("class")
                    ? try parseClass(declaration: true, anonymous: true) : try parseFunction(declaration: true, anonymous: true)
                let id = nodes[Int(declaration)].a
                let named = id >= 0
                facts.module.defaultExport = .init(
                    exportToken: start, isNamedDeclaration: named, isAnonymousDeclaration: !named, lastToken: i - 1)
                let source: ModuleSyntax.Export.Source
                if named {
                    let node = nodes[Int(id)]
                    source = .local(name: identifiers.strings[Int(node.a)], token: nameToken)
                } else {
                    source = .defaultExpression
                }
                facts.module.exports.append(.init(exportedName: "default", source: source, token: start + 1))
                return add(.exportDefaultDeclaration, from: start, a: declaration)
            }
            let expression = try parseAssignment()
            facts.module.defaultExport = .init(
                exportToken: start, isNamedDeclaration: false, isAnonymousDeclaration: false, lastToken: i - 1)
            facts.module.exports.append(.init(exportedName: "default", source: .defaultExpression, token: start + 1))
            try semicolon()
            return add(.exportDefaultDeclaration, from: start, a: expression)
        }
        let declaration: Int32
        let firstSymbol = symbols.count
        if at("var") || at("const") {
            declaration = try parseVariableDeclaration(at("var") ? .var : .const)
            try semicolon()
        } else if at("let"), isIdentifierName(i + 1) || tokenIs(i + 1, "[") || tokenIs(i + 1, "{") {
            declaration = try parseVariableDeclaration(.let)
            try semicolon()
        } else if at("function") || (at("async") && tokenIs(i + 1, "function") && !newlineBefore(i + 1)) {
            declaration = try parseFunction(declaration: true)
        } else if at("class") {
            declaration = try parseClass(declaration: true)
        } else {
            throw unexpected("expected a declaration after 'export'")
        }
        facts.module.exportKeywords.append(start)
        for symbol in firstSymbol..<symbols.count where symbols[symbol].symbol.scope == 0 {
            switch symbols[symbol].symbol.kind {
            case .var, .let, .const, .function, .class:
                let name = identifiers.strings[Int(symbols[symbol].symbol.name)]
                let token = Int(symbols[symbol].token)
                facts.module.exports.append(.init(exportedName: name, source: .local(name: name, token: token), token: token))
            default:
                continue
            }
        }
        return add(.exportNamedDeclaration, from: start, a: declaration, b: 0, d: 0)
    }
}
