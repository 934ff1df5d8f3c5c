/// Functions, arrows, methods and classes.
extension SyntaxParserState {
    /// `[async] function [*] [name] (params) { body }` at `i`. A declaration needs a name unless it is
    /// `export default`'s (`anonymous`).
    mutating func parseFunction(declaration: Bool, anonymous: Bool = false) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        let isAsync = eat("async")
        try expect("function")
        let isGenerator = eat("*")
        if isAsync, isGenerator { recordFeature(.asyncGenerator, at: start) }
        let outer = scope
        var id = SyntaxTree.none
        var nameScope = SyntaxTree.none
        if isIdentifierName(i) {
            if declaration {
                id = bindingIdentifier(.function)
            } else {
                nameScope = pushScope(.expressionName)
                id = bindingIdentifier(.expressionName)
            }
        } else if declaration, !anonymous {
            throw unexpected("expected a function name")
        }
        let (parameters, body, functionScope) = try parseFunctionRest(isAsync: isAsync, isGenerator: isGenerator)
        if declaration { recordStatementBrace() }
        scope = outer
        var flags: SyntaxFlags = []
        if isAsync { flags.insert(.isAsync) }
        if isGenerator { flags.insert(.generator) }
        let node = add(declaration ? .functionDeclaration : .functionExpression, flags: flags, from: start, a: id, b: parameters, c: body)
        setScopeNode(functionScope, node)
        if nameScope >= 0 { setScopeNode(nameScope, node) }
        return node
    }

    /// `(params) { body }` at `i` in a new function scope.
    private mutating func parseFunctionRest(
        isAsync: Bool, isGenerator: Bool, superProperty: Bool = false, superCall: Bool = false
    ) throws(JavaScriptSyntaxError) -> (Int32, Int32, Int32) {
        let outer = scope
        let functionScope = pushScope(.function)
        let outerFunction = currentFunction
        currentFunction = FunctionContext(isAsync: isAsync, isGenerator: isGenerator, superProperty: superProperty, superCall: superCall)
        let outerNoIn = noIn
        noIn = false
        try expect("(")
        let parameters = try parseParameters()
        let body = try parseFunctionBody(parameters: parameters)
        noIn = outerNoIn
        currentFunction = outerFunction
        scope = outer
        return (parameters, body, functionScope)
    }

    /// A method's function (at its `(`); `superCall`: a derived class's constructor.
    mutating func parseMethod(isAsync: Bool, isGenerator: Bool, superCall: Bool = false) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        let (parameters, body, functionScope) = try parseFunctionRest(
            isAsync: isAsync, isGenerator: isGenerator, superProperty: true, superCall: superCall)
        var flags: SyntaxFlags = []
        if isAsync { flags.insert(.isAsync) }
        if isGenerator { flags.insert(.generator) }
        let node = add(.functionExpression, flags: flags, from: start, b: parameters, c: body)
        setScopeNode(functionScope, node)
        return node
    }

    /// Parameters after `(`, through `)`: a list of patterns.
    private mutating func parseParameters() throws(JavaScriptSyntaxError) -> Int32 {
        let parameterScope = Int(scope)
        scopes[parameterScope].flags |= Self.parametersFlag
        parameterDepth += 1
        defer {
            scopes[parameterScope].flags &= ~Self.parametersFlag
            parameterDepth -= 1
        }
        let list = beginList
        while i < count, !at(")") {
            if at("...") {
                let start = i
                i += 1
                let target = try parseBindingTarget(.parameter)
                scratch.append(add(.restElement, from: start, a: target))
            } else {
                let child = try parseBindingElement(.parameter)
                scratch.append(child)
            }
            if !at(")") { try expect(",") }
        }
        try expect(")")
        return endList(from: list)
    }

    /// `{ statements }` of a function (in the function's scope): a `blockStatement`. A `"use strict"` directive
    /// is refused when `parameters` (a list) holds anything but plain names, as engines refuse it.
    private mutating func parseFunctionBody(parameters: Int32 = SyntaxTree.none) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        try expect("{")
        let outerStrict = strict
        if let directive = useStrictDirective(at: i) {
            strict = true
            if parameters != SyntaxTree.none,
                listChildren(parameters).contains(where: { nodes[Int($0)].kind != .bindingIdentifier })
            {
                throw unexpected(
                    at: directive, "a function with default, destructured or rest parameters cannot be made strict in its body")
            }
        }
        let list = beginList
        while i < count, !at("}") {
            let child = try parseStatement()
            scratch.append(child)
        }
        try expect("}")
        strict = outerStrict
        return add(.blockStatement, from: start, a: endList(from: list))
    }

    mutating func parseArrow(isAsync: Bool) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        if isAsync { i += 1 }
        let outer = scope
        let arrowScope = pushScope(.arrowFunction)
        let enclosing = currentFunction
        currentFunction =
            FunctionContext(
                isAsync: isAsync, isGenerator: false, superProperty: enclosing?.superProperty ?? false,
                superCall: enclosing?.superCall ?? false)
        let parameters: Int32
        if eat("(") {
            let outerNoIn = noIn
            noIn = false
            parameters = try parseParameters()
            noIn = outerNoIn
        } else {
            let list = beginList
            scratch.append(bindingIdentifier(.parameter))
            parameters = endList(from: list)
        }
        try expect("=>")
        var flags: SyntaxFlags = isAsync ? .isAsync : []
        let body: Int32
        if at("{") {
            let outerNoIn = noIn
            noIn = false
            body = try parseFunctionBody(parameters: parameters)
            noIn = outerNoIn
        } else {
            body = try parseAssignment()
            flags.insert(.expressionBody)
        }
        currentFunction = enclosing
        scope = outer
        let node = add(.arrowFunction, flags: flags, from: start, b: parameters, c: body)
        setScopeNode(arrowScope, node)
        return node
    }

    mutating func parseClass(declaration: Bool, anonymous: Bool = false) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        try expect("class")
        let outer = scope
        var id = SyntaxTree.none
        var nameScope = SyntaxTree.none
        if isIdentifierName(i) {
            if declaration {
                id = bindingIdentifier(.class)
            } else {
                nameScope = pushScope(.expressionName)
                id = bindingIdentifier(.expressionName)
            }
        } else if declaration, !anonymous {
            throw unexpected("expected a class name")
        }
        let outerStrict = strict
        strict = true
        let outerNoIn = noIn
        noIn = false
        defer { noIn = outerNoIn }
        var superClass = SyntaxTree.none
        if eat("extends") { superClass = try parseLeftHandSide() }
        try expect("{")
        let bodyScope = pushScope(.classBody)
        let list = beginList
        while i < count, !at("}") {
            if eat(";") { continue }
            let child = try parseClassMember(derived: superClass != SyntaxTree.none)
            scratch.append(child)
        }
        try expect("}")
        if declaration { recordStatementBrace() }
        scope = outer
        strict = outerStrict
        let node = add(declaration ? .classDeclaration : .classExpression, from: start, a: id, b: superClass, c: endList(from: list))
        setScopeNode(bodyScope, node)
        if nameScope >= 0 { setScopeNode(nameScope, node) }
        return node
    }

    private mutating func parseClassMember(derived: Bool) throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        if at("static"), tokenIs(i + 1, "{") {
            recordFeature(.classStaticBlock, at: i)
            i += 1
            let outer = scope
            let blockScope = pushScope(.function)
            let outerFunction = currentFunction
            currentFunction = FunctionContext(isAsync: false, isGenerator: false, superProperty: true)
            let body = try parseFunctionBody()
            recordStatementBrace()
            currentFunction = outerFunction
            scope = outer
            let node = add(.staticBlock, from: start, a: body)
            setScopeNode(blockScope, node)
            return node
        }
        var flags: SyntaxFlags = []
        if at("static"), isPropertyNameStart(i + 1) || tokenIs(i + 1, "*") {
            flags.insert(.isStatic)
            i += 1
        }
        let (isAsync, isGenerator, accessor) = parseMethodModifiers()
        let nameToken = i
        let isPrivate = kind(i) == .privateName
        let (key, computed) = try parsePropertyKey(allowPrivate: true)
        if computed { flags.insert(.computed) }
        if at("(") {
            if isPrivate { recordFeature(.classPrivateMethod, at: nameToken) }
            let isConstructor =
                derived && !flags.contains(.isStatic) && !computed && accessor == nil && !isAsync && !isGenerator
                && (tokenIs(nameToken, "constructor") || tokenIs(nameToken, "\"constructor\"")
                    || tokenIs(nameToken, "'constructor'"))
            let function = try parseMethod(isAsync: isAsync, isGenerator: isGenerator, superCall: isConstructor)
            recordStatementBrace()
            return add(.methodDefinition, op: (accessor ?? .method).rawValue, flags: flags, from: start, a: key, b: function)
        }
        guard !isAsync, !isGenerator, accessor == nil else { throw expected("(") }
        recordFeature(
            isPrivate ? .classPrivateField : flags.contains(.isStatic) ? .classStaticField : .classField, at: nameToken)
        var value = SyntaxTree.none
        if eat("=") {
            let outerFunction = currentFunction
            currentFunction = FunctionContext(isAsync: false, isGenerator: false, superProperty: true)
            value = try parseAssignment()
            currentFunction = outerFunction
        }
        try semicolon()
        return add(.propertyDefinition, flags: flags, from: start, a: key, b: value)
    }
}
