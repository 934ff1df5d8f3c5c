/// Statements.
extension SyntaxParserState {
    mutating func parseProgram() throws(JavaScriptSyntaxError) {
        scopes.add(ParsedScope(scope: SyntaxScope(kind: .program, parent: -1, node: SyntaxTree.none), firstToken: 0, flags: 0))
        strict = hasUseStrictDirective(at: 0)
        let list = beginList
        while i < count {
            let child = try parseStatement(topLevel: true)
            scratch.append(child)
        }
        let statements = endList(from: list)
        let program = nodes.add(SyntaxNode(.program, start: 0, end: src.count, a: statements))
        tree.root = program
        setScopeNode(0, program)
        attachLegalComments(upTo: count, statement: SyntaxTree.none)
        if let redeclaration { throw redeclaration }
    }

    /// Records the legal comments before token `k` as standing before `statement`.
    private mutating func attachLegalComments(upTo k: Int, statement: Int32) {
        while legalCursor < legal.count, legal[legalCursor].token <= k {
            tree.legalComments.append(SyntaxComment(range: legal[legalCursor].range, statement: statement))
            legalCursor += 1
        }
    }

    mutating func parseStatement(topLevel: Bool = false) throws(JavaScriptSyntaxError) -> Int32 {
        try enter()
        defer { depth -= 1 }
        guard i < count else { throw unexpected() }
        let first = i
        guard legalCursor < legal.count, legal[legalCursor].token <= first else {
            return try parseStatementBody(topLevel: topLevel)
        }
        // The comments before this statement are its own (not those of the first statement nested in it).
        let from = tree.legalComments.count
        attachLegalComments(upTo: first, statement: SyntaxTree.none)
        let to = tree.legalComments.count
        let node = try parseStatementBody(topLevel: topLevel)
        for index in from..<to { tree.legalComments[index].statement = node }
        return node
    }

