/// `import` and `export` declarations.
extension SyntaxParserState {
    /// The source string and optional attributes (`with { type: "json" }`) at `i`.
    private mutating func parseModuleSource() throws(JavaScriptSyntaxError) -> (source: Int32, attributes: Int32) {
        guard kind(i) == .string else { throw unexpected("expected a module specifier string") }
        let source = addToken(.stringLiteral, i)
        i += 1
        var attributes: Int32 = 0
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
                i += 1
                scratch.append(add(.importAttribute, op: op, from: start, a: key, b: value))
                if !at("}") { try expect(",") }
            }
            try expect("}")
            attributes = endList(from: list)
            if attributes == 0 {
                // `with {}`: kept as an empty attribute list marker-free (nothing to print).
            }
        }
        return (source, attributes)
    }

    mutating func parseImportDeclaration() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        if kind(i) == .string {
            let (source, attributes) = try parseModuleSource()
            try semicolon()
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
        let (source, attributes) = try parseModuleSource()
        try semicolon()
        return add(.importDeclaration, flags: flags, from: start, a: specifiers, b: source, c: attributes)
    }

    mutating func parseExportDeclaration() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        if eat("*") {
            var exported = SyntaxTree.none
            if eat("as") { exported = try moduleExportName() }
            try expect("from")
            let (source, attributes) = try parseModuleSource()
            try semicolon()
            return add(.exportAllDeclaration, from: start, a: exported, b: source, c: attributes)
        }
        if eat("{") {
            let list = beginList
            var localTokens: [Int] = []
            while i < count, !at("}") {
                let specifierStart = i
                localTokens.append(i)
                let local = try moduleExportName()
                var exported = SyntaxTree.none
                if eat("as") { exported = try moduleExportName() }
                scratch.append(add(.exportSpecifier, from: specifierStart, a: local, b: exported))
                if !at("}") { try expect(",") }
            }
            try expect("}")
            let specifiers = endList(from: list)
            var source = SyntaxTree.none, attributes: Int32 = 0
            if eat("from") {
                (source, attributes) = try parseModuleSource()
            } else {
                // Local names: references to the module's bindings.
                for (specifier, token) in zip(tree.list(specifiers), localTokens) {
                    guard isIdentifierName(token) else { throw unexpected(at: token, "expected a local name") }
                    let local = tree.nodes[Int(specifier)].a
                    tree.nodes[Int(local)].kind = .identifier
                    let saved = scope
                    scope = 0
                    addReference(local)
                    scope = saved
                }
            }
            try semicolon()
            return add(.exportNamedDeclaration, from: start, b: specifiers, c: source, d: attributes)
        }
        if eat("default") {
            let isAsyncFunction = at("async") && tokenIs(i + 1, "function") && !newlineBefore(i + 1)
            if isAsyncFunction || at("function") {
                let declaration = try parseFunction(declaration: true, anonymous: true)
                return add(.exportDefaultDeclaration, from: start, a: declaration)
            }
            if at("class") {
                let declaration = try parseClass(declaration: true, anonymous: true)
                return add(.exportDefaultDeclaration, from: start, a: declaration)
            }
            let expression = try parseAssignment()
            try semicolon()
            return add(.exportDefaultDeclaration, from: start, a: expression)
        }
        let declaration: Int32
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
        return add(.exportNamedDeclaration, from: start, a: declaration, b: 0, d: 0)
    }
}
