/// The recursive-descent walk behind `JavaScriptParser`. It builds no expression tree: it records scopes,
/// declarations, references and module syntax while it consumes tokens.
struct ParserState {
    private struct FunctionContext {
        var isAsync: Bool
        var isGenerator: Bool
    }

    private struct RequireCandidate {
        let reference: Int
        let call: ModuleSyntax.RequireCall
    }

    private struct ContextCandidate {
        let reference: Int
        let call: ModuleSyntax.RequireContextCall
    }

    /// A `const` declaration: its keyword, its scope and the declarations made while it was parsed (its
    /// bindings, and those of nested scopes in its initializers).
    private struct ConstStatement {
        let keyword: Int32
        let scope: Int32
        let firstDeclaration: Int32
        var endDeclaration: Int32
    }

    private let src: [UInt8]
    /// The bytes of `src`, valid while the parse runs (see `init`).
    private let bytes: UnsafeRawBufferPointer
    private let tokens: [JavaScriptToken]
    private let count: Int
    /// For each opening bracket token, the index of its closing token (else -1).
    private let matching: [Int32]
    /// Each token's text packed by `TokenCode` (0 when longer than 8 bytes).
    private let codes: [UInt64]
    private var i = 0
    private var analysis: ScopeAnalysis.Parts
    private var scope = 0
    /// The declaration of each name per scope.
    private var names: ScopedNameTable
    private var identifiers = IdentifierTable()
    private var referenceNameList: [Int32] = []
    /// Per reference: `preResolvedFlag`, `inParametersFlag`, `writtenFlag`.
    private var referenceFlags: [UInt8] = []
    private static let preResolvedFlag: UInt8 = 1
    private static let inParametersFlag: UInt8 = 2
    /// The reference is (or may be: any name inside an assignment target) written: assigned, updated, or a
    /// `for`-`in`/`of` target.
    private static let writtenFlag: UInt8 = 4
    /// The `const` declarations, in source order.
    private var constStatements: [ConstStatement] = []
    /// Function scopes whose parameter list is being parsed (innermost last).
    private var parameterScopes: [Int] = []
    /// For a reference inside parameter lists: those functions' scopes, where only parameters are visible
    /// (parameter defaults cannot see the body's declarations).
    private var parameterOnlyScopes: [Int: [Int]] = [:]
    private var functions: [FunctionContext] = []
    /// Current nesting of statements and expressions, bounded so deep input cannot exhaust the stack.
    private var depth = 0
    /// The first redeclaration found (thrown when the program has been read, so other syntax errors before it
    /// come first).
    private var redeclaration: JavaScriptSyntaxError?
    /// (block scope, name ID) of each `var` whose hoisting crossed that block: a later lexical declaration of the
    /// name in the block is a redeclaration.
    private var varsCrossingBlocks: Set<UInt64> = []
    static let maximumDepth = 2_000
    /// Whether the code being parsed is strict (a `"use strict"` directive or a class body).
    private var strict = false
    private var requireCandidates: [RequireCandidate] = []
    private var contextCandidates: [ContextCandidate] = []

    /// `bytes` must be the bytes of `source` and stay valid for the life of the state (the parser runs
    /// inside `source.withUnsafeBytes`). `bracketPairs`, when given, are the tokenizer's matched brackets
    /// for exactly `tokens` (see `JavaScriptTokenization.bracketPairs`).
    init(source: [UInt8], bytes: UnsafeRawBufferPointer, tokens: [JavaScriptToken], bracketPairs: [Int32]? = nil) {
        self.src = source
        self.bytes = bytes
        self.tokens = tokens
        self.count = tokens.count
        self.analysis = ScopeAnalysis.Parts(tokens: tokens)
        self.names = ScopedNameTable(capacity: tokens.count / 8)
        let codes = Self.codes(tokens: tokens, bytes: bytes)
        self.codes = codes
        if let bracketPairs {
            self.matching = Self.matching(count: tokens.count, pairs: bracketPairs)
        } else {
            self.matching = Self.matching(tokens: tokens, codes: codes)
        }
        let expectedReferences = tokens.count / 4
        analysis.references.reserveCapacity(expectedReferences)
        referenceNameList.reserveCapacity(expectedReferences)
        referenceFlags.reserveCapacity(expectedReferences)
        analysis.declarations.reserveCapacity(tokens.count / 16)
    }

    /// The `TokenCode` of every token.
    private static func codes(tokens: [JavaScriptToken], bytes: UnsafeRawBufferPointer) -> [UInt64] {
        tokens.withUnsafeBufferPointer { tokens in
            [UInt64](unsafeUninitializedCapacity: tokens.count) { codes, initialized in
                for k in tokens.indices {
                    let token = tokens[k]
                    codes.initializeElement(at: k, to: TokenCode.of(bytes, token.start, token.end))
                }
                initialized = tokens.count
            }
        }
    }

    /// The closing token index of each opening bracket from the tokenizer's flat pairs (else -1).
    private static func matching(count: Int, pairs: [Int32]) -> [Int32] {
        var matching = [Int32](repeating: -1, count: count)
        matching.withUnsafeMutableBufferPointer { matching in
            pairs.withUnsafeBufferPointer { pairs in
                var k = 0
                while k + 1 < pairs.count {
                    let open = Int(pairs[k])
                    if open >= 0, open < matching.count { matching[open] = pairs[k + 1] }
                    k += 2
                }
            }
        }
        return matching
    }

    /// The closing token index of each opening bracket (else -1), found by a pass over `tokens` and their codes.
    private static func matching(tokens: [JavaScriptToken], codes: [UInt64]) -> [Int32] {
        let count = min(tokens.count, codes.count)
        var matching = [Int32](repeating: -1, count: tokens.count)
        // Open brackets, innermost last (at most one per token).
        var stack = [Int32](repeating: 0, count: count + 1)
        matching.withUnsafeMutableBufferPointer { matching in
            stack.withUnsafeMutableBufferPointer { stack in
                tokens.withUnsafeBufferPointer { tokens in
                    codes.withUnsafeBufferPointer { codes in
                        var depth = 0
                        for index in 0..<count {
                            switch tokens[index].kind {
                            case .punctuator:
                                switch codes[index] {
                                case 0x28, 0x5B, 0x7B:  // ( [ {
                                    stack[depth] = Int32(truncatingIfNeeded: index)
                                    depth += 1
                                case 0x29, 0x5D, 0x7D:  // ) ] }
                                    guard depth > 0 else { continue }
                                    depth -= 1
                                    matching[Int(stack[depth])] = Int32(truncatingIfNeeded: index)
                                default:
                                    continue
                                }
                            case .templateHead:
                                stack[depth] = Int32(truncatingIfNeeded: index)
                                depth += 1
                            case .templateMiddle:
                                if depth == 0 { depth = 1 }
                                stack[depth - 1] = Int32(truncatingIfNeeded: index)
                            case .templateTail:
                                if depth > 0 { depth -= 1 }
                            default:
                                continue
                            }
                        }
                    }
                }
            }
        }
        return matching
    }

    // MARK: - Tokens

