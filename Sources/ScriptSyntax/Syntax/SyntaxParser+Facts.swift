/// What `SyntaxParserState` records beside the tree, by token index (into the significant tokens it parsed),
/// for `ScopeAnalysis` (the token-indexed view today's passes read): where each scope, symbol and reference
/// stands, and the token facts the passes ask for (module syntax, `this` outside functions, statement braces,
/// booleans, `const` statements, class-member syntax). Recorded while parsing, where the parser already knows
/// them, so building the view needs no walk over the tree.
package struct SyntaxParseFacts {
    /// A repeated declaration of a name in its scope (`var a; var a;`): bound to the first one's symbol; today's
    /// view lists it as a reference resolved to that declaration.
    struct Redeclaration {
        package let token: Int32
        package let scope: Int32
        package let symbol: Int32
        package let isShorthand: Bool
    }

    /// A `const` statement: its keyword, its scope, and the symbols made while it was parsed.
    struct ConstStatement {
        package let keyword: Int32
        package let scope: Int32
        let firstSymbol: Int32
        var endSymbol: Int32
    }

    /// Syntax that not every target supports, recorded where the parser reads it (`SyntaxFeature` names the
    /// same features in the target's folder, above this one; the raw values are the same).
    package enum Feature: UInt8 {
        case objectRestSpread, optionalCatchBinding, regexpDotAllFlag, regexpNamedCaptureGroups, asyncGenerator, forAwait
        case regexpStickyAndUnicodeFlags, numericSeparator, optionalChain, nullishCoalescing, bigint, logicalAssignment
        case classField, classStaticField, classPrivateField, classPrivateMethod, classPrivateBrandCheck, regexpMatchIndices
        case classStaticBlock, regexpLookbehindAssertions, regexpSetNotation
    }

    /// A `require("x")` or `require.context(...)` call, kept when `require` turns out free.
    struct RequireCandidate {
        /// Index into `SyntaxTree.references`.
        package let reference: Int32
        package let call: ModuleSyntax.RequireCall?
        package let context: ModuleSyntax.RequireContextCall?
    }

    /// Per scope: the first token inside it.
    var scopeFirstTokens: [Int32] = []
    /// Per scope: `containsReturnFlag`, `containsNewTargetFlag`.
    var scopeFlags: [UInt8] = []
    static let containsReturnFlag: UInt8 = 1
    static let containsNewTargetFlag: UInt8 = 2
    /// Per symbol: the token of its (first) binding identifier.
    var symbolTokens: [Int32] = []
    /// Per symbol: whether it was declared as a shorthand pattern property (`{a}` / `{a = 1}`).
    var symbolShorthands: [Bool] = []
    /// What the parse records of one reference beside the tree, in one value (one append per reference, not one
    /// per field: each append checks its array's uniqueness and capacity).
    package struct Reference {
        /// The reference's token.
        package var token: Int32
        /// Its name ID (the `identifier` node's `a`, kept here so resolution and the view read no node).
        package var name: Int32
        /// `shorthandFlag`, `calleeFlag`, `writtenFlag`.
        package var flags: UInt8
    }

    /// Per reference (indexed like `SyntaxTree.references`): its token, name and flags.
    package var references: [Reference] = []
    static let shorthandFlag: UInt8 = 1
    /// The next token is `(` or a template.
    static let calleeFlag: UInt8 = 2
    /// Written as today's analysis counts it: any name inside an assignment or update target that is a name, a
    /// parenthesized expression or a pattern (defaults and computed keys included), and every name of a
    /// `for`-`in`/`of` head written as an expression (a `for`-`in`'s object too).
    static let writtenFlag: UInt8 = 4
    var redeclarations: [Redeclaration] = []
    var constStatements: [ConstStatement] = []
    /// Per `Feature` (by raw value): the first token that shows it, or `Int32.max`.
    package var featureTokens = [Int32](repeating: .max, count: 21)
    var booleanLiterals: [Int32] = []
    package var topLevelThis: [Int32] = []
    package var statementBraces: [Int32] = []
    package var module = ModuleSyntax()
    var requireCandidates: [RequireCandidate] = []
    /// The name IDs of `module`, `exports` and `require` (interned when the parse finishes).
    var moduleNameID: Int32 = -1
    var exportsNameID: Int32 = -1
    var requireNameID: Int32 = -1
    package var argumentsNameID: Int32 = -1

    /// Made from every stored property (the memberwise initializer, for the stages above).
    init(
        scopeFirstTokens: [Int32] = [],
        scopeFlags: [UInt8] = [],
        symbolTokens: [Int32] = [],
        symbolShorthands: [Bool] = [],
        references: [Reference] = [],
        redeclarations: [Redeclaration] = [],
        constStatements: [ConstStatement] = [],
        featureTokens: [Int32] = [Int32](repeating: .max, count: 21),
        booleanLiterals: [Int32] = [],
        topLevelThis: [Int32] = [],
        statementBraces: [Int32] = [],
        module: ModuleSyntax = ModuleSyntax(),
        requireCandidates: [RequireCandidate] = [],
        moduleNameID: Int32 = -1,
        exportsNameID: Int32 = -1,
        requireNameID: Int32 = -1,
        argumentsNameID: Int32 = -1
    ) {
        self.scopeFirstTokens = scopeFirstTokens
        self.scopeFlags = scopeFlags
        self.symbolTokens = symbolTokens
        self.symbolShorthands = symbolShorthands
        self.references = references
        self.redeclarations = redeclarations
        self.constStatements = constStatements
        self.featureTokens = featureTokens
        self.booleanLiterals = booleanLiterals
        self.topLevelThis = topLevelThis
        self.statementBraces = statementBraces
        self.module = module
        self.requireCandidates = requireCandidates
        self.moduleNameID = moduleNameID
        self.exportsNameID = exportsNameID
        self.requireNameID = requireNameID
        self.argumentsNameID = argumentsNameID
    }
}

