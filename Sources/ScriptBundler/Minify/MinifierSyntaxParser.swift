/// Reads the statement lists of a token stream (the program, every function body and block it can follow) into
/// `MinifierSyntax` for the minifier's passes. It is conservative: a list holding anything it does not follow
/// (`with`, module declarations, code it cannot parse) is left out, so no pass touches it; nesting
/// deeper than `maximumDepth` is left out too (the parse runs on an ordinary thread's stack).
struct MinifierSyntaxParser<Text: Minifier.TokenText> {
    struct Failure: Error {}

    static var maximumDepth: Int { 150 }

    let text: Text
    let tokens: [JavaScriptToken]
    /// For each opening bracket, its closing token (else -1).
    private var matching: [Int32]
    /// Per token: a punctuator's bytes packed (`packed(_:)`), 0 for any other token, so testing for one compares
    /// one number.
    private let punctuators: [UInt32]
    private var i = 0
    private var depth = 0
    private(set) var syntax = MinifierSyntax()
    /// Children of the nodes being read (a stack: each node's are on top when it is added).
    private var pending: [Int32] = []
    /// `{` tokens of function bodies found while parsing, to read as statement lists next.
    private var pendingBodies: [Int] = []
    /// The `{` tokens known to open a function body (a list read from a body that failed may be a block's).
    private var functionBodyOpens = Set<Int>()

    init(text: Text, tokens: [JavaScriptToken]) {
        self.text = text
        self.tokens = tokens
        let count = tokens.count
        var matching = [Int32](repeating: -1, count: count)
        // One pass over the tokens, through pointers: a punctuator's packed bytes (0 for any other token), and each
        // opening bracket's closing one, with the open ones on a stack no deeper than the tokens are many.
        let punctuators = [UInt32](unsafeUninitializedCapacity: count) { packed, initialized in
            let open = UnsafeMutablePointer<Int32>.allocate(capacity: count + 1)
            defer { open.deallocate() }
            var depth = 0
            matching.withUnsafeMutableBufferPointer { matching in
                tokens.withUnsafeBufferPointer { tokens in
                    for k in 0..<count {
                        let token = tokens[k]
                        guard token.kind == .punctuator else {
                            packed[k] = 0
                            continue
                        }
                        let length = token.end - token.start
                        if length == 1 {
                            let byte = text.byte(at: token.start)
                            packed[k] = UInt32(byte)
                            switch byte {
                            case 0x28, 0x5B, 0x7B:
                                open[depth] = Int32(truncatingIfNeeded: k)
                                depth += 1
                            case 0x29, 0x5D, 0x7D:
                                if depth > 0 {
                                    depth -= 1
                                    matching[Int(open[depth])] = Int32(truncatingIfNeeded: k)
                                }
                            default: break
                            }
                        } else if length <= 4 {
                            let bytes = text.text(token.start, token.end)
                            var value: UInt32 = 0
                            for j in 0..<bytes.count { value |= UInt32(bytes[j]) << (8 * j) }
                            packed[k] = value
                        } else {
                            packed[k] = 0
                        }
                    }
                }
            }
            initialized = count
        }
        self.matching = matching
        self.punctuators = punctuators
        // Room for a node per two tokens up front, so the arrays are copied fewer times as they grow.
        syntax.reserveCapacity(tokens.count / 2 + 16)
    }

    /// Parses the statement lists of `range` (the program's tokens, or a wrapped file's).
    static func parse(text: Text, tokens: [JavaScriptToken]) -> MinifierSyntax {
        var parser = MinifierSyntaxParser(text: text, tokens: tokens)
        parser.parseProgram()
        return parser.syntax
    }

    mutating func parseProgram() {
        // The program is read first, into an empty syntax: a failure empties it again. (Keeping a copy to restore
        // instead would make the first node's append copy the arrays reserved up front.)
        do {
            while i < tokens.count {
                let statement = try parseStatement()
                pending.append(statement)
            }
            syntax.addList(open: -1, statements: pending[...])
            pending.removeAll(keepingCapacity: true)
        } catch {
            let bodies = pendingBodies
            syntax.removeAll()
            pending.removeAll(keepingCapacity: true)
            pendingBodies = bodies
        }
        var next = 0
        while next < pendingBodies.count {
            parseBody(at: pendingBodies[next])
            next += 1
        }
    }