    @inline(__always)
    private func tokenIs(_ k: Int, _ text: StaticString) -> Bool {
        guard k < count else { return false }
        if text.utf8CodeUnitCount <= 8 { return code(k) == TokenCode.of(text) }
        return longTokenIs(k, text)
    }

    /// Token `k`'s text packed by `TokenCode` (0 when longer than 8 bytes), for comparing with literals.
    @inline(__always)
    private func code(_ k: Int) -> UInt64 {
        codes[k]
    }

    /// `tokenIs` for a text longer than 8 bytes.
    @inline(__always)
    private func longTokenIs(_ k: Int, _ text: StaticString) -> Bool {
        tokens[k].spells(text, in: bytes)
    }

    @inline(__always)
    private func at(_ text: StaticString) -> Bool { tokenIs(i, text) }

    @inline(__always)
    private func kind(_ k: Int) -> JavaScriptToken.Kind? { k < count ? tokens[k].kind : nil }

    @inline(__always)
    private func newlineBefore(_ k: Int) -> Bool { k < count ? tokens[k].newlineBefore : true }

    @inline(__always)
    private mutating func eat(_ text: StaticString) -> Bool {
        if at(text) {
            i += 1
            return true
        }
        return false
    }

    @inline(__always)
    private mutating func expect(_ text: StaticString) throws(JavaScriptSyntaxError) {
        guard eat(text) else { throw expected(text) }
    }

    @inline(never)
    private mutating func expected(_ text: StaticString) -> JavaScriptSyntaxError {
        unexpected("expected '\(text)'")
    }

    /// (`mutating` only so that callers pass the state by reference instead of copying it.)
    @inline(never)
    private mutating func unexpected(_ detail: String? = nil) -> JavaScriptSyntaxError {
        guard i < count else {
            let last = tokens.last
            let line = last?.line ?? 1
            let column = (last?.column ?? 0) + (last.map { $0.end - $0.start } ?? 0) + 1
            return JavaScriptSyntaxError(
                kind: .unexpectedToken, line: line, column: column, offset: last?.end ?? 0,
                message: "unexpected end of input" + (detail.map { " (\($0))" } ?? ""))
        }
        let token = tokens[i]
        let length = min(token.end - token.start, 40)
        let text = String(decoding: src[token.start..<(token.start + length)], as: UTF8.self)
        return JavaScriptSyntaxError(
            kind: .unexpectedToken, line: token.line, column: token.column + 1, offset: token.start,
            message: "unexpected token '\(text)'" + (detail.map { " (\($0))" } ?? ""))
    }

    /// Whether token `k` can be a binding or reference name (identifiers, and `yield`/`await` outside
    /// generators/async functions).
    @inline(__always)
    private func isIdentifierName(_ k: Int) -> Bool {
        guard k < count else { return false }
        switch tokens[k].kind {
        case .identifier: return true
        case .keyword: return tokenIs(k, "yield") || tokenIs(k, "await")
        default: return false
        }
    }

    @inline(__always)
    private func isPropertyNameStart(_ k: Int) -> Bool {
        guard k < count else { return false }
        switch tokens[k].kind {
        case .identifier, .keyword, .string, .number, .privateName: return true
        case .punctuator: return tokenIs(k, "[")
        default: return false
        }
    }