    private mutating func parseStatementBody(topLevel: Bool) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        switch tokens[i].kind {
        case .punctuator:
            if at("{") {
                let block = try parseBlock()
                recordStatementBrace()
                return block
            }
            if at(";") {
                i += 1
                return add(.emptyStatement, from: start)
            }
        case .keyword:
            if let node = try parseKeywordStatement(topLevel: topLevel) { return node }
        case .identifier:
            if at("let"), isIdentifierName(i + 1) || tokenIs(i + 1, "[") || tokenIs(i + 1, "{") {
                let node = try parseVariableDeclaration(.let)
                try semicolon()
                return extend(node)
            }
            if at("async"), tokenIs(i + 1, "function"), !newlineBefore(i + 1) {
                return try parseFunction(declaration: true)
            }
            if tokenIs(i + 1, ":") { return try parseLabeled() }
        default:
            break
        }
        let expression = try parseExpression()
        try semicolon()
        return add(.expressionStatement, from: start, a: expression)
    }

    /// Node `node` extended to the last token consumed (its `;`).
    private mutating func extend(_ node: Int32) -> Int32 {
        nodes[Int(node)].end = UInt32(truncatingIfNeeded: lastEnd)
        return node
    }

    private mutating func parseLabeled() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        let label = identifierName()
        i += 1  // :
        let body = try parseStatement()
        return add(.labeledStatement, from: start, a: label, b: body)
    }

    /// A statement starting with a keyword; nil for an expression statement.
    private mutating func parseKeywordStatement(topLevel: Bool) throws(JavaScriptSyntaxError) -> Int32? {
        let start = i
        switch codes[i] {
        case TokenCode.of("var"):
            let node = try parseVariableDeclaration(.var)
            try semicolon()
            return extend(node)
        case TokenCode.of("const"):
            let node = try parseVariableDeclaration(.const)
            try semicolon()
            return extend(node)
        case TokenCode.of("function"):
            return try parseFunction(declaration: true)
        case TokenCode.of("class"):
            return try parseClass(declaration: true)
        case TokenCode.of("if"):
            i += 1
            let test = try parseParenthesized()
            let consequent = try parseStatement()
            var alternate = SyntaxTree.none
            if eat("else") { alternate = try parseStatement() }
            return add(.ifStatement, from: start, a: test, b: consequent, c: alternate)
        case TokenCode.of("for"):
            return try parseFor()
        case TokenCode.of("while"):
            i += 1
            let test = try parseParenthesized()
            let body = try parseStatement()
            return add(.whileStatement, from: start, a: test, b: body)
        case TokenCode.of("do"):
            i += 1
            let body = try parseStatement()
            try expect("while")
            let test = try parseParenthesized()
            _ = eat(";")
            return add(.doWhileStatement, from: start, a: body, b: test)
        case TokenCode.of("return"), TokenCode.of("throw"):
            let isReturn = codes[i] == TokenCode.of("return")
            if isReturn { markReturn() }
            i += 1
            var argument = SyntaxTree.none
            if isReturn {
                if !at(";"), !canInsertSemicolon() { argument = try parseExpression() }
            } else {
                guard i < count, !newlineBefore(i) else { throw unexpected() }
                argument = try parseExpression()
            }
            try semicolon()
            return add(isReturn ? .returnStatement : .throwStatement, from: start, a: argument)
        case TokenCode.of("break"), TokenCode.of("continue"):
            let isBreak = codes[i] == TokenCode.of("break")
            i += 1
            var label = SyntaxTree.none
            if isIdentifierName(i), !newlineBefore(i) { label = identifierName() }
            try semicolon()
            return add(isBreak ? .breakStatement : .continueStatement, from: start, a: label)
        case TokenCode.of("switch"):
            return try parseSwitch()
        case TokenCode.of("try"):
            return try parseTry()
        case TokenCode.of("with"):
            i += 1
            let object = try parseParenthesized()
            let outer = scope
            let blockScope = pushScope(.block)
            markUnsafe(from: blockScope)
            let body = try parseStatement()
            scope = outer
            let node = add(.withStatement, from: start, a: object, b: body)
            setScopeNode(blockScope, node)
            return node
        case TokenCode.of("debugger"):
            i += 1
            try semicolon()
            return add(.debuggerStatement, from: start)
        case TokenCode.of("import"):
            guard topLevel, !tokenIs(i + 1, "("), !tokenIs(i + 1, ".") else { return nil }
            return try parseImportDeclaration()
        case TokenCode.of("export"):
            guard topLevel else { throw unexpected("'export' is only allowed at the top level") }
            return try parseExportDeclaration()
        case TokenCode.of("yield"), TokenCode.of("await"):
            guard tokenIs(i + 1, ":") else { return nil }
            return try parseLabeled()
        default:
            return nil
        }
    }

    mutating func parseBlock() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        try expect("{")
        let outer = scope
        let blockScope = pushScope(.block)
        let list = beginList
        while i < count, !at("}") {
            let child = try parseStatement()
            scratch.append(child)
        }
        try expect("}")
        scope = outer
        let node = add(.blockStatement, from: start, a: endList(from: list))
        setScopeNode(blockScope, node)
        return node
    }

    private mutating func parseParenthesized() throws(JavaScriptSyntaxError) -> Int32 {
        try expect("(")
        let outerNoIn = noIn
        noIn = false
        let expression = try parseExpression()
        noIn = outerNoIn
        try expect(")")
        return expression
    }

    /// `var`/`let`/`const` and its declarators at `i` (without the `;`).
    mutating func parseVariableDeclaration(_ kind: SyntaxVariableKind) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        let declarationKind: Declaration.Kind =
            switch kind {
            case .var: .var
            case .let: .let
            case .const: .const
            }
        var constStatement = -1
        if kind == .const {
            constStatement = facts.constStatements.count
            let first = Int32(truncatingIfNeeded: symbols.count)
            facts.constStatements.append(
                .init(keyword: Int32(truncatingIfNeeded: start), scope: scope, firstSymbol: first, endSymbol: first))
        }
        defer {
            if constStatement >= 0 { facts.constStatements[constStatement].endSymbol = Int32(truncatingIfNeeded: symbols.count) }
        }
        let list = beginList
        repeat {
            let declaratorStart = i
            let target = try parseBindingTarget(declarationKind)
            var initializer = SyntaxTree.none
            if eat("=") { initializer = try parseAssignment() }
            scratch.append(add(.variableDeclarator, from: declaratorStart, a: target, b: initializer))
        } while eat(",")
        return add(.variableDeclaration, op: kind.rawValue, from: start, a: endList(from: list))
    }

    private mutating func parseFor() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        var flags: SyntaxFlags = []
        if at("await") {
            recordFeature(.forAwait, at: start)
            flags.insert(.isAwait)
            if currentFunction == nil, facts.module.topLevelAwait == nil { facts.module.topLevelAwait = i }
            i += 1
        }
        try expect("(")
        let outer = scope
        let forScope = pushScope(.block)
        var initializer = SyntaxTree.none
        let outerNoIn = noIn
        noIn = true
        var isDeclaration = false
        let firstReference = references.count
        if at(";") {
            // No initializer.
        } else if at("var") || at("const") {
            initializer = try parseVariableDeclaration(at("var") ? .var : .const)
            isDeclaration = true
        } else if at("let"), isIdentifierName(i + 1) || tokenIs(i + 1, "[") || tokenIs(i + 1, "{") {
            initializer = try parseVariableDeclaration(.let)
            isDeclaration = true
        } else {
            initializer = try parseExpression()
        }
        noIn = outerNoIn
        let node: Int32
        if at("of") || at("in") {
            let isOf = at("of")
            i += 1
            if !isDeclaration {
                initializer = try toAssignmentTarget(initializer, at: start)
                if isOf { markFactsWritten(from: firstReference) }
            }
            let right = isOf ? try parseAssignment() : try parseExpression()
            // Today's analysis read a `for`-`in` head `x in o` as one expression and counted all of it written.
            if !isDeclaration, !isOf { markFactsWritten(from: firstReference) }
            try expect(")")
            let body = try parseStatement()
            node = add(isOf ? .forOfStatement : .forInStatement, flags: flags, from: start, a: initializer, b: right, c: body)
        } else {
            try expect(";")
            var test = SyntaxTree.none, update = SyntaxTree.none
            if !at(";") { test = try parseExpression() }
            try expect(";")
            if !at(")") { update = try parseExpression() }
            try expect(")")
            let body = try parseStatement()
            node = add(.forStatement, from: start, a: initializer, b: test, c: update, d: body)
        }
        scope = outer
        setScopeNode(forScope, node)
        return node
    }

    private mutating func parseSwitch() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        let discriminant = try parseParenthesized()
        try expect("{")
        let outer = scope
        let switchScope = pushScope(.block)
        let cases = beginList
        while i < count, !at("}") {
            let caseStart = i
            var test = SyntaxTree.none
            if eat("case") {
                test = try parseExpression()
                try expect(":")
            } else if eat("default") {
                try expect(":")
            } else {
                throw unexpected("expected 'case' or 'default'")
            }
            let body = beginList
            while i < count, !at("}"), !at("case"), !at("default") {
                let child = try parseStatement()
                scratch.append(child)
            }
            let statements = endList(from: body)
            scratch.append(add(.switchCase, from: caseStart, a: test, b: statements))
        }
        try expect("}")
        recordStatementBrace()
        scope = outer
        let node = add(.switchStatement, from: start, a: discriminant, b: endList(from: cases))
        setScopeNode(switchScope, node)
        return node
    }

    private mutating func parseTry() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        let block = try parseBlock()
        recordStatementBrace()
        var handler = SyntaxTree.none, finalizer = SyntaxTree.none
        if at("catch") {
            let catchStart = i
            i += 1
            let outer = scope
            let catchScope = pushScope(.catchClause)
            var parameter = SyntaxTree.none
            if eat("(") {
                parameter = try parseBindingTarget(.catchParameter)
                try expect(")")
            } else {
                recordFeature(.optionalCatchBinding, at: catchStart)
            }
            let body = try parseBlock()
            recordStatementBrace()
            scope = outer
            handler = add(.catchClause, from: catchStart, a: parameter, b: body)
            setScopeNode(catchScope, handler)
        }
        if eat("finally") {
            finalizer = try parseBlock()
            recordStatementBrace()
        }
        guard handler >= 0 || finalizer >= 0 else { throw unexpected("expected 'catch' or 'finally'") }
        return add(.tryStatement, from: start, a: block, b: handler, c: finalizer)
    }
}