extension SyntaxParserState {
    /// Marks the references from `first` on as written (see `SyntaxParseFacts.writtenFlag`).
    mutating func markFactsWritten(from first: Int) {
        var k = first
        while k < references.count {
            references[k].fact.flags |= SyntaxParseFacts.writtenFlag
            k += 1
        }
    }

    /// Marks what the assignment or update target just read (tokens `start..<i`, references from `firstReference`
    /// on) writes, as today's analysis does: a single name, a parenthesized target, or a whole pattern.
    mutating func markFactsTarget(start: Int, firstReference: Int) {
        let length = i - start
        guard length > 0 else { return }
        if length == 1 || tokenIs(start, "(") { return markFactsWritten(from: firstReference) }
        if tokenIs(start, "[") || tokenIs(start, "{"), Int(matching[start]) == i - 1 { markFactsWritten(from: firstReference) }
    }

    /// Records a `}` just consumed (token `i - 1`) that ends a statement or class member.
    @inline(__always)
    mutating func recordStatementBrace() {
        facts.statementBraces.append(Int32(truncatingIfNeeded: i - 1))
    }

    @inline(__always)
    mutating func recordFeature(_ feature: SyntaxParseFacts.Feature, at token: Int) {
        let token = Int32(truncatingIfNeeded: token)
        if token < facts.featureTokens[Int(feature.rawValue)] { facts.featureTokens[Int(feature.rawValue)] = token }
    }

    /// Marks the function (or arrow function) the current statement belongs to as containing `return`.
    mutating func markReturn() {
        var s = scope
        while s >= 0 {
            let kind = scopes[Int(s)].scope.kind
            if kind == .function || kind == .arrowFunction {
                scopes[Int(s)].flags |= SyntaxParseFacts.containsReturnFlag
                return
            }
            s = scopes[Int(s)].scope.parent
        }
    }

    /// Marks the function whose `new.target` the current expression reads.
    mutating func markNewTarget() {
        var s = scope
        while s >= 0 {
            if scopes[Int(s)].scope.kind == .function {
                scopes[Int(s)].flags |= SyntaxParseFacts.containsNewTargetFlag
                return
            }
            s = scopes[Int(s)].scope.parent
        }
    }

    /// Whether the current scope is in no function (arrows do not count) and no class body.
    package func isOutsideFunctionsAndClassBodies() -> Bool {
        var s = scope
        while s >= 0 {
            switch scopes[Int(s)].scope.kind {
            case .function, .classBody: return false
            case .program: return true
            default: s = scopes[Int(s)].scope.parent
            }
        }
        return true
    }

    /// The value of the string literal at token `k` (quotes dropped, escapes decoded).
    package func stringValue(_ k: Int) -> String {
        let token = tokens[k]
        guard token.end - token.start >= 2 else { return "" }
        return JavaScriptStringLiteral.decodeEscapes(src[(token.start + 1)..<(token.end - 1)])
    }

    /// The text of a module export name node (an `identifierName` or a `stringLiteral`).
    package func exportName(_ node: Int32) -> String {
        let n = nodes[Int(node)]
        if n.kind == .stringLiteral {
            guard n.end - n.start >= 2 else { return "" }
            return JavaScriptStringLiteral.decodeEscapes(src[Int(n.start + 1)..<Int(n.end - 1)])
        }
        return identifiers.strings[Int(n.a)]
    }

    /// Records `require("x")` and `require.context(...)` at token `i` (kept if `require` turns out free), by
    /// their tokens as today's analysis does.
    mutating func recordRequire() {
        let reference = Int32(truncatingIfNeeded: references.count)
        if tokenIs(i + 1, "("), kind(i + 2) == .string, tokenIs(i + 3, ")") {
            facts.requireCandidates.append(
                .init(
                    reference: reference, call: .init(requireToken: i, specifierToken: i + 2, specifier: stringValue(i + 2)),
                    context: nil))
        } else if tokenIs(i + 1, "."), tokenIs(i + 2, "context"), tokenIs(i + 3, "("), kind(i + 4) == .string {
            var k = i + 5
            var recursive = true
            var pattern: String?
            var flags = ""
            if tokenIs(k, ",") {
                k += 1
                if tokenIs(k, "false") || tokenIs(k, "true") {
                    recursive = tokenIs(k, "true")
                    k += 1
                }
                if tokenIs(k, ",") {
                    k += 1
                    if kind(k) == .regularExpression {
                        let token = tokens[k]
                        let regex = String(decoding: src[token.start..<token.end], as: UTF8.self)
                        if let slash = regex.lastIndex(of: "/"), slash > regex.startIndex {
                            pattern = String(regex[regex.index(after: regex.startIndex)..<slash])
                            flags = String(regex[regex.index(after: slash)...])
                        }
                        k += 1
                    }
                }
            }
            if tokenIs(k, ",") { k += 1 }
            guard tokenIs(k, ")") else { return }
            facts.requireCandidates.append(
                .init(
                    reference: reference, call: nil,
                    context: .init(
                        requireToken: i, closeToken: k, directory: stringValue(i + 4), directoryToken: i + 4,
                        recursive: recursive, pattern: pattern, flags: flags)))
        }
    }
}