    @inline(__always)
    private func canStartExpression(_ k: Int) -> Bool {
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

    private mutating func text(_ k: Int) -> String {
        let token = tokens[k]
        return String(decoding: src[token.start..<token.end], as: UTF8.self)
    }

    /// The interned ID of the identifier's name (escapes decoded).
    private mutating func nameID(_ k: Int) -> Int32 {
        let token = tokens[k]
        let start = token.start, end = min(token.end, bytes.count)
        var j = start
        while j < end, bytes[j] != 0x5C { j += 1 }
        if j < end {
            var decoded = JavaScriptStringLiteral.decodeEscapes(src[start..<end])
            return decoded.withUTF8 { identifiers.id(of: UnsafeRawBufferPointer($0)) }
        }
        return identifiers.id(of: UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, end)]))
    }

    /// The identifier's name with `\u` escapes decoded.
    private mutating func name(_ k: Int) -> String {
        let token = tokens[k]
        var hasEscape = false
        for j in token.start..<token.end where src[j] == 0x5C {
            hasEscape = true
            break
        }
        guard hasEscape else { return String(decoding: src[token.start..<token.end], as: UTF8.self) }
        return JavaScriptStringLiteral.decodeEscapes(src[token.start..<token.end])
    }

    private mutating func stringValue(_ k: Int) -> String {
        let token = tokens[k]
        guard token.end - token.start >= 2 else { return "" }
        return JavaScriptStringLiteral.decodeEscapes(src[(token.start + 1)..<(token.end - 1)])
    }

    /// An import/export name: an identifier name (keywords allowed) or a string literal.
    private mutating func moduleExportName() throws(JavaScriptSyntaxError) -> String {
        guard let kind = kind(i) else { throw unexpected() }
        switch kind {
        case .identifier, .keyword:
            defer { i += 1 }
            return name(i)
        case .string:
            defer { i += 1 }
            return stringValue(i)
        default:
            throw unexpected("expected a name")
        }
    }

    // MARK: - Scopes and names

    @discardableResult
    private mutating func pushScope(_ kind: Scope.Kind) -> Int {
        analysis.scopes.append(Scope(kind: kind, parent: scope, firstToken: i))
        scope = analysis.scopes.count - 1
        return scope
    }

    /// Marks the function (or arrow function) whose body the current statement belongs to as containing `return`.
    private mutating func markReturn() {
        var s: Int? = scope
        while let current = s {
            let kind = analysis.scopes[current].kind
            if kind == .function || kind == .arrowFunction {
                analysis.scopes[current].containsReturn = true
                return
            }
            s = analysis.scopes[current].parent
        }
    }

    /// Marks the function whose `new.target` the current expression reads.
    private mutating func markNewTarget() {
        var s: Int? = scope
        while let current = s {
            if analysis.scopes[current].kind == .function {
                analysis.scopes[current].containsNewTarget = true
                return
            }
            s = analysis.scopes[current].parent
        }
    }

    private mutating func markUnsafe(from start: Int) {
        var s: Int? = start
        while let current = s {
            analysis.scopes[current].isUnsafe = true
            s = analysis.scopes[current].parent
        }
    }

    /// Declares the name at token `k`; a repeated declaration in the same scope becomes a reference to the first.
    private mutating func declare(_ k: Int, _ kind: Declaration.Kind, shorthand: Bool = false) {
        var target = scope
        // Annex B: in sloppy code a function declared in a block is also a `var` of the enclosing function,
        // so names used outside the block reach it; treat it as function-scoped.
        if kind == .var || (kind == .function && !strict) {
            while !analysis.scopes[target].isVarScope, let parent = analysis.scopes[target].parent { target = parent }
        }
        let id = nameID(k)
        // Annex B: a function of a block in sloppy code that a lexical name of the function would clash with just
        // does not become a `var`: never an error.
        let sloppyBlockFunction = kind == .function && target != scope
        if redeclaration == nil, !sloppyBlockFunction {
            checkRedeclaration(at: k, kind, name: id, target: target)
        }
        if let existing = names.declaration(scope: target, name: id) {
            analysis.references.append(
                IdentifierReference(
                    token: k, scope: target, declaration: existing, isShorthandProperty: shorthand, isCallee: false))
            referenceNameList.append(id)
            referenceFlags.append(Self.preResolvedFlag)
            return
        }
        let index = analysis.declarations.count
        analysis.declarations.append(
            Declaration(
                name: identifiers.strings[Int(id)], kind: kind, scope: target, token: k, isShorthandPattern: shorthand))
        names.insert(index, scope: target, name: id)
    }

    /// Whether a declaration of `kind` in `scope` is lexical (may not share its scope with another declaration of
    /// its name): `let`, `const`, `class`, `import`, and a function declared in a block (strict code only reaches
    /// here with one: sloppy code hoists them).
    private func isLexical(_ kind: Declaration.Kind, in scope: Int) -> Bool {
        switch kind {
        case .let, .const, .class, .import: true
        case .function: !analysis.scopes[scope].isVarScope
        default: false
        }
    }

    private static func crossingKey(scope: Int, name: Int32) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: scope)) << 32 | UInt64(UInt32(bitPattern: name))
    }

    /// Records the first redeclaration: the name at token `k` declared as `kind` in `target` where a declaration
    /// of it already makes that an early error (as engines report, `Identifier 'x' has already been declared`).
    private mutating func checkRedeclaration(at k: Int, _ kind: Declaration.Kind, name id: Int32, target: Int) {
        var clash: Int?
        if let existing = names.declaration(scope: target, name: id), analysis.declarations[existing].token != k,
            isLexical(kind, in: target) || isLexical(analysis.declarations[existing].kind, in: target)
        {
            clash = existing
        }
        if kind == .var {
            // A `var` is hoisted through the blocks between here and its function: a lexical name there clashes.
            var s = scope
            while s != target, clash == nil {
                if let existing = names.declaration(scope: s, name: id), isLexical(analysis.declarations[existing].kind, in: s) {
                    clash = existing
                }
                varsCrossingBlocks.insert(Self.crossingKey(scope: s, name: id))
                guard let parent = analysis.scopes[s].parent else { break }
                s = parent
            }
        } else if isLexical(kind, in: target), varsCrossingBlocks.contains(Self.crossingKey(scope: target, name: id)) {
            // A `var` of the name was hoisted through this block earlier.
            clash = -1
        }
        if clash == nil, isLexical(kind, in: target), let parent = analysis.scopes[target].parent,
            analysis.scopes[parent].kind == .catchClause, let parameter = names.declaration(scope: parent, name: id),
            analysis.declarations[parameter].kind == .catchParameter
        {
            // The body of a `catch` may not declare its parameter's names lexically.
            clash = parameter
        }
        guard let clash else { return }
        let token = tokens[k]
        let name = identifiers.strings[Int(id)]
        let earlier = clash >= 0 ? " (line \(tokens[analysis.declarations[clash].token].line))" : " (by a var inside this block)"
        redeclaration = JavaScriptSyntaxError(
            kind: .redeclaration, line: token.line, column: token.column + 1, offset: token.start,
            message: "'\(name)' has already been declared\(earlier)")
    }

    @discardableResult
    private mutating func reference(_ k: Int, shorthand: Bool = false) -> Int {
        let next = k + 1
        let isCallee = next < count && (tokenIs(next, "(") || tokens[next].kind == .template || tokens[next].kind == .templateHead)
        analysis.references.append(
            IdentifierReference(
                token: k, scope: scope, declaration: nil, isShorthandProperty: shorthand, isCallee: isCallee))
        referenceNameList.append(nameID(k))
        if parameterScopes.isEmpty {
            referenceFlags.append(0)
        } else {
            referenceFlags.append(Self.inParametersFlag)
            parameterOnlyScopes[analysis.references.count - 1] = parameterScopes
        }
        return analysis.references.count - 1
    }

    /// Whether the directive prologue starting at token `k` contains `"use strict"`.
    @inline(__always)
    private func hasUseStrictDirective(at k: Int) -> Bool {
        var j = k
        while j < count, tokens[j].kind == .string {
            let next = j + 1
            let endsStatement = next >= count || tokenIs(next, ";") || tokenIs(next, "}") || tokens[next].newlineBefore
            guard endsStatement else { return false }
            if tokenIs(j, "\"use strict\"") || tokenIs(j, "'use strict'") { return true }
            j = tokenIs(next, ";") ? next + 1 : next
        }
        return false
    }

    // MARK: - Program and statements

    mutating func parseProgram() throws(JavaScriptSyntaxError) {
        analysis.scopes.append(Scope(kind: .program, parent: nil, firstToken: 0))
        strict = hasUseStrictDirective(at: 0)
        while i < count {
            try parseStatement(topLevel: true)
        }
        if let redeclaration { throw redeclaration }
    }

    mutating func finish() -> ScopeAnalysis {
        let moduleID = knownID("module"), exportsID = knownID("exports")
        let requireID = knownID("require"), evalID = knownID("eval")
        var tokenNameIDs = [Int32](repeating: -1, count: count)
        // Per declaration, whether a reference writes it.
        var written = [Bool](repeating: false, count: analysis.declarations.count)
        for index in analysis.references.indices {
            let id = referenceNameList[index]
            let flags = referenceFlags[index]
            let token = analysis.references[index].token
            if token < count { tokenNameIDs[token] = id }
            if flags & Self.preResolvedFlag != 0 { continue }
            let parameterOnly = flags & Self.inParametersFlag != 0 ? parameterOnlyScopes[index] : nil
            var s: Int? = analysis.references[index].scope
            while let current = s {
                if let declaration = names.declaration(scope: current, name: id),
                    parameterOnly?.contains(current) != true || analysis.declarations[declaration].kind == .parameter
                {
                    analysis.references[index].declaration = declaration
                    if flags & Self.writtenFlag != 0, declaration < written.count { written[declaration] = true }
                    break
                }
                s = analysis.scopes[current].parent
            }
            guard analysis.references[index].declaration == nil else { continue }
            if id == moduleID || id == exportsID {
                analysis.module.usesModuleOrExports = true
            } else if id == requireID {
                analysis.module.usesRequire = true
            } else if id == evalID, analysis.references[index].isCallee {
                markUnsafe(from: analysis.references[index].scope)
            }
        }
        analysis.tokenNameIDs = tokenNameIDs
        analysis.writtenDeclarations = written
        if !constStatements.isEmpty { findUnwrittenConsts(written: written) }
        fillScopeDeclarations()
        analysis.internedNames = identifiers.strings
        for candidate in requireCandidates where analysis.references[candidate.reference].declaration == nil {
            analysis.module.requireCalls.append(candidate.call)
        }
        for candidate in contextCandidates where analysis.references[candidate.reference].declaration == nil {
            analysis.module.requireContexts.append(candidate.call)
        }
        return ScopeAnalysis(analysis)
    }

    /// Records the `const` keywords whose bindings nothing writes (see `ScopeAnalysis.unwrittenConsts`).
    private mutating func findUnwrittenConsts(written: [Bool]) {
        for statement in constStatements {
            let scope = Int(statement.scope)
            guard scope < analysis.scopes.count, !analysis.scopes[scope].isUnsafe else { continue }
            var isWritten = false
            var d = Int(statement.firstDeclaration)
            while d < Int(statement.endDeclaration), d < written.count {
                // Declarations of nested scopes (in initializers) are their own statements' business.
                if written[d], analysis.declarations[d].scope == scope {
                    isWritten = true
                    break
                }
                d += 1
            }
            if !isWritten { analysis.unwrittenConsts.append(.init(keyword: statement.keyword, scope: statement.scope)) }
        }
    }

    /// Lists each scope's declarations (in declaration order), each list allocated once at its final size.
    private mutating func fillScopeDeclarations() {
        var counts = [Int](repeating: 0, count: analysis.scopes.count)
        for declaration in analysis.declarations where declaration.scope < counts.count { counts[declaration.scope] += 1 }
        var lists = counts.map { count -> [Int] in
            var list: [Int] = []
            list.reserveCapacity(count)
            return list
        }
        for (index, declaration) in analysis.declarations.enumerated() where declaration.scope < lists.count {
            lists[declaration.scope].append(index)
        }
        for scope in analysis.scopes.indices where !lists[scope].isEmpty {
            analysis.scopes[scope].declarations = lists[scope]
        }
    }

    /// The interned ID of a name (interning it if the source never used it).
    private mutating func knownID(_ name: StaticString) -> Int32 {
        name.withUTF8Buffer { identifiers.id(of: UnsafeRawBufferPointer($0)) }
    }

    private mutating func eatSemicolon() {
        _ = eat(";")
    }

    @inline(__always)
    private mutating func enter() throws(JavaScriptSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw tooDeep() }
    }

    @inline(never)
    private mutating func tooDeep() -> JavaScriptSyntaxError {
        JavaScriptSyntaxError(
            kind: .unexpectedToken, line: i < count ? tokens[i].line : 1, column: i < count ? tokens[i].column + 1 : 1,
            offset: i < count ? tokens[i].start : 0, message: "code is nested more than \(Self.maximumDepth) levels deep")
    }

    private mutating func parseStatement(topLevel: Bool = false) throws(JavaScriptSyntaxError) {
        try enter()
        defer { depth -= 1 }
        guard i < count else { throw unexpected() }
        let token = tokens[i]
        switch token.kind {
        case .punctuator:
            if at("{") {
                try parseBlock()
                return recordStatementBrace()
            }
            if at(";") {
                i += 1
                return
            }
        case .keyword:
            if try parseKeywordStatement(topLevel: topLevel) { return }
        case .identifier:
            if at("let"), isIdentifierName(i + 1) || tokenIs(i + 1, "[") || tokenIs(i + 1, "{") {
                i += 1
                try parseDeclarations(.let)
                eatSemicolon()
                return
            }
            if at("async"), tokenIs(i + 1, "function"), !newlineBefore(i + 1) {
                return try parseFunction(declaration: true)
            }
            if tokenIs(i + 1, ":") {
                i += 2
                return try parseStatement()
            }
        default:
            break
        }
        try parseExpression()
        eatSemicolon()
    }

    /// Parses a statement that starts with a keyword; returns `false` for an expression statement.
    private mutating func parseKeywordStatement(topLevel: Bool) throws(JavaScriptSyntaxError) -> Bool {
        switch code(i) {
        case TokenCode.of("var"), TokenCode.of("const"):
            let kind: Declaration.Kind = at("var") ? .var : .const
            i += 1
            try parseDeclarations(kind)
            eatSemicolon()
        case TokenCode.of("function"):
            try parseFunction(declaration: true)
        case TokenCode.of("class"):
            try parseClass(declaration: true)
        case TokenCode.of("if"):
            i += 1
            try parseParenthesized()
            try parseStatement()
            if eat("else") { try parseStatement() }
        case TokenCode.of("for"):
            try parseFor()
        case TokenCode.of("while"):
            i += 1
            try parseParenthesized()
            try parseStatement()
        case TokenCode.of("do"):
            i += 1
            try parseStatement()
            try expect("while")
            try parseParenthesized()
            eatSemicolon()
        case TokenCode.of("return"), TokenCode.of("throw"):
            if code(i) == TokenCode.of("return") { markReturn() }
            i += 1
            if !newlineBefore(i), canStartExpression(i) { try parseExpression() }
            eatSemicolon()
        case TokenCode.of("break"), TokenCode.of("continue"):
            i += 1
            if isIdentifierName(i), !newlineBefore(i) { i += 1 }
            eatSemicolon()
        case TokenCode.of("switch"):
            try parseSwitch()
        case TokenCode.of("try"):
            try parseTry()
        case TokenCode.of("with"):
            i += 1
            try parseParenthesized()
            let outer = scope
            markUnsafe(from: pushScope(.block))
            try parseStatement()
            scope = outer
        case TokenCode.of("debugger"):
            i += 1
            eatSemicolon()
        case TokenCode.of("import"):
            guard topLevel, !tokenIs(i + 1, "("), !tokenIs(i + 1, ".") else { return false }
            try parseImportDeclaration()
        case TokenCode.of("export"):
            guard topLevel else { throw unexpected("'export' is only allowed at the top level") }
            try parseExportDeclaration()
        case TokenCode.of("yield"), TokenCode.of("await"):
            guard tokenIs(i + 1, ":") else { return false }
            i += 2
            try parseStatement()
        default:
            return false
        }
        return true
    }

    private mutating func parseBlock() throws(JavaScriptSyntaxError) {
        try expect("{")
        let outer = scope
        pushScope(.block)
        while i < count, !at("}") {
            try parseStatement()
        }
        try expect("}")
        scope = outer
    }

    private mutating func parseParenthesized() throws(JavaScriptSyntaxError) {
        try expect("(")
        try parseExpression()
        try expect(")")
    }

    private mutating func parseDeclarations(_ kind: Declaration.Kind) throws(JavaScriptSyntaxError) {
        // `i` is past the keyword.
        var statement = -1
        if kind == .const {
            statement = constStatements.count
            let first = Int32(truncatingIfNeeded: analysis.declarations.count)
            constStatements.append(
                ConstStatement(
                    keyword: Int32(truncatingIfNeeded: i - 1), scope: Int32(truncatingIfNeeded: scope), firstDeclaration: first,
                    endDeclaration: first))
        }
        defer {
            if statement >= 0 { constStatements[statement].endDeclaration = Int32(truncatingIfNeeded: analysis.declarations.count) }
        }
        repeat {
            try parseBindingTarget(kind)
            if eat("=") { try parseAssignment() }
        } while eat(",")
    }

    private mutating func parseBindingTarget(_ kind: Declaration.Kind) throws(JavaScriptSyntaxError) {
        if eat("[") {
            while i < count, !at("]") {
                if eat(",") { continue }
                _ = eat("...")
                try parseBindingTarget(kind)
                if eat("=") { try parseAssignment() }
                if !at("]") { try expect(",") }
            }
            try expect("]")
        } else if eat("{") {
            while i < count, !at("}") {
                if eat("...") {
                    try parseBindingTarget(kind)
                } else if eat("[") {
                    try parseAssignment()
                    try expect("]")
                    try expect(":")
                    try parseBindingTarget(kind)
                } else {
                    let key = i
                    guard isPropertyNameStart(key) else { throw unexpected("expected a property name") }
                    i += 1
                    if eat(":") {
                        try parseBindingTarget(kind)
                    } else {
                        guard isIdentifierName(key) else { throw unexpected("expected ':'") }
                        declare(key, kind, shorthand: true)
                    }
                }
                if eat("=") { try parseAssignment() }
                if !at("}") { try expect(",") }
            }
            try expect("}")
        } else if isIdentifierName(i) {
            declare(i, kind)
            i += 1
        } else {
            throw unexpected("expected a binding name")
        }
    }

    private mutating func parseFor() throws(JavaScriptSyntaxError) {
        i += 1
        if at("await") {
            if functions.isEmpty, analysis.module.topLevelAwait == nil { analysis.module.topLevelAwait = i }
            i += 1
        }
        try expect("(")
        let outer = scope
        pushScope(.block)
        if at(";") {
            // No initializer.
        } else if at("var") || at("const") {
            let kind: Declaration.Kind = at("var") ? .var : .const
            i += 1
            try parseDeclarations(kind)
        } else if at("let"), isIdentifierName(i + 1) || tokenIs(i + 1, "[") || tokenIs(i + 1, "{") {
            i += 1
            try parseDeclarations(.let)
        } else {
            // A `for`-`in`/`of` head writes its target (`for (x in o)` parses as the expression `x in o`).
            let firstReference = analysis.references.count
            try parseExpression()
            if !at(";") { markWritten(from: firstReference) }
        }
        if eat("of") {
            try parseAssignment()
        } else if eat("in") {
            try parseExpression()
        } else if !at(")") {
            try expect(";")
            if !at(";") { try parseExpression() }
            try expect(";")
            if !at(")") { try parseExpression() }
        }
        try expect(")")
        try parseStatement()
        scope = outer
    }

    private mutating func parseSwitch() throws(JavaScriptSyntaxError) {
        i += 1
        try parseParenthesized()
        try expect("{")
        let outer = scope
        pushScope(.block)
        while i < count, !at("}") {
            if eat("case") {
                try parseExpression()
                try expect(":")
            } else if eat("default") {
                try expect(":")
            } else {
                try parseStatement()
            }
        }
        try expect("}")
        recordStatementBrace()
        scope = outer
    }

    private mutating func parseTry() throws(JavaScriptSyntaxError) {
        i += 1
        try parseBlock()
        recordStatementBrace()
        if eat("catch") {
            let outer = scope
            pushScope(.catchClause)
            if eat("(") {
                try parseBindingTarget(.catchParameter)
                try expect(")")
            }
            try parseBlock()
            recordStatementBrace()
            scope = outer
        }
        if eat("finally") {
            try parseBlock()
            recordStatementBrace()
        }
    }

    /// Records the `}` just consumed as the end of a statement or class member (see `ScopeAnalysis.statementBraces`).
    @inline(__always)
    private mutating func recordStatementBrace() {
        analysis.statementBraces.append(Int32(truncatingIfNeeded: i - 1))
    }

    // MARK: - Functions and classes

    /// `[async] function [*] [name] (params) { body }` at `i`.
    private mutating func parseFunction(declaration: Bool) throws(JavaScriptSyntaxError) {
        let start = i
        let isAsync = eat("async")
        try expect("function")
        let isGenerator = eat("*")
        if isAsync, isGenerator { analysis.syntaxFeatures.record(.asyncGenerator, at: start) }
        let outer = scope
        if isIdentifierName(i) {
            if declaration {
                declare(i, .function)
            } else {
                pushScope(.expressionName)
                declare(i, .expressionName)
            }
            i += 1
        }
        try parseFunctionRest(isAsync: isAsync, isGenerator: isGenerator)
        if declaration { recordStatementBrace() }
        scope = outer
    }

    /// `(params) { body }` in a new function scope.
    private mutating func parseFunctionRest(isAsync: Bool, isGenerator: Bool) throws(JavaScriptSyntaxError) {
        let outer = scope
        pushScope(.function)
        functions.append(FunctionContext(isAsync: isAsync, isGenerator: isGenerator))
        try expect("(")
        try parseParameters()
        try parseFunctionBody()
        functions.removeLast()
        scope = outer
    }

    private mutating func parseParameters() throws(JavaScriptSyntaxError) {
        parameterScopes.append(scope)
        defer { parameterScopes.removeLast() }
        while i < count, !at(")") {
            _ = eat("...")
            try parseBindingTarget(.parameter)
            if eat("=") { try parseAssignment() }
            if !at(")") { try expect(",") }
        }
        try expect(")")
    }

    private mutating func parseFunctionBody() throws(JavaScriptSyntaxError) {
        try expect("{")
        let outerStrict = strict
        if hasUseStrictDirective(at: i) { strict = true }
        while i < count, !at("}") {
            try parseStatement()
        }
        try expect("}")
        strict = outerStrict
    }

    private mutating func parseArrow(isAsync: Bool) throws(JavaScriptSyntaxError) {
        if isAsync { i += 1 }
        let outer = scope
        pushScope(.arrowFunction)
        functions.append(FunctionContext(isAsync: isAsync, isGenerator: false))
        if eat("(") {
            try parseParameters()
        } else {
            declare(i, .parameter)
            i += 1
        }
        try expect("=>")
        if at("{") {
            try parseFunctionBody()
        } else {
            try parseAssignment()
        }
        functions.removeLast()
        scope = outer
    }

    private mutating func parseClass(declaration: Bool) throws(JavaScriptSyntaxError) {
        try expect("class")
        let outer = scope
        if isIdentifierName(i) {
            if declaration {
                declare(i, .class)
            } else {
                pushScope(.expressionName)
                declare(i, .expressionName)
            }
            i += 1
        }
        let outerStrict = strict
        strict = true
        if eat("extends") { try parseLeftHandSide() }
        try expect("{")
        pushScope(.classBody)
        while i < count, !at("}") {
            if eat(";") { continue }
            try parseClassMember()
        }
        try expect("}")
        if declaration { recordStatementBrace() }
        scope = outer
        strict = outerStrict
    }

    private mutating func parseClassMember() throws(JavaScriptSyntaxError) {
        if at("static"), tokenIs(i + 1, "{") {
            analysis.syntaxFeatures.record(.classStaticBlocks, at: i)
            i += 1
            let outer = scope
            pushScope(.function)
            functions.append(FunctionContext(isAsync: false, isGenerator: false))
            try parseFunctionBody()
            recordStatementBrace()
            functions.removeLast()
            scope = outer
            return
        }
        let isStatic = at("static") && (isPropertyNameStart(i + 1) || tokenIs(i + 1, "*"))
        if isStatic { i += 1 }
        let (isAsync, isGenerator) = try parseMethodModifiers()
        let name = i
        let isPrivate = kind(i) == .privateName
        try parsePropertyName()
        if at("(") {
            if isPrivate { analysis.syntaxFeatures.record(.classPrivateMethod, at: name) }
            try parseFunctionRest(isAsync: isAsync, isGenerator: isGenerator)
            return recordStatementBrace()
        }
        analysis.syntaxFeatures.record(isPrivate ? .classPrivateField : isStatic ? .classStaticField : .classField, at: name)
        if eat("=") {
            functions.append(FunctionContext(isAsync: false, isGenerator: false))
            try parseAssignment()
            functions.removeLast()
        }
        eatSemicolon()
    }

    /// `async`, `*`, `get`, `set` before a method name.
    private mutating func parseMethodModifiers() throws(JavaScriptSyntaxError) -> (isAsync: Bool, isGenerator: Bool) {
        var isAsync = false
        if at("async"), !newlineBefore(i + 1), isPropertyNameStart(i + 1) || tokenIs(i + 1, "*") {
            isAsync = true
            i += 1
        }
        let isGenerator = eat("*")
        if isAsync, isGenerator { analysis.syntaxFeatures.record(.asyncGenerator, at: i - 2) }
        if !isAsync, !isGenerator, at("get") || at("set"), isPropertyNameStart(i + 1) { i += 1 }
        return (isAsync, isGenerator)
    }

    private mutating func parsePropertyName() throws(JavaScriptSyntaxError) {
        if eat("[") {
            try parseAssignment()
            try expect("]")
        } else if isPropertyNameStart(i) {
            i += 1
        } else {
            throw unexpected("expected a property name")
        }
    }

    // MARK: - Expressions

    private mutating func parseExpression() throws(JavaScriptSyntaxError) {
        try parseAssignment()
        while eat(",") {
            try parseAssignment()
        }
    }

    private mutating func parseAssignment() throws(JavaScriptSyntaxError) {
        try enter()
        defer { depth -= 1 }
        guard i < count else { throw unexpected() }
        if isIdentifierName(i), tokenIs(i + 1, "=>"), !newlineBefore(i + 1) {
            return try parseArrow(isAsync: false)
        }
        if at("async"), !newlineBefore(i + 1) {
            if isIdentifierName(i + 1), tokenIs(i + 2, "=>") { return try parseArrow(isAsync: true) }
            if tokenIs(i + 1, "("), arrowFollows(i + 1) { return try parseArrow(isAsync: true) }
        }
        if at("("), arrowFollows(i) { return try parseArrow(isAsync: false) }
        if at("yield"), functions.last?.isGenerator == true {
            i += 1
            if !newlineBefore(i) {
                if eat("*") {
                    try parseAssignment()
                } else if canStartExpression(i) {
                    try parseAssignment()
                }
            }
            return
        }
        let start = i, firstReference = analysis.references.count
        try parseBinary()
        if eat("?") {
            try parseAssignment()
            try expect(":")
            try parseAssignment()
            return
        }
        if i < count, tokens[i].kind == .punctuator, isAssignmentOperator(i) {
            markTarget(start: start, firstReference: firstReference)
            i += 1
            try parseAssignment()
        }
    }

    @inline(__always)
    private func arrowFollows(_ open: Int) -> Bool {
        let close = Int(matching[open])
        return close > open && tokenIs(close + 1, "=>") && !newlineBefore(close + 1)
    }

    private mutating func parseBinary() throws(JavaScriptSyntaxError) {
        try parseUnary()
        while i < count {
            let token = tokens[i]
            if token.kind == .punctuator, isBinaryOperator(i) {
                i += 1
            } else if token.kind == .keyword, at("in") || at("instanceof") {
                i += 1
            } else {
                return
            }
            try parseUnary()
        }
    }

    private mutating func parseUnary() throws(JavaScriptSyntaxError) {
        guard i < count else { throw unexpected() }
        let token = tokens[i]
        if token.kind == .punctuator, isPrefixOperator(i) {
            let isUpdate = code(i) == TokenCode.of("++") || code(i) == TokenCode.of("--")
            i += 1
            let start = i, firstReference = analysis.references.count
            try parseUnary()
            if isUpdate { markTarget(start: start, firstReference: firstReference) }
            return
        }
        if token.kind == .keyword {
            if at("typeof") || at("void") || at("delete") {
                i += 1
                return try parseUnary()
            }
            if at("await") {
                if functions.last?.isAsync == true {
                    i += 1
                    return try parseUnary()
                }
                if functions.isEmpty, !newlineBefore(i + 1), canStartExpression(i + 1),
                    !tokenIs(i + 1, "("), !tokenIs(i + 1, "["), !tokenIs(i + 1, "+"), !tokenIs(i + 1, "-")
                {
                    if analysis.module.topLevelAwait == nil { analysis.module.topLevelAwait = i }
                    i += 1
                    return try parseUnary()
                }
            }
        }
        let start = i, firstReference = analysis.references.count
        try parseLeftHandSide()
        if at("++") || at("--"), !newlineBefore(i) {
            markTarget(start: start, firstReference: firstReference)
            i += 1
        }
    }

    /// Marks what the assignment target just parsed (tokens `start..<i`, references from `firstReference` on)
    /// writes: a name, or every name of a pattern (`[a, b]`, `{a, b: c}`) or a parenthesized target (`(a)`), a
    /// computed key or a default included, which is conservative. A member target (`a.b`, `a[i]`) writes no name.
    private mutating func markTarget(start: Int, firstReference: Int) {
        let length = i - start
        guard length > 0 else { return }
        if length == 1 || tokenIs(start, "(") {
            return markWritten(from: firstReference)
        }
        if tokenIs(start, "[") || tokenIs(start, "{"), Int(matching[start]) == i - 1 {
            markWritten(from: firstReference)
        }
    }

    /// Marks the references from `first` on as written (the names of an assignment target just parsed).
    private mutating func markWritten(from first: Int) {
        var k = first
        while k < referenceFlags.count {
            referenceFlags[k] |= Self.writtenFlag
            k += 1
        }
    }

    private mutating func parseLeftHandSide() throws(JavaScriptSyntaxError) {
        if at("new") {
            i += 1
            if eat(".") {
                markNewTarget()
                try expectMemberName()
            } else {
                try parseNewCallee()
                if at("(") { try parseArguments() }
            }
        } else {
            try parsePrimary()
        }
        try parseSuffixes(allowCalls: true)
    }

    private mutating func parseNewCallee() throws(JavaScriptSyntaxError) {
        if at("new") {
            i += 1
            if eat(".") {
                markNewTarget()
                try expectMemberName()
            } else {
                try parseNewCallee()
                if at("(") { try parseArguments() }
            }
        } else {
            try parsePrimary()
        }
        try parseSuffixes(allowCalls: false)
    }

    private mutating func parseSuffixes(allowCalls: Bool) throws(JavaScriptSyntaxError) {
        while i < count {
            let token = tokens[i]
            switch token.kind {
            case .punctuator:
                if at(".") {
                    i += 1
                    try expectMemberName()
                } else if at("?.") {
                    guard allowCalls else { return }
                    i += 1
                    if at("(") {
                        try parseArguments()
                    } else if eat("[") {
                        try parseExpression()
                        try expect("]")
                    } else {
                        try expectMemberName()
                    }
                } else if eat("[") {
                    try parseExpression()
                    try expect("]")
                } else if allowCalls, at("(") {
                    try parseArguments()
                } else {
                    return
                }
            case .template, .templateHead:
                try parseTemplate()
            default:
                return
            }
        }
    }

    /// Steps over the name after `.` or `?.`: any identifier name (reserved words too) or a private name.
    private mutating func expectMemberName() throws(JavaScriptSyntaxError) {
        guard i < count, kind(i) == .identifier || kind(i) == .keyword || kind(i) == .privateName else {
            throw unexpected("expected a property name after '.'")
        }
        i += 1
    }

    private mutating func parseArguments() throws(JavaScriptSyntaxError) {
        try expect("(")
        while i < count, !at(")") {
            _ = eat("...")
            try parseAssignment()
            if !at(")") { try expect(",") }
        }
        try expect(")")
    }

    private mutating func parseTemplate() throws(JavaScriptSyntaxError) {
        guard let kind = kind(i) else { throw unexpected() }
        i += 1
        guard kind == .templateHead else { return }
        while true {
            try parseExpression()
            guard let next = self.kind(i) else { throw unexpected() }
            i += 1
            if next == .templateTail { return }
            guard next == .templateMiddle else {
                i -= 1
                throw unexpected("expected the end of a template substitution")
            }
        }
    }

    private mutating func parsePrimary() throws(JavaScriptSyntaxError) {
        guard i < count else { throw unexpected() }
        let token = tokens[i]
        switch token.kind {
        case .identifier:
            if at("async"), tokenIs(i + 1, "function"), !newlineBefore(i + 1) {
                return try parseFunction(declaration: false)
            }
            if at("require") { recordRequire() }
            reference(i)
            i += 1
        case .keyword:
            switch code(i) {
            case TokenCode.of("this"):
                if analysis.isOutsideFunctionsAndClassBodies(scope) { analysis.topLevelThis.append(Int32(truncatingIfNeeded: i)) }
                i += 1
            case TokenCode.of("super"), TokenCode.of("null"):
                i += 1
            case TokenCode.of("true"), TokenCode.of("false"):
                // A boolean value (`new true` is one too, but `new !0` would not parse).
                if i == 0 || !tokenIs(i - 1, "new") { analysis.booleanLiterals.append(Int32(truncatingIfNeeded: i)) }
                i += 1
            case TokenCode.of("function"):
                try parseFunction(declaration: false)
            case TokenCode.of("class"):
                try parseClass(declaration: false)
            case TokenCode.of("import"):
                i += 1
                if eat(".") {
                    if analysis.module.importMeta == nil { analysis.module.importMeta = i - 2 }
                    try expectMemberName()
                    return
                }
                let importToken = i - 1
                guard at("(") else { throw unexpected("expected '(' after 'import'") }
                if kind(i + 1) == .string, tokenIs(i + 2, ")") || tokenIs(i + 2, ",") {
                    analysis.module.dynamicImports.append(
                        .init(
                            importToken: importToken, specifierToken: i + 1, specifier: stringValue(i + 1)))
                } else {
                    analysis.module.dynamicImports.append(.init(importToken: importToken, specifierToken: nil, specifier: nil))
                }
                try parseArguments()
            case TokenCode.of("yield"), TokenCode.of("await"):
                reference(i)
                i += 1
            case TokenCode.of("new"):
                try parseLeftHandSide()
            default:
                throw unexpected()
            }
        case .number, .string, .regularExpression, .template, .privateName:
            i += 1
        case .templateHead:
            try parseTemplate()
        case .punctuator:
            if eat("(") {
                try parseExpression()
                try expect(")")
            } else if eat("[") {
                while i < count, !at("]") {
                    if eat(",") { continue }
                    _ = eat("...")
                    try parseAssignment()
                    if !at("]") { try expect(",") }
                }
                try expect("]")
            } else if eat("{") {
                while i < count, !at("}") {
                    try parseObjectMember()
                    if !at("}") { try expect(",") }
                }
                try expect("}")
            } else {
                throw unexpected()
            }
        default:
            throw unexpected()
        }
    }

    private mutating func parseObjectMember() throws(JavaScriptSyntaxError) {
        if eat("...") { return try parseAssignment() }
        let (isAsync, isGenerator) = try parseMethodModifiers()
        let key = i
        try parsePropertyName()
        if at("(") { return try parseFunctionRest(isAsync: isAsync, isGenerator: isGenerator) }
        if eat(":") { return try parseAssignment() }
        guard isIdentifierName(key), key == i - 1 else { throw unexpected("expected ':'") }
        reference(key, shorthand: true)
        if eat("=") { try parseAssignment() }
    }

    /// Records `require("x")` and `require.context(...)` at `i` (kept if `require` turns out free).
    private mutating func recordRequire() {
        let referenceIndex = analysis.references.count
        if tokenIs(i + 1, "("), kind(i + 2) == .string, tokenIs(i + 3, ")") {
            requireCandidates.append(
                RequireCandidate(
                    reference: referenceIndex,
                    call: .init(requireToken: i, specifierToken: i + 2, specifier: stringValue(i + 2))))
        } else if tokenIs(i + 1, "."), tokenIs(i + 2, "context"), tokenIs(i + 3, "("), kind(i + 4) == .string {
            var k = i + 5
            var recursive = true
            var pattern: String?
            var flags = ""
            if eat(at: &k, ",") {
                if tokenIs(k, "false") || tokenIs(k, "true") {
                    recursive = tokenIs(k, "true")
                    k += 1
                }
                if eat(at: &k, ","), kind(k) == .regularExpression {
                    let regex = text(k)
                    if let slash = regex.lastIndex(of: "/"), slash > regex.startIndex {
                        pattern = String(regex[regex.index(after: regex.startIndex)..<slash])
                        flags = String(regex[regex.index(after: slash)...])
                    }
                    k += 1
                }
            }
            _ = eat(at: &k, ",")
            guard tokenIs(k, ")") else { return }
            contextCandidates.append(
                ContextCandidate(
                    reference: referenceIndex,
                    call: .init(
                        requireToken: i, closeToken: k, directory: stringValue(i + 4), directoryToken: i + 4,
                        recursive: recursive, pattern: pattern, flags: flags)))
        }
    }

    @inline(__always)
    private func eat(at k: inout Int, _ text: StaticString) -> Bool {
        if tokenIs(k, text) {
            k += 1
            return true
        }
        return false
    }

    // MARK: - Modules

    private mutating func parseModuleRequest() throws(JavaScriptSyntaxError) -> Int {
        guard kind(i) == .string else { throw unexpected("expected a module specifier string") }
        let token = i
        let specifier = stringValue(i)
        i += 1
        var attributeType: String?
        if at("with") || (at("assert") && !newlineBefore(i)), tokenIs(i + 1, "{") {
            i += 2
            while i < count, !at("}") {
                let key = try moduleExportName()
                try expect(":")
                guard kind(i) == .string else { throw unexpected("expected a string") }
                if key == "type" { attributeType = stringValue(i) }
                i += 1
                if !at("}") { try expect(",") }
            }
            try expect("}")
        }
        analysis.module.requests.append(.init(specifier: specifier, token: token, attributeType: attributeType))
        return analysis.module.requests.count - 1
    }

    private mutating func parseImportDeclaration() throws(JavaScriptSyntaxError) {
        let start = i
        i += 1
        if kind(i) == .string {
            _ = try parseModuleRequest()
            eatSemicolon()
            analysis.module.removableStatements.append(start..<i)
            return
        }
        var bindings: [(importedName: String?, declaration: Int)] = []
        if isIdentifierName(i) {
            declare(i, .import)
            bindings.append(("default", analysis.declarations.count - 1))
            i += 1
            _ = eat(",")
        }
        if eat("*") {
            try expect("as")
            guard isIdentifierName(i) else { throw unexpected("expected a binding name") }
            declare(i, .import)
            bindings.append((nil, analysis.declarations.count - 1))
            i += 1
        } else if eat("{") {
            while i < count, !at("}") {
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
                declare(local, .import)
                bindings.append((imported, analysis.declarations.count - 1))
                if !at("}") { try expect(",") }
            }
            try expect("}")
        }
        try expect("from")
        let request = try parseModuleRequest()
        eatSemicolon()
        for binding in bindings {
            analysis.module.imports.append(.init(request: request, importedName: binding.importedName, declaration: binding.declaration))
        }
        analysis.module.removableStatements.append(start..<i)
    }

    private mutating func parseExportDeclaration() throws(JavaScriptSyntaxError) {
        let start = i
        i += 1
        if eat("*") {
            if eat("as") {
                let nameToken = i
                let exported = try moduleExportName()
                try expect("from")
                let request = try parseModuleRequest()
                analysis.module.exports.append(.init(exportedName: exported, source: .namespace(request: request), token: nameToken))
            } else {
                try expect("from")
                analysis.module.starExports.append(try parseModuleRequest())
            }
            eatSemicolon()
            analysis.module.removableStatements.append(start..<i)
            return
        }
        if eat("{") {
            var specifiers: [(local: String, localToken: Int, exported: String, exportedToken: Int)] = []
            while i < count, !at("}") {
                let localToken = i
                let local = try moduleExportName()
                var exported = local
                var exportedToken = localToken
                if eat("as") {
                    exportedToken = i
                    exported = try moduleExportName()
                }
                specifiers.append((local, localToken, exported, exportedToken))
                if !at("}") { try expect(",") }
            }
            try expect("}")
            if eat("from") {
                let request = try parseModuleRequest()
                for specifier in specifiers {
                    analysis.module.exports.append(
                        .init(
                            exportedName: specifier.exported,
                            source: .reexport(request: request, importedName: specifier.local), token: specifier.exportedToken))
                }
            } else {
                for specifier in specifiers {
                    guard isIdentifierName(specifier.localToken) else {
                        i = specifier.localToken
                        throw unexpected("expected a local name")
                    }
                    reference(specifier.localToken)
                    analysis.module.exports.append(
                        .init(
                            exportedName: specifier.exported, source: .local(name: specifier.local, token: specifier.localToken),
                            token: specifier.exportedToken))
                }
            }
            eatSemicolon()
            analysis.module.removableStatements.append(start..<i)
            return
        }
        if eat("default") {
            var j = i
            let isAsyncFunction = tokenIs(j, "async") && tokenIs(j + 1, "function") && !newlineBefore(j + 1)
            if isAsyncFunction || tokenIs(j, "function") || tokenIs(j, "class") {
                let isClass = tokenIs(j, "class")
                j += isAsyncFunction ? 2 : 1
                if !isClass, tokenIs(j, "*") { j += 1 }
                let named = isIdentifierName(j)
                if isClass { try parseClass(declaration: true) } else { try parseFunction(declaration: true) }
                analysis.module.defaultExport = .init(
                    exportToken: start, isNamedDeclaration: named, isAnonymousDeclaration: !named, lastToken: i - 1)
                analysis.module.exports.append(
                    .init(
                        exportedName: "default", source: named ? .local(name: name(j), token: j) : .defaultExpression, token: start + 1))
                return
            }
            try parseAssignment()
            analysis.module.defaultExport = .init(
                exportToken: start, isNamedDeclaration: false, isAnonymousDeclaration: false, lastToken: i - 1)
            analysis.module.exports.append(.init(exportedName: "default", source: .defaultExpression, token: start + 1))
            eatSemicolon()
            return
        }
        let isDeclaration =
            at("var") || at("const") || at("function") || at("class")
            || (at("let") && (isIdentifierName(i + 1) || tokenIs(i + 1, "[") || tokenIs(i + 1, "{")))
            || (at("async") && tokenIs(i + 1, "function"))
        guard isDeclaration else { throw unexpected("expected a declaration after 'export'") }
        analysis.module.exportKeywords.append(start)
        let before = analysis.declarations.count
        try parseStatement()
        for declaration in analysis.declarations[before...] where declaration.scope == 0 {
            switch declaration.kind {
            case .var, .let, .const, .function, .class:
                analysis.module.exports.append(
                    .init(
                        exportedName: declaration.name, source: .local(name: declaration.name, token: declaration.token),
                        token: declaration.token))
            default:
                continue
            }
        }
    }

    // MARK: - Operator tables

    @inline(__always)
    private func isBinaryOperator(_ k: Int) -> Bool {
        switch code(k) {
        case TokenCode.of("+"), TokenCode.of("-"), TokenCode.of("*"), TokenCode.of("/"), TokenCode.of("%"),
            TokenCode.of("**"), TokenCode.of("=="), TokenCode.of("!="), TokenCode.of("==="), TokenCode.of("!=="),
            TokenCode.of("<"), TokenCode.of(">"), TokenCode.of("<="), TokenCode.of(">="), TokenCode.of("<<"),
            TokenCode.of(">>"), TokenCode.of(">>>"), TokenCode.of("&"), TokenCode.of("|"), TokenCode.of("^"),
            TokenCode.of("&&"), TokenCode.of("||"), TokenCode.of("??"):
            return true
        default:
            return false
        }
    }

    @inline(__always)
    private func isAssignmentOperator(_ k: Int) -> Bool {
        switch code(k) {
        case TokenCode.of("="), TokenCode.of("+="), TokenCode.of("-="), TokenCode.of("*="), TokenCode.of("/="),
            TokenCode.of("%="), TokenCode.of("**="), TokenCode.of("<<="), TokenCode.of(">>="), TokenCode.of(">>>="),
            TokenCode.of("&="), TokenCode.of("|="), TokenCode.of("^="), TokenCode.of("&&="), TokenCode.of("||="),
            TokenCode.of("??="):
            return true
        default:
            return false
        }
    }

    @inline(__always)
    private func isPrefixOperator(_ k: Int) -> Bool {
        switch code(k) {
        case TokenCode.of("!"), TokenCode.of("~"), TokenCode.of("+"), TokenCode.of("-"), TokenCode.of("++"),
            TokenCode.of("--"):
            return true
        default:
            return false
        }
    }
}