    /// Parses the function body opening at `open` as a statement list (kept only if it parses whole).
    private mutating func parseBody(at open: Int) {
        let close = Int(matching[open])
        guard close > open else { return }
        let savedNodes = syntax.nodes.count, savedLists = syntax.lists.count, savedChildren = syntax.childIndices.count
        let savedBodies = pendingBodies.count
        i = open
        depth = 0
        do {
            _ = try parseBlock(kind: .block)
            if functionBodyOpens.contains(open) { syntax.functionBodies.insert(Int32(truncatingIfNeeded: open)) }
        } catch {
            syntax.truncate(nodes: savedNodes, lists: savedLists, childIndices: savedChildren)
            pending.removeAll(keepingCapacity: true)
            pendingBodies.removeSubrange(savedBodies...)
            // The functions nested inside still get their own chance.
            var k = open + 1
            while k < close {
                if isPunctuator(k, "{"), k > 0, isPunctuator(k - 1, ")") || isPunctuator(k - 1, "=>") { pendingBodies.append(k) }
                k += 1
            }
        }
    }

    // MARK: - Tokens

    @inline(__always)
    private func isPunctuator(_ k: Int, _ literal: StaticString) -> Bool {
        k < punctuators.count && punctuators[k] == Self.packed(literal)
    }

    /// A punctuator's bytes, the first in the low byte (punctuators are 1 to 4 bytes, none of them 0); a longer
    /// literal gives a value no token has.
    @inline(__always)
    private static func packed(_ literal: StaticString) -> UInt32 {
        let count = literal.utf8CodeUnitCount
        guard count <= 4 else { return .max }
        let bytes = literal.utf8Start
        var value: UInt32 = 0
        for j in 0..<count { value |= UInt32(bytes[j]) << (8 * j) }
        return value
    }

    private func isKeyword(_ k: Int, _ literal: StaticString) -> Bool {
        k < tokens.count && text.isKeyword(tokens[k], literal)
    }

    private func isWord(_ k: Int, _ literal: StaticString) -> Bool {
        k < tokens.count && (tokens[k].kind == .identifier || tokens[k].kind == .keyword)
            && tokens[k].end - tokens[k].start == literal.utf8CodeUnitCount && JavaScriptToken.spells(text.text(tokens[k]), literal)
    }

    private func at(_ literal: StaticString) -> Bool { isPunctuator(i, literal) }

