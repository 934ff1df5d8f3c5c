/// Expressions: precedence climbing over the binary operators, with arrows found by the matching `)`.
extension SyntaxParserState {
    mutating func parseExpression() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        let first = try parseAssignment()
        guard at(",") else { return first }
        let list = beginList
        scratch.append(first)
        while eat(",") {
            let child = try parseAssignment()
            scratch.append(child)
        }
        return add(.sequenceExpression, from: start, a: endList(from: list))
    }

    /// An expression with `in` allowed whatever the context (inside brackets).
    @inline(__always)
    mutating func parseAssignmentAllowingIn() throws(JavaScriptSyntaxError) -> Int32 {
        let outer = noIn
        noIn = false
        defer { noIn = outer }
        return try parseAssignment()
    }

    @inline(__always)
    mutating func parseExpressionAllowingIn() throws(JavaScriptSyntaxError) -> Int32 {
        let outer = noIn
        noIn = false
        defer { noIn = outer }
        return try parseExpression()
    }

    mutating func parseAssignment() throws(JavaScriptSyntaxError) -> Int32 {
        // The fast path skips `enter()`, so it is taken only below the deepest level the full descent accepts.
        if depth < SyntaxParser.maximumDepth, let operand = parseLoneOperand() { return operand }
        try enter()
        defer { depth -= 1 }
        guard i < count else { throw unexpected() }
        let start = i
        if isIdentifierName(i), tokenIs(i + 1, "=>"), !newlineBefore(i + 1) {
            return try parseArrow(isAsync: false)
        }
        if at("async"), !newlineBefore(i + 1) {
            if isIdentifierName(i + 1), tokenIs(i + 2, "=>"), !newlineBefore(i + 2) { return try parseArrow(isAsync: true) }
            if tokenIs(i + 1, "("), arrowFollows(i + 1) { return try parseArrow(isAsync: true) }
        }
        if at("("), arrowFollows(i) { return try parseArrow(isAsync: false) }
        if at("yield"), currentFunction?.isGenerator == true { return try parseYield() }
        let firstReference = references.count
        let left: Int32
        if startsWithName() {
            // A name or `this` starts a left-hand side (no prefix operator applies to it): read it directly, and when
            // `,`, `)`, `]`, `;`, `}` or the end follows (an argument, a call statement, a returned value), nothing
            // continues it, so the levels between would find nothing to do. Otherwise they go on from it.
            let operand = try parseLeftHandSide()
            if endsExpression() { return operand }
            left = try continueExpression(operand, start: start, firstReference: firstReference)
        } else {
            left = try parseConditional()
        }
        guard inRange(i), uncheckedToken(i).kind == .punctuator, let op = SyntaxOperator.assignment(code: uncheckedCode(i)) else {
            return left
        }
        markFactsTarget(start: start, firstReference: firstReference)
        if op == .logicalAndAssign || op == .logicalOrAssign || op == .nullishAssign { recordFeature(.logicalAssignment, at: i) }
        let target: Int32
        if op == .assign {
            target = try toAssignmentTarget(left, at: start)
        } else {
            guard isSimpleTarget(left) else { throw unexpected(at: start, "invalid assignment target") }
            if nodes[Int(left)].kind == .identifier { markWritten(left) }
            target = left
        }
        i += 1
        let value = try parseAssignment()
        return add(.assignmentExpression, op: op.rawValue, from: start, a: target, b: value)
    }

    /// The commonest assignment expression, read without descending through every precedence level: a name, string,
    /// number, `this`, `null` or boolean directly followed by `,`, `)`, `]`, `;` or `}` (an argument, an element, a
    /// returned value). The same node and facts as the full descent; nil (nothing consumed) for anything else.
    @inline(__always)
    private mutating func parseLoneOperand() -> Int32? {
        let start = i
        let next = start &+ 1
        // `start` and `next` both token indexes: `0 <= start < count - 1` (one unsigned comparison).
        guard UInt(bitPattern: start) < UInt(bitPattern: count &- 1), uncheckedToken(next).kind == .punctuator else { return nil }
        switch uncheckedCode(next) {
        case TokenCode.of(","), TokenCode.of(")"), TokenCode.of("]"), TokenCode.of(";"), TokenCode.of("}"): break
        default: return nil
        }
        return loneOperand(start, next: next)
    }

    /// A lone operand where a unary expression is read (the operand of a prefix operator when `minimum` is nil, an
    /// operand of the binary operators above `minimum` otherwise), read without the calls of `parseUnary`,
    /// `parseLeftHandSide`, `parsePrimary` and `parseSuffixes` (step 5i): a name, string, number, `this`, `null` or
    /// boolean followed by a punctuator that neither continues it (`.`, `?.`, `[`, `(`, `++`, `--`) nor is a binary
    /// operator above `minimum`. Those levels would read the same token and find nothing after it (a following
    /// keyword such as `in` or `instanceof`, a template, or the end take the full descent), so the node, the facts
    /// and the errors are the same. Nil (nothing consumed) for anything else.
    @inline(__always)
    private mutating func parseLoneUnaryOperand(above minimum: SyntaxPrecedence?) -> Int32? {
        let start = i
        let next = start &+ 1
        guard UInt(bitPattern: start) < UInt(bitPattern: count &- 1), uncheckedToken(next).kind == .punctuator else { return nil }
        let code = uncheckedCode(next)
        switch code {
        case TokenCode.of("."), TokenCode.of("?."), TokenCode.of("["), TokenCode.of("("), TokenCode.of("++"), TokenCode.of("--"):
            return nil
        default: break
        }
        if let minimum, let op = SyntaxOperator.binary(code: code), op.precedence > minimum { return nil }
        return loneOperand(start, next: next)
    }

    /// The node of the lone operand at token `start` (the token after it, `next`, ends it), consuming it; nil
    /// (nothing consumed) when the token is not a name, string, number, `this`, `null` or boolean.
    @inline(__always)
    private mutating func loneOperand(_ start: Int, next: Int) -> Int32? {
        switch uncheckedToken(start).kind {
        case .identifier:
            return reference()
        case .string:
            i = next
            return addToken(.stringLiteral, start)
        case .number:
            recordNumberFeatures(start)
            i = next
            return addToken(.numberLiteral, start)
        case .keyword:
            switch uncheckedCode(start) {
            case TokenCode.of("this"):
                if isOutsideFunctionsAndClassBodies() { facts.topLevelThis.append(Int32(truncatingIfNeeded: start)) }
                i = next
                return addToken(.thisExpression, start)
            case TokenCode.of("null"):
                i = next
                return addToken(.nullLiteral, start)
            case TokenCode.of("true"), TokenCode.of("false"):
                if start == 0 || !tokenIs(start - 1, "new") { facts.booleanLiterals.append(Int32(truncatingIfNeeded: start)) }
                i = next
                return addToken(.booleanLiteral, start)
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Whether token `i` (there is one) is a name or `this`: `parseUnary` would read a left-hand side from it.
    @inline(__always)
    private func startsWithName() -> Bool {
        switch tokens[i].kind {
        case .identifier: true
        case .keyword: codes[i] == TokenCode.of("this")
        default: false
        }
    }

    /// Whether token `i` ends an assignment expression whatever came before it: `,`, `)`, `]`, `;`, `}` or the end (no
    /// postfix, binary, conditional or assignment operator).
    @inline(__always)
    private func endsExpression() -> Bool {
        guard inRange(i) else { return true }
        guard uncheckedToken(i).kind == .punctuator else { return false }
        switch uncheckedCode(i) {
        case TokenCode.of(","), TokenCode.of(")"), TokenCode.of("]"), TokenCode.of(";"), TokenCode.of("}"): return true
        default: return false
        }
    }

    /// What `parseConditional` does after `parseUnary` read `operand` (a left-hand side from token `start`, its references
    /// from `firstReference` on): a postfix `++`/`--`, the binary operators, then `? :`.
    private mutating func continueExpression(
        _ operand: Int32, start: Int, firstReference: Int
    ) throws(JavaScriptSyntaxError) -> Int32 {
        let unary = try parsePostfix(operand, start: start, firstReference: firstReference)
        let test = try parseBinaryOperators(.lowest, start: start, left: unary)
        return try parseConditionalBranches(test, start: start)
    }

    @inline(__always)
    func arrowFollows(_ open: Int) -> Bool {
        let close = Int(matching[open])
        return close > open && tokenIs(close + 1, "=>") && !newlineBefore(close + 1)
    }

    private mutating func parseYield() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        var flags: SyntaxFlags = []
        var argument = SyntaxTree.none
        if !newlineBefore(i) {
            if eat("*") {
                flags.insert(.delegate)
                argument = try parseAssignment()
            } else if canStartExpression(i) {
                argument = try parseAssignment()
            }
        }
        return add(.yieldExpression, flags: flags, from: start, a: argument)
    }

    /// Whether token `k` can start an expression (`yield`'s argument, top-level `await`).
    func canStartExpression(_ k: Int) -> Bool {
        guard k < count else { return false }
        switch tokens[k].kind {
        case .identifier, .number, .string, .template, .templateHead, .regularExpression, .privateName: return true
        case .keyword: return !(tokenIs(k, "in") || tokenIs(k, "instanceof"))
        case .punctuator:
            return tokenIs(k, "(") || tokenIs(k, "[") || tokenIs(k, "{") || tokenIs(k, "+") || tokenIs(k, "-")
                || tokenIs(k, "!") || tokenIs(k, "~") || tokenIs(k, "++") || tokenIs(k, "--")
        default: return false
        }
    }

    /// Inlined into `parseAssignment`, its one caller: a level of the descent without a call of its own.
    @inline(__always)
    private mutating func parseConditional() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        let test = try parseBinary(.lowest)
        return try parseConditionalBranches(test, start: start)
    }

    /// `? consequent : alternate` after `test` (from token `start`), if there is one.
    @inline(__always)
    private mutating func parseConditionalBranches(_ test: Int32, start: Int) throws(JavaScriptSyntaxError) -> Int32 {
        guard at("?") else { return test }
        i += 1
        let consequent = try parseAssignmentAllowingIn()
        try expect(":")
        let alternate = try parseAssignment()
        return add(.conditionalExpression, from: start, a: test, b: consequent, c: alternate)
    }

    private func isUnparenthesized(_ node: Int32, _ kinds: SyntaxKind...) -> Bool {
        let n = nodes[Int(node)]
        return !n.flags.contains(.parenthesized) && kinds.contains(n.kind)
    }

    private func isUnparenthesizedLogical(_ node: Int32, nullish: Bool) -> Bool {
        let n = nodes[Int(node)]
        guard n.kind == .logicalExpression, !n.flags.contains(.parenthesized) else { return false }
        return (n.op == SyntaxOperator.nullish.rawValue) == nullish
    }

    private mutating func parseBinary(_ minimum: SyntaxPrecedence) throws(JavaScriptSyntaxError) -> Int32 {
        if let operand = parseLoneUnaryOperand(above: minimum) { return operand }
        let start = i
        var left: Int32
        if kind(i) == .privateName, tokenIs(i + 1, "in") {
            recordFeature(.classPrivateBrandCheck, at: i)
            left = addToken(.privateName, i, a: nameID(i))
            i += 1
        } else {
            left = try parseUnary()
        }
        return try parseBinaryOperators(minimum, start: start, left: left)
    }

    /// The binary operators above `minimum` after the operand `left` (from token `start`), left to right.
    @inline(__always)
    private mutating func parseBinaryOperators(
        _ minimum: SyntaxPrecedence, start: Int, left first: Int32
    ) throws(JavaScriptSyntaxError) -> Int32 {
        var left = first
        while inRange(i) {
            let token = uncheckedToken(i)
            let op: SyntaxOperator
            if token.kind == .punctuator, let binary = SyntaxOperator.binary(code: uncheckedCode(i)) {
                op = binary
            } else if token.kind == .keyword, uncheckedCode(i) == TokenCode.of("in"), !noIn {
                op = .in
            } else if token.kind == .keyword, tokenIs(i, "instanceof") {
                op = .instanceof
            } else {
                break
            }
            let precedence = op.precedence
            guard precedence > minimum else { break }
            let operatorToken = i
            if op == .nullish { recordFeature(.nullishCoalescing, at: i) }
            if op == .exponent, isUnparenthesized(left, .unaryExpression, .awaitExpression) {
                throw unexpected("a unary expression before '**' needs parentheses")
            }
            if op == .nullish
                ? isUnparenthesizedLogical(left, nullish: false) : op.isLogical && isUnparenthesizedLogical(left, nullish: true)
            {
                throw unexpected("'??' and '||' or '&&' need parentheses")
            }
            i += 1
            let right = try parseBinary(op == .exponent ? .multiplicative : precedence)
            if op == .nullish
                ? isUnparenthesizedLogical(right, nullish: false) : op.isLogical && isUnparenthesizedLogical(right, nullish: true)
            {
                throw unexpected(at: operatorToken, "'??' and '||' or '&&' need parentheses")
            }
            left = add(op.isLogical ? .logicalExpression : .binaryExpression, op: op.rawValue, from: start, a: left, b: right)
        }
        return left
    }

    /// Whether `node` may be assigned or updated: a name or a member access.
    func isSimpleTarget(_ node: Int32) -> Bool {
        let kind = nodes[Int(node)].kind
        return kind == .identifier || kind == .memberExpression
    }

    private mutating func parseUnary() throws(JavaScriptSyntaxError) -> Int32 {
        guard inRange(i) else { throw unexpected() }
        let start = i
        let token = uncheckedToken(i)
        let code = uncheckedCode(i)
        if token.kind == .punctuator {
            var op: SyntaxOperator?
            switch code {
            case TokenCode.of("!"): op = .not
            case TokenCode.of("~"): op = .bitNot
            case TokenCode.of("+"): op = .plus
            case TokenCode.of("-"): op = .minus
            case TokenCode.of("++"): op = .increment
            case TokenCode.of("--"): op = .decrement
            default: op = nil
            }
            if let op {
                i += 1
                let argumentStart = i, firstReference = references.count
                let argument = try parsePrefixOperand()
                if op == .increment || op == .decrement {
                    markFactsTarget(start: argumentStart, firstReference: firstReference)
                    guard isSimpleTarget(argument) else { throw unexpected(at: start + 1, "invalid update target") }
                    if nodes[Int(argument)].kind == .identifier { markWritten(argument) }
                    return add(.updateExpression, op: op.rawValue, flags: .prefix, from: start, a: argument)
                }
                return add(.unaryExpression, op: op.rawValue, from: start, a: argument)
            }
        } else if token.kind == .keyword {
            var op: SyntaxOperator?
            switch code {
            case TokenCode.of("typeof"): op = .typeof
            case TokenCode.of("void"): op = .void
            case TokenCode.of("delete"): op = .delete
            case TokenCode.of("await"):
                let isAwait =
                    currentFunction?.isAsync == true
                    || (currentFunction == nil && !newlineBefore(i + 1) && canStartExpression(i + 1)
                        && !tokenIs(i + 1, "(") && !tokenIs(i + 1, "[") && !tokenIs(i + 1, "+") && !tokenIs(i + 1, "-"))
                if isAwait {
                    if currentFunction == nil, facts.module.topLevelAwait == nil { facts.module.topLevelAwait = i }
                    i += 1
                    let argument = try parsePrefixOperand()
                    return add(.awaitExpression, from: start, a: argument)
                }
            default: break
            }
            if let op {
                i += 1
                let argument = try parsePrefixOperand()
                return add(.unaryExpression, op: op.rawValue, from: start, a: argument)
            }
        }
        let firstReference = references.count
        let argument = try parseLeftHandSide()
        return try parsePostfix(argument, start: start, firstReference: firstReference)
    }

    /// A postfix `++`/`--` after the left-hand side `argument` (from token `start`, its references from
    /// `firstReference` on), if there is one.
    @inline(__always)
    private mutating func parsePostfix(_ argument: Int32, start: Int, firstReference: Int) throws(JavaScriptSyntaxError) -> Int32 {
        if i < count, at("++") || at("--"), !newlineBefore(i) {
            markFactsTarget(start: start, firstReference: firstReference)
            guard isSimpleTarget(argument) else { throw unexpected("invalid update target") }
            if nodes[Int(argument)].kind == .identifier { markWritten(argument) }
            let op: SyntaxOperator = at("++") ? .increment : .decrement
            i += 1
            return add(.updateExpression, op: op.rawValue, from: start, a: argument)
        }
        return argument
    }

    /// The operand of a prefix operator: a lone operand directly (below the deepest level `parseOperand` accepts, as
    /// `parseAssignment`'s fast path), anything else by `parseOperand`.
    @inline(__always)
    private mutating func parsePrefixOperand() throws(JavaScriptSyntaxError) -> Int32 {
        if depth < SyntaxParser.maximumDepth, let operand = parseLoneUnaryOperand(above: nil) { return operand }
        return try parseOperand()
    }

    /// The operand of a prefix operator: one level deeper (as a nested expression).
    private mutating func parseOperand() throws(JavaScriptSyntaxError) -> Int32 {
        try enter()
        defer { depth -= 1 }
        return try parseUnary()
    }

    /// Inlined into `parseUnary` (and `parseClass`'s `extends`): a level of the descent without a call of its own.
    @inline(__always)
    mutating func parseLeftHandSide() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        var node = at("new") ? try parseNew() : try parsePrimary()
        node = try parseSuffixes(node, start: start, allowCalls: true)
        if !pureTokens.isEmpty, pureTokens.contains(Int32(truncatingIfNeeded: start)) {
            let kind = nodes[Int(node)].kind
            if kind == .callExpression || kind == .newExpression { nodes[Int(node)].flags.insert(.pure) }
        }
        return node
    }

    private mutating func parseNew() throws(JavaScriptSyntaxError) -> Int32 {
        try enter()
        defer { depth -= 1 }
        let start = i
        i += 1
        if eat(".") {
            markNewTarget()
            _ = try memberName()
            return add(.metaProperty, op: 1, from: start)
        }
        let calleeStart = i
        var callee = at("new") ? try parseNew() : try parsePrimary()
        callee = try parseSuffixes(callee, start: calleeStart, allowCalls: false)
        var flags: SyntaxFlags = []
        var arguments: Int32 = 0
        if at("(") {
            arguments = try parseArguments()
            flags.insert(.hasArguments)
        }
        return add(.newExpression, flags: flags, from: start, a: callee, b: arguments)
    }

    /// The name after `.` or `?.`: any identifier name (reserved words too) or a private name.
    private mutating func memberName() throws(JavaScriptSyntaxError) -> Int32 {
        guard i < count, kind(i) == .identifier || kind(i) == .keyword || kind(i) == .privateName else {
            throw unexpected("expected a property name after '.'")
        }
        if kind(i) == .privateName {
            let node = addToken(.privateName, i, a: nameID(i))
            i += 1
            return node
        }
        return identifierName()
    }

    private mutating func noteCallee(_ callee: Int32) {
        let node = nodes[Int(callee)]
        if node.kind == .identifier, node.b >= 0 { calleeReferences.append(node.b) }
    }

    private mutating func parseSuffixes(_ base: Int32, start: Int, allowCalls: Bool) throws(JavaScriptSyntaxError) -> Int32 {
        var node = base
        var inChain = false
        loop: while inRange(i) {
            switch uncheckedToken(i).kind {
            case .punctuator:
                switch uncheckedCode(i) {
                case TokenCode.of("."):
                    i += 1
                    let name = try memberName()
                    node = add(.memberExpression, from: start, a: node, b: name)
                case TokenCode.of("?."):
                    guard allowCalls else { throw unexpected("an optional chain in a 'new' callee needs parentheses") }
                    recordFeature(.optionalChain, at: i)
                    i += 1
                    inChain = true
                    if at("(") {
                        // Not a direct `eval`: an optional call is an ordinary one.
                        let arguments = try parseArguments()
                        node = add(.callExpression, flags: .optional, from: start, a: node, b: arguments)
                    } else if eat("[") {
                        let property = try parseExpressionAllowingIn()
                        try expect("]")
                        node = add(.memberExpression, flags: [.optional, .computed], from: start, a: node, b: property)
                    } else {
                        let name = try memberName()
                        node = add(.memberExpression, flags: .optional, from: start, a: node, b: name)
                    }
                case TokenCode.of("["):
                    i += 1
                    let property = try parseExpressionAllowingIn()
                    try expect("]")
                    node = add(.memberExpression, flags: .computed, from: start, a: node, b: property)
                case TokenCode.of("("):
                    guard allowCalls else { break loop }
                    noteCallee(node)
                    let arguments = try parseArguments()
                    node = add(.callExpression, from: start, a: node, b: arguments)
                default:
                    break loop
                }
            case .template, .templateHead:
                if inChain { throw unexpected("a tagged template cannot be in an optional chain") }
                let quasi = try parseTemplate()
                node = add(.taggedTemplate, from: start, a: node, b: quasi)
            default:
                break loop
            }
        }
        if inChain { node = add(.chainExpression, from: start, a: node) }
        return node
    }

    /// `( arguments )` at `i`: a list.
    mutating func parseArguments() throws(JavaScriptSyntaxError) -> Int32 {
        try expect("(")
        let outer = noIn
        noIn = false
        defer { noIn = outer }
        let list = beginList
        while i < count, !at(")") {
            if at("...") {
                let start = i
                i += 1
                let argument = try parseAssignment()
                scratch.append(add(.spreadElement, from: start, a: argument))
            } else {
                let child = try parseAssignment()
                scratch.append(child)
            }
            if !at(")") { try expect(",") }
        }
        try expect(")")
        return endList(from: list)
    }

    /// A template at `i` (no substitution, or head … tail): elements and expressions alternate in its list.
    mutating func parseTemplate() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        guard let kind = kind(i), kind == .template || kind == .templateHead else { throw unexpected() }
        let list = beginList
        scratch.append(addToken(.templateElement, i))
        i += 1
        if kind == .templateHead {
            let outer = noIn
            noIn = false
            while true {
                let child = try parseExpression()
                scratch.append(child)
                guard let next = self.kind(i), next == .templateMiddle || next == .templateTail else {
                    throw unexpected("expected the end of a template substitution")
                }
                scratch.append(addToken(.templateElement, i))
                i += 1
                if next == .templateTail { break }
            }
            noIn = outer
        }
        return add(.templateLiteral, from: start, a: endList(from: list))
    }

    private mutating func parsePrimary() throws(JavaScriptSyntaxError) -> Int32 {
        guard inRange(i) else { throw unexpected() }
        let start = i
        let token = uncheckedToken(i)
        let code = uncheckedCode(i)
        switch token.kind {
        case .identifier:
            if at("async"), tokenIs(i + 1, "function"), !newlineBefore(i + 1) {
                return try parseFunction(declaration: false)
            }
            if code == TokenCode.of("require") { recordRequire() }
            return reference()
        case .keyword:
            switch code {
            case TokenCode.of("this"):
                if isOutsideFunctionsAndClassBodies() { facts.topLevelThis.append(Int32(truncatingIfNeeded: i)) }
                i += 1
                return addToken(.thisExpression, start)
            case TokenCode.of("super"):
                let context = currentFunction
                if tokenIs(i + 1, "(") {
                    guard context?.superCall == true else {
                        throw unexpected("'super' calls are only valid in a derived class's constructor")
                    }
                } else if tokenIs(i + 1, ".") || tokenIs(i + 1, "[") {
                    guard context?.superProperty == true else { throw unexpected("'super' is only valid inside methods") }
                } else {
                    throw unexpected("'super' must be followed by '(', '.' or '['")
                }
                i += 1
                return addToken(.superExpression, start)
            case TokenCode.of("null"):
                i += 1
                return addToken(.nullLiteral, start)
            case TokenCode.of("true"), TokenCode.of("false"):
                // A boolean value (`new true` is one too, but `new !0` would not parse).
                if i == 0 || !tokenIs(i - 1, "new") { facts.booleanLiterals.append(Int32(truncatingIfNeeded: i)) }
                i += 1
                return addToken(.booleanLiteral, start)
            case TokenCode.of("function"):
                return try parseFunction(declaration: false)
            case TokenCode.of("class"):
                return try parseClass(declaration: false)
            case TokenCode.of("import"):
                i += 1
                if eat(".") {
                    if facts.module.importMeta == nil { facts.module.importMeta = start }
                    _ = try memberName()
                    return add(.metaProperty, op: 0, from: start)
                }
                guard at("(") else { throw unexpected("expected '(' after 'import'") }
                if kind(i + 1) == .string, tokenIs(i + 2, ")") || tokenIs(i + 2, ",") {
                    facts.module.dynamicImports.append(.init(importToken: start, specifierToken: i + 1, specifier: stringValue(i + 1)))
                } else {
                    facts.module.dynamicImports.append(.init(importToken: start, specifierToken: nil, specifier: nil))
                }
                i += 1
                let outer = noIn
                noIn = false
                defer { noIn = outer }
                let specifier = try parseAssignment()
                var options = SyntaxTree.none
                if eat(","), !at(")") {
                    options = try parseAssignment()
                    _ = eat(",")
                }
                try expect(")")
                return add(.importCall, from: start, a: specifier, b: options)
            case TokenCode.of("yield"), TokenCode.of("await"):
                return reference()
            default:
                throw unexpected()
            }
        case .number:
            recordNumberFeatures(i)
            i += 1
            return addToken(.numberLiteral, start)
        case .string:
            i += 1
            return addToken(.stringLiteral, start)
        case .regularExpression:
            recordRegularExpressionFeatures(i)
            i += 1
            return addToken(.regexLiteral, start)
        case .template, .templateHead:
            return try parseTemplate()
        case .punctuator:
            switch code {
            case TokenCode.of("("):
                i += 1
                let expression = try parseExpressionAllowingIn()
                try expect(")")
                nodes[Int(expression)].flags.insert(.parenthesized)
                return expression
            case TokenCode.of("["):
                return try parseArrayLiteral()
            case TokenCode.of("{"):
                return try parseObjectLiteral()
            default:
                throw unexpected()
            }
        default:
            throw unexpected()
        }
    }

    private mutating func parseArrayLiteral() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        let outer = noIn
        noIn = false
        defer { noIn = outer }
        let list = beginList
        while i < count, !at("]") {
            if at(",") {
                scratch.append(nodes.add(SyntaxNode(.elision, start: tokens[i].start, end: tokens[i].start)))
                i += 1
                continue
            }
            if at("...") {
                let spreadStart = i
                i += 1
                let argument = try parseAssignment()
                scratch.append(add(.spreadElement, from: spreadStart, a: argument))
            } else {
                let child = try parseAssignment()
                scratch.append(child)
            }
            if !at("]") { try expect(",") }
        }
        try expect("]")
        return add(.arrayExpression, from: start, a: endList(from: list))
    }

    private mutating func parseObjectLiteral() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        i += 1
        let outer = noIn
        noIn = false
        defer { noIn = outer }
        let list = beginList
        while i < count, !at("}") {
            let child = try parseObjectMember()
            scratch.append(child)
            if !at("}") { try expect(",") }
        }
        try expect("}")
        return add(.objectExpression, from: start, a: endList(from: list))
    }

    private mutating func parseObjectMember() throws(JavaScriptSyntaxError) -> Int32 {
        let start = i
        if eat("...") {
            recordFeature(.objectRestSpread, at: start)
            let argument = try parseAssignment()
            return add(.spreadElement, from: start, a: argument)
        }
        let (isAsync, isGenerator, accessor) = parseMethodModifiers()
        let keyToken = i
        let (key, computed) = try parsePropertyKey(allowPrivate: false)
        var flags: SyntaxFlags = computed ? .computed : []
        if at("(") {
            let function = try parseMethod(isAsync: isAsync, isGenerator: isGenerator)
            return add(.property, op: (accessor ?? .method).rawValue, flags: flags, from: start, a: key, b: function)
        }
        guard !isAsync, !isGenerator, accessor == nil else { throw expected("(") }
        if eat(":") {
            let value = try parseAssignment()
            return add(.property, op: SyntaxPropertyKind.initializer.rawValue, flags: flags, from: start, a: key, b: value)
        }
        guard !computed, isIdentifierName(keyToken), keyToken == i - 1 else { throw unexpected("expected ':'") }
        let value = nodes.add(SyntaxNode(.identifier, start: tokens[keyToken].start, end: tokens[keyToken].end, a: nodes[Int(key)].a))
        addReference(value, token: keyToken, shorthand: true)
        flags.insert(.shorthand)
        if at("=") {
            // A cover initializer (`{a = 1}`): valid only once the object becomes a pattern.
            i += 1
            let fallback = try parseAssignment()
            let assignment = add(.assignmentExpression, op: SyntaxOperator.assign.rawValue, from: keyToken, a: value, b: fallback)
            return add(.property, op: SyntaxPropertyKind.initializer.rawValue, flags: flags, from: start, a: key, b: assignment)
        }
        return add(.property, op: SyntaxPropertyKind.initializer.rawValue, flags: flags, from: start, a: key, b: value)
    }

    /// `async`, `*`, `get`, `set` before a method name.
    mutating func parseMethodModifiers() -> (isAsync: Bool, isGenerator: Bool, accessor: SyntaxPropertyKind?) {
        var isAsync = false
        if at("async"), !newlineBefore(i + 1), isPropertyNameStart(i + 1) || tokenIs(i + 1, "*") {
            isAsync = true
            i += 1
        }
        let isGenerator = eat("*")
        if isAsync, isGenerator { recordFeature(.asyncGenerator, at: i - 2) }
        var accessor: SyntaxPropertyKind?
        if !isAsync, !isGenerator, at("get") || at("set"), isPropertyNameStart(i + 1) {
            accessor = at("get") ? .getter : .setter
            i += 1
        }
        return (isAsync, isGenerator, accessor)
    }

    /// A property key at `i`: a name, string, number, `[expression]` or (in classes) a private name.
    mutating func parsePropertyKey(allowPrivate: Bool) throws(JavaScriptSyntaxError) -> (key: Int32, computed: Bool) {
        guard let kind = kind(i) else { throw unexpected() }
        switch kind {
        case .identifier, .keyword:
            return (identifierName(), false)
        case .string:
            i += 1
            return (addToken(.stringLiteral, i - 1), false)
        case .number:
            recordNumberFeatures(i)
            i += 1
            return (addToken(.numberLiteral, i - 1), false)
        case .privateName where allowPrivate:
            let node = addToken(.privateName, i, a: nameID(i))
            i += 1
            return (node, false)
        case .punctuator where at("["):
            i += 1
            let key = try parseAssignmentAllowingIn()
            try expect("]")
            return (key, true)
        default:
            throw unexpected("expected a property name")
        }
    }
}
