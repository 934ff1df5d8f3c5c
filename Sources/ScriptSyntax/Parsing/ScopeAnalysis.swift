/// The result of parsing one source: its scope tree, every declaration, every resolved reference and
/// its module syntax. Everything points at tokens of the tokenization that was parsed.
///
/// Renaming a declaration `d` means rewriting its binding token (`declarations[d].token`) and the token of
/// every reference whose `declaration == d` (`references(to:)`); a shorthand (`isShorthandPattern`,
/// `isShorthandProperty`) must be expanded to `name: renamed`. Declarations in an `isUnsafe` scope (reached by
/// direct `eval` or `with`) must keep their names, and free names (globals) must never be renamed.
///
/// A class whose properties never change once it is made (from the tree: `init(tree:facts:tokens:…)`): every module
/// record, piece and bundle that holds a parse shares it by one reference instead of copying its arrays.
public final class ScopeAnalysis: Sendable {
    /// Scopes; index 0 is the program scope. A scope's parent always has a smaller index.
    public let scopes: ScopeTable
    /// Every declared name, in declaration order; scopes refer to them by index.
    public let declarations: DeclarationTable
    /// References in source order.
    public let references: [IdentifierReference]
    /// The file's imports, exports and `require` calls.
    public let module: ModuleSyntax
    /// Indexes of the `true`/`false` tokens parsed as expressions (boolean values, not property names), ascending.
    public let booleanLiterals: [Int32]
    /// The `const` declarations whose bindings are never written (no assignment, update or `for`-`in`/`of`
    /// target names them) outside scopes reached by `eval`/`with`, by keyword token (ascending): they may be
    /// declared with `let` instead.
    public let unwrittenConsts: [UnwrittenConst]

    /// Per declaration: whether a reference writes it (an assignment, update or `for`-`in`/`of` target names
    /// it; any name inside a destructuring target counts, which is conservative).
    public let writtenDeclarations: [Bool]

    /// A `const` declaration whose bindings are never written.
    public struct UnwrittenConst: Sendable, Equatable {
        /// Index of the `const` token.
        public let keyword: Int32
        /// The scope the declaration belongs to.
        public let scope: Int32
    }

    /// Indexes of the `this` tokens outside every function (arrow functions keep the `this` around them) and
    /// class body, ascending: those a hoisted ES module reads as `undefined`.
    public let topLevelThis: [Int32]
    /// Indexes of the `}` tokens that end a statement (a block, a `try`, `catch`, `finally` or `switch` body, a
    /// function or class declaration) or a class member (a method body, a static block), ascending. What follows
    /// one starts a statement or member (or goes on with `else`, `catch`, `finally`, `while`), never an expression
    /// it could continue: no line break is needed after it.
    public let statementBraces: [Int32]
    /// The first use of each `SyntaxFeature` (syntax that not every `ScriptTarget` supports), in token order, as
    /// the parser recorded it while building the syntax tree (`SyntaxTargetCheck` reads it).
    public let syntaxFeatures: SyntaxFeatureUses
    /// The tokens that were parsed (no comments).
    public let tokens: [JavaScriptToken]
    /// Each distinct name of the file (escapes decoded), indexed by the parser's name ID.
    @usableFromInline package let internedNames: [String]
    /// The name ID of `arguments` (its spelling decoded), -1 when the file never uses the name.
    package let argumentsNameID: Int32
    /// The top-level declarations whose evaluation may have no side effect (what tree shaking may drop), in
    /// source order, found while the syntax tree was alive; `nil` when the parse was not asked for them (only
    /// tree shaking reads them: `JavaScriptParser.analyze(_:tokenization:findingTopLevelDeclarations:)`).
    package let topLevelDeclarations: [SyntaxTopLevelDeclaration]?

    /// Each property given by its owner (the tree's initializer builds them in locals and hands them over: a
    /// `Parts` value of them all was copied and destroyed, a retain and a release of each array, step 5n).
    package init(
        scopes: ScopeTable, declarations: DeclarationTable, references: [IdentifierReference], module: ModuleSyntax,
        booleanLiterals: [Int32], unwrittenConsts: [UnwrittenConst], writtenDeclarations: [Bool], topLevelThis: [Int32],
        statementBraces: [Int32], syntaxFeatures: SyntaxFeatureUses, tokens: [JavaScriptToken], internedNames: [String],
        argumentsNameID: Int32, topLevelDeclarations: [SyntaxTopLevelDeclaration]?
    ) {
        self.scopes = scopes
        self.declarations = declarations
        self.references = references
        self.module = module
        self.booleanLiterals = booleanLiterals
        self.unwrittenConsts = unwrittenConsts
        self.writtenDeclarations = writtenDeclarations
        self.topLevelThis = topLevelThis
        self.statementBraces = statementBraces
        self.syntaxFeatures = syntaxFeatures
        self.tokens = tokens
        self.internedNames = internedNames
        self.argumentsNameID = argumentsNameID
        self.topLevelDeclarations = topLevelDeclarations
    }

    /// Whether scope `index` is in no function (arrow functions do not count: they keep the `this` and `arguments`
    /// around them) and in no class body.
    package func isOutsideFunctionsAndClassBodies(_ index: Int) -> Bool {
        let records = scopes.records
        var scope = index
        while scope >= 0, scope < records.count {
            switch records[scope].kind {
            case .function, .classBody: return false
            case .program: return true
            default: scope = Int(records[scope].parent)
            }
        }
        return true
    }

    /// Names referenced but not declared anywhere in the file (globals), sorted.
    public var freeNames: [String] {
        var names = Set<String>()
        for reference in references where reference.declaration == nil {
            names.insert(name(of: reference))
        }
        return names.sorted()
    }

    /// Name of each referenced token (decoded), keyed by token index. Built on each use: prefer
    /// `name(of:)` and `referencedNames`.
    public var referenceNames: [Int: String] {
        var names: [Int: String] = [:]
        names.reserveCapacity(references.count)
        for reference in references { names[reference.token] = name(of: reference) }
        return names
    }

    /// The distinct names that references use, each once (in no particular order).
    public var referencedNames: [String] {
        var seen = [Bool](repeating: false, count: internedNames.count)
        var names: [String] = []
        for reference in references {
            let id = nameID(of: reference)
            guard id >= 0, !seen[id] else { continue }
            seen[id] = true
            names.append(internedNames[id])
        }
        return names
    }

    /// Indexes of the references that resolve to declaration `declaration`, in source order.
    public func references(to declaration: Int) -> [Int] {
        references.indices.filter { references[$0].declaration == declaration }
    }

    /// The name a reference uses.
    public func name(of reference: IdentifierReference) -> String {
        let id = nameID(of: reference)
        return id >= 0 ? internedNames[id] : ""
    }

    /// The name ID of a reference (-1 when it has none).
    @inlinable @inline(__always)
    package func nameID(of reference: IdentifierReference) -> Int {
        let id = Int(reference.nameID)
        return id < internedNames.count ? id : -1
    }
}