    private func newlineBefore(_ k: Int) -> Bool { k >= tokens.count || tokens[k].newlineBefore }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        guard isPunctuator(i, literal) else { throw Failure() }
        i += 1
    }

    /// Moves past the bracket at `i` and its contents.
    private mutating func skipBracket() throws(Failure) {
        guard i < tokens.count else { throw Failure() }
        let close = Int(matching[i])
        guard close > i else { throw Failure() }
        i = close + 1
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw Failure() }
    }

    private var index32: Int32 { Int32(truncatingIfNeeded: i) }

    // MARK: - Statements

    private mutating func parseBlock(kind: MinifierSyntax.Kind) throws(Failure) -> Int32 {
        let open = i
        try expect("{")
        let base = pending.count
        while i < tokens.count, !at("}") {
            let statement = try parseStatement()
            pending.append(statement)
        }
        try expect("}")
        let open32 = Int32(truncatingIfNeeded: open)
        let block = syntax.add(.init(kind: kind, first: open32, end: index32), children: pending[base...])
        pending.removeLast(pending.count - base)
        syntax.addList(open: open32, sameAs: syntax[block])
        return block
    }

    /// Ends a statement: its `;`, or a place where one is inserted (before `}`, at the end, after a line break).
    private mutating func terminate(_ node: inout MinifierSyntax.Node) throws(Failure) {
        if at(";") {
            node.semicolon = index32
            i += 1
        } else if !(i >= tokens.count || at("}") || newlineBefore(i)) {
            throw Failure()
        }
        node.end = index32
    }

    private func canStartExpression(_ k: Int) -> Bool {
        guard k < tokens.count else { return false }
        if tokens[k].kind == .punctuator {
            return
                !(isPunctuator(k, ";") || isPunctuator(k, "}") || isPunctuator(k, ")") || isPunctuator(k, "]")
                || isPunctuator(k, ",") || isPunctuator(k, ":"))
        }
        return true
    }

    private mutating func parseStatement() throws(Failure) -> Int32 {
        try enter()
        defer { depth -= 1 }
        guard i < tokens.count else { throw Failure() }
        let start = index32
        let token = tokens[i]
        if token.kind == .punctuator {
            if at("{") { return try parseBlock(kind: .block) }
            if at(";") {
                i += 1
                return syntax.add(.init(kind: .emptyStatement, first: start, end: index32, semicolon: start))
            }
        }
        if token.kind == .keyword || token.kind == .identifier {
            if isKeyword(i, "var") || isKeyword(i, "const")
                || (isWord(i, "let")
                    && (tokens.count > i + 1
                        && (tokens[i + 1].kind == .identifier || isPunctuator(i + 1, "[") || isPunctuator(i + 1, "{"))))
            {
                return try parseDeclaration()
            }
            if isKeyword(i, "return") || isKeyword(i, "throw") {
                let kind: MinifierSyntax.Kind = isKeyword(i, "return") ? .returnStatement : .throwStatement
                i += 1
                var node = MinifierSyntax.Node(kind: kind, first: start, end: start)
                var argument: Int32 = -1
                if !newlineBefore(i), canStartExpression(i) {
                    argument = try parseExpression()
                } else if kind == .throwStatement {
                    throw Failure()
                }
                try terminate(&node)
                return argument >= 0 ? syntax.add(node, child: argument) : syntax.add(node)
            }
            if isKeyword(i, "if") {
                i += 1
                try expect("(")
                let test = try parseExpression()
                try expect(")")
                let consequent = try parseStatement()
                var node = MinifierSyntax.Node(kind: .ifStatement, first: start, end: start)
                if isKeyword(i, "else") {
                    node.op = index32
                    i += 1
                    let alternate = try parseStatement()
                    node.end = index32
                    return syntax.add(node, children: test, consequent, alternate)
                }
                node.end = index32
                return syntax.add(node, children: test, consequent)
            }
            if isKeyword(i, "function") || (isWord(i, "async") && isKeyword(i + 1, "function") && !newlineBefore(i + 1)) {
                try skipFunction()
                return syntax.add(.init(kind: .functionDeclaration, first: start, end: index32))
            }
            if isKeyword(i, "class") {
                try skipClass()
                return syntax.add(.init(kind: .otherStatement, first: start, end: index32))
            }
            if isKeyword(i, "for") {
                i += 1
                if isWord(i, "await") { i += 1 }
                guard at("(") else { throw Failure() }
                try skipBracket()
                let body = try parseStatement()
                return syntax.add(.init(kind: .otherStatement, first: start, end: index32), child: body)
            }
            if isKeyword(i, "while") {
                i += 1
                guard at("(") else { throw Failure() }
                try skipBracket()
                let body = try parseStatement()
                return syntax.add(.init(kind: .otherStatement, first: start, end: index32), child: body)
            }
            if isKeyword(i, "do") {
                i += 1
                _ = try parseStatement()
                guard isKeyword(i, "while") else { throw Failure() }
                i += 1
                guard at("(") else { throw Failure() }
                try skipBracket()
                var node = MinifierSyntax.Node(kind: .otherStatement, first: start, end: start)
                if at(";") {
                    node.semicolon = index32
                    i += 1
                }
                node.end = index32
                return syntax.add(node)
            }
            if isKeyword(i, "switch") {
                i += 1
                guard at("(") else { throw Failure() }
                try skipBracket()
                guard at("{") else { throw Failure() }
                try skipBracket()
                return syntax.add(.init(kind: .otherStatement, first: start, end: index32))
            }
            if isKeyword(i, "try") {
                i += 1
                _ = try parseBlock(kind: .block)
                if isKeyword(i, "catch") {
                    i += 1
                    if at("(") { try skipBracket() }
                    _ = try parseBlock(kind: .block)
                }
                if isKeyword(i, "finally") {
                    i += 1
                    _ = try parseBlock(kind: .block)
                }
                return syntax.add(.init(kind: .otherStatement, first: start, end: index32))
            }
            if isKeyword(i, "break") || isKeyword(i, "continue") || isKeyword(i, "debugger") {
                i += 1
                if tokens.count > i, tokens[i].kind == .identifier, !newlineBefore(i) { i += 1 }
                var node = MinifierSyntax.Node(kind: .otherStatement, first: start, end: start)
                try terminate(&node)
                return syntax.add(node)
            }
            if isKeyword(i, "with") || isKeyword(i, "export") { throw Failure() }
            if isKeyword(i, "import"), !(isPunctuator(i + 1, "(") || isPunctuator(i + 1, ".")) { throw Failure() }
            if token.kind == .identifier, isPunctuator(i + 1, ":") {
                i += 2
                _ = try parseStatement()
                return syntax.add(.init(kind: .otherStatement, first: start, end: index32))
            }
        }
        let expression = try parseExpression()
        var node = MinifierSyntax.Node(kind: .expressionStatement, first: start, end: start)
        try terminate(&node)
        return syntax.add(node, child: expression)
    }

    private mutating func parseDeclaration() throws(Failure) -> Int32 {
        var node = MinifierSyntax.Node(kind: .declaration, first: index32, end: index32, op: index32)
        i += 1
        let base = pending.count
        repeat {
            var declarator = MinifierSyntax.Node(kind: .declarator, first: index32, end: index32)
            if i < tokens.count, tokens[i].kind == .identifier || tokens[i].kind == .keyword, !at("[") {
                declarator.op = index32
                i += 1
            } else if at("[") || at("{") {
                try skipBracket()
            } else {
                throw Failure()
            }
            var initializer: Int32 = -1
            if at("=") {
                i += 1
                initializer = try parseAssignment()
            }
            declarator.end = index32
            let added = initializer >= 0 ? syntax.add(declarator, child: initializer) : syntax.add(declarator)
            pending.append(added)
        } while eat(",")
        try terminate(&node)
        let declaration = syntax.add(node, children: pending[base...])
        pending.removeLast(pending.count - base)
        return declaration
    }

    private mutating func eat(_ literal: StaticString) -> Bool {
        guard at(literal) else { return false }
        i += 1
        return true
    }

    // MARK: - Functions and classes

    /// `[async] function [*] [name] (params) { body }`: the body is read later as a list of its own.
    private mutating func skipFunction() throws(Failure) {
        if isWord(i, "async") { i += 1 }
        guard isKeyword(i, "function") else { throw Failure() }
        i += 1
        if at("*") { i += 1 }
        if !at("(") { i += 1 }
        try skipParametersAndBody()
    }

    private mutating func skipParametersAndBody() throws(Failure) {
        guard at("(") else { throw Failure() }
        try skipBracket()
        guard at("{") else { throw Failure() }
        pendingBodies.append(i)
        functionBodyOpens.insert(i)
        try skipBracket()
    }

    /// `class [name] [extends LHS] { members }`: method bodies are read later; fields and keys are not looked into.
    private mutating func skipClass() throws(Failure) {
        i += 1
        if i < tokens.count, tokens[i].kind == .identifier { i += 1 }
        if isKeyword(i, "extends") {
            i += 1
            _ = try parseUnary()
        }
        guard at("{") else { throw Failure() }
        let close = Int(matching[i])
        guard close > i else { throw Failure() }
        // Members' bodies: a `{` right after a member's `)` at the class body's own level.
        var k = i + 1
        while k < close {
            if isPunctuator(k, "{"), isPunctuator(k - 1, ")"), Int(matching[k]) > k {
                pendingBodies.append(k)
                functionBodyOpens.insert(k)
                k = Int(matching[k]) + 1
                continue
            }
            if isPunctuator(k, "(") || isPunctuator(k, "[") || isPunctuator(k, "{"), Int(matching[k]) > k {
                k = Int(matching[k]) + 1
                continue
            }
            k += 1
        }
        i = close + 1
    }

    // MARK: - Expressions

    mutating func parseExpression() throws(Failure) -> Int32 {
        let first = index32
        let expression = try parseAssignment()
        guard at(",") else { return expression }
        let base = pending.count
        pending.append(expression)
        while eat(",") {
            let next = try parseAssignment()
            pending.append(next)
        }
        let sequence = syntax.add(
            .init(kind: .sequence, first: first, end: index32, level: MinifierSyntax.Precedence.sequence),
            children: pending[base...])
        pending.removeLast(pending.count - base)
        return sequence
    }

    private func arrowFollows(_ open: Int) -> Bool {
        let close = Int(matching[open])
        return close > open && isPunctuator(close + 1, "=>") && !newlineBefore(close + 1)
    }

    private mutating func parseArrow(first: Int32) throws(Failure) -> Int32 {
        if isWord(i, "async") { i += 1 }
        if at("(") { try skipBracket() } else { i += 1 }
        try expect("=>")
        if at("{") {
            pendingBodies.append(i)
            functionBodyOpens.insert(i)
            try skipBracket()
        } else {
            syntax.arrowBodyStarts.insert(index32)
            _ = try parseAssignment()
        }
        return syntax.add(.init(kind: .function, first: first, end: index32, level: MinifierSyntax.Precedence.assignment))
    }

    private mutating func parseAssignment() throws(Failure) -> Int32 {
        try enter()
        defer { depth -= 1 }
        guard i < tokens.count else { throw Failure() }
        let first = index32
        if tokens[i].kind == .identifier, isPunctuator(i + 1, "=>"), !newlineBefore(i + 1) { return try parseArrow(first: first) }
        if isWord(i, "async"), !newlineBefore(i + 1) {
            if tokens.count > i + 2, tokens[i + 1].kind == .identifier, isPunctuator(i + 2, "=>") { return try parseArrow(first: first) }
            if isPunctuator(i + 1, "("), arrowFollows(i + 1) { return try parseArrow(first: first) }
        }
        if at("("), arrowFollows(i) { return try parseArrow(first: first) }
        if isWord(i, "yield") { return try parseYield() }
        let left = try parseBinary(minimum: MinifierSyntax.Precedence.logicalOr)
        if at("?") {
            i += 1
            let consequent = try parseAssignment()
            try expect(":")
            let alternate = try parseAssignment()
            return syntax.add(
                .init(kind: .conditional, first: first, end: index32, level: MinifierSyntax.Precedence.conditional), children: left,
                consequent, alternate)
        }
        if isAssignmentOperator(i) {
            let op = index32
            i += 1
            let right = try parseAssignment()
            return syntax.add(
                .init(kind: .assignment, first: first, end: index32, op: op, level: MinifierSyntax.Precedence.assignment), children: left,
                right)
        }
        return left
    }

    /// `yield`, `yield x`, `yield* x` as an opaque expression (the passes never look into it). Read only where it
    /// ends the same whether `yield` is the operator or, in sloppy code outside generators, a name: an operand on
    /// the same line; anything else after it (`?`, `=`, `.`) fails the list.
    private mutating func parseYield() throws(Failure) -> Int32 {
        let first = index32
        i += 1
        if at("*") { i += 1 }
        if !newlineBefore(i), canStartExpression(i), !at("?"), !at("=") {
            _ = try parseAssignment()
        } else if newlineBefore(i) {
            // `yield` then a line starting with a name or keyword ends the statement either way; `(` or an
            // operator would continue a name `yield`.
            if i < tokens.count, !(at("}") || at(";") || tokens[i].kind == .identifier || tokens[i].kind == .keyword) { throw Failure() }
        } else if !(i >= tokens.count || at(";") || at("}") || at(")") || at("]") || at(",")) {
            throw Failure()
        }
        return syntax.add(.init(kind: .opaque, first: first, end: index32, level: MinifierSyntax.Precedence.assignment))
    }

    private func isAssignmentOperator(_ k: Int) -> Bool {
        guard k < tokens.count, tokens[k].kind == .punctuator else { return false }
        let t = text.text(tokens[k])
        guard t.count >= 1, t[t.count - 1] == 0x3D else { return false }
        if t.count == 1 { return true }
        // `==`, `===`, `!=`, `!==`, `<=`, `>=` compare.
        let c = t[t.count - 2]
        if c == 0x3D || c == 0x21 { return false }
        if t.count == 2, c == 0x3C || c == 0x3E { return false }
        return true
    }

    /// The binary operator at `k` and its level, or nil.
    func binaryOperator(_ k: Int) -> (level: UInt8, logical: Bool)? {
        guard k < tokens.count else { return nil }
        let token = tokens[k]
        let t = text.text(token)
        typealias P = MinifierSyntax.Precedence
        if token.kind == .keyword {
            if JavaScriptToken.spells(t, "in") || JavaScriptToken.spells(t, "instanceof") { return (P.relational, false) }
            return nil
        }
        guard token.kind == .punctuator else { return nil }
        switch t.count {
        case 1:
            switch t[0] {
            case 0x2B, 0x2D: return (P.additive, false)
            case 0x2A, 0x2F, 0x25: return (P.multiplicative, false)
            case 0x3C, 0x3E: return (P.relational, false)
            case 0x26: return (P.bitwiseAnd, false)
            case 0x7C: return (P.bitwiseOr, false)
            case 0x5E: return (P.bitwiseXor, false)
            default: return nil
            }
        case 2:
            if JavaScriptToken.spells(t, "&&") { return (P.logicalAnd, true) }
            if JavaScriptToken.spells(t, "||") { return (P.logicalOr, true) }
            if JavaScriptToken.spells(t, "??") { return (P.conditional, true) }
            if JavaScriptToken.spells(t, "**") { return (P.exponent, false) }
            if JavaScriptToken.spells(t, "==") || JavaScriptToken.spells(t, "!=") { return (P.equality, false) }
            if JavaScriptToken.spells(t, "<=") || JavaScriptToken.spells(t, ">=") { return (P.relational, false) }
            if JavaScriptToken.spells(t, "<<") || JavaScriptToken.spells(t, ">>") { return (P.shift, false) }
            return nil
        case 3:
            if JavaScriptToken.spells(t, "===") || JavaScriptToken.spells(t, "!==") { return (P.equality, false) }
            if JavaScriptToken.spells(t, ">>>") { return (P.shift, false) }
            return nil
        default:
            return nil
        }
    }

    /// Precedence climbing; `??` binds at `logicalOr`'s place in the loop but is recorded at `conditional` level.
    private mutating func parseBinary(minimum: UInt8) throws(Failure) -> Int32 {
        try enter()
        defer { depth -= 1 }
        let first = index32
        var left = try parseUnary()
        while let (level, logical) = binaryOperator(i) {
            let climbing = level == MinifierSyntax.Precedence.conditional ? MinifierSyntax.Precedence.logicalOr : level
            guard climbing >= minimum else { break }
            let op = index32
            i += 1
            let isExponent = level == MinifierSyntax.Precedence.exponent
            let right = try parseBinary(minimum: isExponent ? climbing : climbing + 1)
            left = syntax.add(
                .init(kind: logical ? .logical : .binary, first: first, end: index32, op: op, level: level), children: left, right)
        }
        return left
    }

    private mutating func parseUnary() throws(Failure) -> Int32 {
        try enter()
        defer { depth -= 1 }
        guard i < tokens.count else { throw Failure() }
        let first = index32
        let token = tokens[i]
        if token.kind == .punctuator {
            if at("!") || at("~") || at("+") || at("-") {
                i += 1
                let operand = try parseUnary()
                return syntax.add(
                    .init(kind: .unary, first: first, end: index32, op: first, level: MinifierSyntax.Precedence.prefix), child: operand)
            }
            if at("++") || at("--") {
                i += 1
                let operand = try parseUnary()
                return syntax.add(
                    .init(kind: .update, first: first, end: index32, op: first, level: MinifierSyntax.Precedence.prefix), child: operand)
            }
        }
        if isKeyword(i, "typeof") || isKeyword(i, "void") || isKeyword(i, "delete") || isKeyword(i, "await") {
            i += 1
            let operand = try parseUnary()
            return syntax.add(
                .init(kind: .unary, first: first, end: index32, op: first, level: MinifierSyntax.Precedence.prefix), child: operand)
        }
        let expression = try parseLeftHandSide()
        if at("++") || at("--"), !newlineBefore(i) {
            i += 1
            return syntax.add(
                .init(kind: .update, first: first, end: index32, op: index32 - 1, level: MinifierSyntax.Precedence.postfix),
                child: expression)
        }
        return expression
    }

    private mutating func parseLeftHandSide() throws(Failure) -> Int32 {
        let first = index32
        var expression: Int32
        if isKeyword(i, "new") {
            expression = try parseNew()
        } else {
            expression = try parsePrimary()
        }
        var optional = false
        while i < tokens.count {
            let token = tokens[i]
            if at(".") {
                guard i + 1 < tokens.count else { throw Failure() }
                i += 2
                expression = syntax.add(
                    .init(
                        kind: .member, first: first, end: index32, op: index32 - 1, level: MinifierSyntax.Precedence.call,
                        isOptionalChain: optional), child: expression)
            } else if at("?.") {
                optional = true
                i += 1
                if at("(") {
                    let base = pending.count
                    pending.append(expression)
                    try parseArguments()
                    expression = syntax.add(
                        .init(
                            kind: .call, first: first, end: index32, level: MinifierSyntax.Precedence.call,
                            isOptionalChain: true), children: pending[base...])
                    pending.removeLast(pending.count - base)
                } else if at("[") {
                    i += 1
                    let key = try parseExpression()
                    try expect("]")
                    expression = syntax.add(
                        .init(
                            kind: .index, first: first, end: index32, level: MinifierSyntax.Precedence.call,
                            isOptionalChain: true), children: expression, key)
                } else {
                    guard i < tokens.count else { throw Failure() }
                    i += 1
                    expression = syntax.add(
                        .init(
                            kind: .member, first: first, end: index32, op: index32 - 1, level: MinifierSyntax.Precedence.call,
                            isOptionalChain: true), child: expression)
                }
            } else if at("[") {
                i += 1
                let key = try parseExpression()
                try expect("]")
                expression = syntax.add(
                    .init(
                        kind: .index, first: first, end: index32, level: MinifierSyntax.Precedence.call,
                        isOptionalChain: optional), children: expression, key)
            } else if at("(") {
                let base = pending.count
                pending.append(expression)
                try parseArguments()
                expression = syntax.add(
                    .init(
                        kind: .call, first: first, end: index32, level: MinifierSyntax.Precedence.call,
                        isOptionalChain: optional), children: pending[base...])
                pending.removeLast(pending.count - base)
            } else if token.kind == .template || token.kind == .templateHead {
                _ = try parseTemplate()
                expression = syntax.add(
                    .init(
                        kind: .tagged, first: first, end: index32, level: MinifierSyntax.Precedence.call,
                        isOptionalChain: optional), child: expression)
            } else {
                break
            }
        }
        return expression
    }

    /// `new C(...)`, `new C`, `new.target` at `i`.
    private mutating func parseNew() throws(Failure) -> Int32 {
        try enter()
        defer { depth -= 1 }
        let first = index32
        i += 1
        if at(".") {
            i += 2
            return syntax.add(.init(kind: .opaque, first: first, end: index32))
        }
        // The callee: a member expression without calls.
        var callee: Int32
        if isKeyword(i, "new") {
            callee = try parseNew()
        } else {
            callee = try parsePrimary()
        }
        while i < tokens.count {
            if at(".") {
                i += 2
                callee = syntax.add(
                    .init(kind: .member, first: first + 1, end: index32, op: index32 - 1, level: MinifierSyntax.Precedence.call),
                    child: callee)
            } else if at("[") {
                i += 1
                let key = try parseExpression()
                try expect("]")
                callee = syntax.add(
                    .init(kind: .index, first: first + 1, end: index32, level: MinifierSyntax.Precedence.call), children: callee, key)
            } else if tokens[i].kind == .template || tokens[i].kind == .templateHead {
                _ = try parseTemplate()
                callee = syntax.add(
                    .init(kind: .tagged, first: first + 1, end: index32, level: MinifierSyntax.Precedence.call), child: callee)
            } else {
                break
            }
        }
        if at("(") {
            let base = pending.count
            pending.append(callee)
            try parseArguments()
            let new = syntax.add(
                .init(kind: .new, first: first, end: index32, op: first, level: MinifierSyntax.Precedence.call),
                children: pending[base...])
            pending.removeLast(pending.count - base)
            return new
        }
        return syntax.add(.init(kind: .new, first: first, end: index32, op: -1, level: MinifierSyntax.Precedence.postfix), child: callee)
    }

    /// Reads `(arguments)` at `i`, pushing each argument on `pending`.
    private mutating func parseArguments() throws(Failure) {
        try expect("(")
        while i < tokens.count, !at(")") {
            if at("...") {
                let first = index32
                i += 1
                let argument = try parseAssignment()
                let spread = syntax.add(.init(kind: .spread, first: first, end: index32), child: argument)
                pending.append(spread)
            } else {
                let argument = try parseAssignment()
                pending.append(argument)
            }
            if !at(")") { try expect(",") }
        }
        try expect(")")
    }

    private mutating func parseTemplate() throws(Failure) -> Int32 {
        let first = index32
        guard i < tokens.count else { throw Failure() }
        let kind = tokens[i].kind
        i += 1
        if kind == .template { return syntax.add(.init(kind: .literal, first: first, end: index32)) }
        guard kind == .templateHead else { throw Failure() }
        let base = pending.count
        while true {
            let expression = try parseExpression()
            pending.append(expression)
            guard i < tokens.count else { throw Failure() }
            let next = tokens[i].kind
            i += 1
            if next == .templateTail { break }
            guard next == .templateMiddle else { throw Failure() }
        }
        let template = syntax.add(.init(kind: .template, first: first, end: index32), children: pending[base...])
        pending.removeLast(pending.count - base)
        return template
    }

    private mutating func parsePrimary() throws(Failure) -> Int32 {
        try enter()
        defer { depth -= 1 }
        guard i < tokens.count else { throw Failure() }
        let first = index32
        let token = tokens[i]
        switch token.kind {
        case .identifier:
            if isWord(i, "async"), isKeyword(i + 1, "function"), !newlineBefore(i + 1) {
                try skipFunction()
                return syntax.add(.init(kind: .function, first: first, end: index32))
            }
            i += 1
            return syntax.add(.init(kind: .identifier, first: first, end: index32, op: first))
        case .keyword:
            if isKeyword(i, "this") || isKeyword(i, "null") || isKeyword(i, "true") || isKeyword(i, "false") {
                i += 1
                return syntax.add(.init(kind: .literal, first: first, end: index32))
            }
            if isKeyword(i, "function") {
                try skipFunction()
                return syntax.add(.init(kind: .function, first: first, end: index32))
            }
            if isKeyword(i, "class") {
                try skipClass()
                return syntax.add(.init(kind: .opaque, first: first, end: index32))
            }
            if isKeyword(i, "super") {
                i += 1
                return syntax.add(.init(kind: .opaque, first: first, end: index32))
            }
            if isKeyword(i, "import") {
                i += 1
                if at(".") {
                    i += 2
                    return syntax.add(.init(kind: .opaque, first: first, end: index32))
                }
                guard at("(") else { throw Failure() }
                try skipBracket()
                return syntax.add(.init(kind: .opaque, first: first, end: index32))
            }
            if isWord(i, "await") || isWord(i, "let") || isWord(i, "async") || isWord(i, "of") {
                i += 1
                return syntax.add(.init(kind: .identifier, first: first, end: index32, op: first))
            }
            throw Failure()
        case .number, .string, .regularExpression, .template:
            i += 1
            return syntax.add(.init(kind: .literal, first: first, end: index32))
        case .templateHead:
            return try parseTemplate()
        case .punctuator:
            if at("(") {
                i += 1
                let inner = try parseExpression()
                try expect(")")
                return syntax.add(.init(kind: .parenthesized, first: first, end: index32), child: inner)
            }
            if at("[") {
                i += 1
                let base = pending.count
                while i < tokens.count, !at("]") {
                    if at(",") {
                        let hole = syntax.add(.init(kind: .hole, first: index32, end: index32))
                        pending.append(hole)
                        i += 1
                        continue
                    }
                    if at("...") {
                        let start = index32
                        i += 1
                        let argument = try parseAssignment()
                        let spread = syntax.add(.init(kind: .spread, first: start, end: index32), child: argument)
                        pending.append(spread)
                    } else {
                        let element = try parseAssignment()
                        pending.append(element)
                    }
                    if !at("]") { try expect(",") }
                }
                try expect("]")
                let array = syntax.add(.init(kind: .array, first: first, end: index32), children: pending[base...])
                pending.removeLast(pending.count - base)
                return array
            }
            if at("{") { return try parseObject() }
            throw Failure()
        default:
            throw Failure()
        }
    }

    private func isPropertyKey(_ k: Int) -> Bool {
        guard k < tokens.count else { return false }
        switch tokens[k].kind {
        case .identifier, .keyword, .string, .number, .privateName: return true
        case .punctuator: return isPunctuator(k, "[")
        default: return false
        }
    }

    private mutating func parseObject() throws(Failure) -> Int32 {
        let first = index32
        try expect("{")
        let base = pending.count
        while i < tokens.count, !at("}") {
            let start = index32
            if at("...") {
                i += 1
                let argument = try parseAssignment()
                let member = syntax.add(.init(kind: .spread, first: start, end: index32), child: argument)
                pending.append(member)
            } else {
                // Modifiers: `get`, `set`, `async`, `*` before a key.
                var isMethod = false
                while (isWord(i, "get") || isWord(i, "set") || isWord(i, "async")) && isPropertyKey(i + 1) && !isPunctuator(i + 1, "(")
                    || at("*")
                {
                    i += 1
                    isMethod = true
                }
                let key = index32
                var computed = false
                if at("[") {
                    i += 1
                    _ = try parseAssignment()
                    try expect("]")
                    computed = true
                } else if isPropertyKey(i) {
                    i += 1
                } else {
                    throw Failure()
                }
                if at("(") {
                    try skipParametersAndBody()
                    let member = syntax.add(.init(kind: computed ? .computed : .method, first: start, end: index32, op: key))
                    pending.append(member)
                } else if isMethod {
                    throw Failure()
                } else if at(":") {
                    i += 1
                    let value = try parseAssignment()
                    let member = syntax.add(
                        .init(kind: computed ? .computed : .property, first: start, end: index32, op: key), child: value)
                    pending.append(member)
                } else if !computed, tokens[Int(key)].kind == .identifier || tokens[Int(key)].kind == .keyword {
                    if at("=") {
                        // A default in an assignment pattern.
                        i += 1
                        _ = try parseAssignment()
                        let member = syntax.add(.init(kind: .computed, first: start, end: index32, op: key))
                        pending.append(member)
                    } else {
                        let member = syntax.add(.init(kind: .shorthand, first: start, end: index32, op: key))
                        pending.append(member)
                    }
                } else {
                    throw Failure()
                }
            }
            if !at("}") { try expect(",") }
        }
        try expect("}")
        let object = syntax.add(.init(kind: .object, first: first, end: index32), children: pending[base...])
        pending.removeLast(pending.count - base)
        return object
    }
}
