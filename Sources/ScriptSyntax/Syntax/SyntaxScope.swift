/// A scope of a `SyntaxTree` (the same kinds as `ScopeAnalysis`'s).
public struct SyntaxScope: Sendable, Equatable {
    /// What opened the scope (program, function, block, ...).
    public let kind: Scope.Kind
    /// The enclosing scope's index, -1 for the program scope.
    public let parent: Int32
    /// The node that opened the scope (program, function, block, catch clause, class, for statement, ...).
    public let node: Int32
    /// Whether names here may be reached dynamically (a direct `eval(...)` or `with` inside): do not rename.
    public package(set) var isUnsafe = false

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(kind: Scope.Kind, parent: Int32, node: Int32, isUnsafe: Bool = false) {
        self.kind = kind
        self.parent = parent
        self.node = node
        self.isUnsafe = isUnsafe
    }

    /// Whether `var` declarations inside belong to this scope.
    public var isVarScope: Bool { kind == .program || kind == .function || kind == .arrowFunction }
}

/// A declared name: one symbol per (scope, name), however often it is declared (`var a; var a;`).
public struct SyntaxSymbol: Sendable, Equatable {
    /// Interned name ID (`SyntaxTree.names`).
    public let name: Int32
    /// How it was (first) declared (`var`, `let`, function, class, parameter, ...).
    public let kind: Declaration.Kind
    /// The scope it belongs to (after hoisting).
    public let scope: Int32
    /// The first `bindingIdentifier` node declaring it.
    public let node: Int32
    /// Whether some reference assigns or updates it.
    public package(set) var isWritten = false

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(name: Int32, kind: Declaration.Kind, scope: Int32, node: Int32, isWritten: Bool = false) {
        self.name = name
        self.kind = kind
        self.scope = scope
        self.node = node
        self.isWritten = isWritten
    }
}

/// A use of a name: an `identifier` node, resolved to a symbol or free (a global).
public struct SyntaxReference: Sendable, Equatable {
    /// The `identifier` node.
    public let node: Int32
    /// The scope it occurs in.
    public let scope: Int32
    /// The symbol it resolves to, -1 when free.
    public package(set) var symbol: Int32 = -1
    /// Assigned, updated, or a `for`-`in`/`of` target.
    public package(set) var isWritten = false

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(node: Int32, scope: Int32, symbol: Int32 = -1, isWritten: Bool = false) {
        self.node = node
        self.scope = scope
        self.symbol = symbol
        self.isWritten = isWritten
    }
}

/// A comment the printer must keep: a legal comment (`/*!`, `//!`, `@license`, `@preserve`) or the hashbang line. Annotations
/// (`/*#__PURE__*/`) are not listed: they become the `pure` flag of their call or `new` node.
public struct SyntaxComment: Sendable, Equatable {
    /// The comment's source range (delimiters included).
    public let range: SourceRange
    /// The statement it stands before (printed before that statement), -1 when it is after the last one.
    public package(set) var statement: Int32
}
