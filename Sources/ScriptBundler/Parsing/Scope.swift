/// A lexical scope of a parsed source: the program, a function, a block, a class body, ...
public struct Scope: Sendable, Equatable {
    /// What introduced the scope.
    public enum Kind: UInt8, Sendable {
        /// The top level of the file (script or module).
        case program
        /// A function or method: holds its parameters, `var`s and body declarations.
        case function
        /// An arrow function: like `function`, without its own `this`/`arguments`.
        case arrowFunction
        /// The scope holding the name of a named function or class expression.
        case expressionName
        /// A `{}` block, a `for` head, a `switch` body.
        case block
        /// A `catch (param)` clause.
        case catchClause
        /// A class body (fields, static blocks, computed keys).
        case classBody
    }

    /// What kind of construct opens the scope.
    public let kind: Kind
    /// The enclosing scope's index, `nil` for the program scope.
    public let parent: Int?
    /// Index of the first token inside the scope.
    public let firstToken: Int
    /// Indexes (into `ScopeAnalysis.declarations`) of the names declared here, in declaration order: a slice of one
    /// table the analysis holds for all its scopes (its indices are the table's, not from 0), so that a scope's list
    /// is no allocation of its own (issue 41 step 4v).
    public internal(set) var declarations: ArraySlice<Int> = []
    /// Whether names here may be reached dynamically: the scope contains (directly or in a nested scope) a
    /// direct `eval(...)` or a `with` statement. Declarations here must not be renamed.
    public internal(set) var isUnsafe = false
    /// For a function or arrow function: whether a `return` statement of its own (not of a nested function)
    /// occurs in its body.
    public internal(set) var containsReturn = false
    /// For a function: whether `new.target` of its own (not of a nested function; arrows have none) occurs in it.
    public internal(set) var containsNewTarget = false

    /// Whether `var` declarations inside belong to this scope.
    public var isVarScope: Bool { kind == .program || kind == .function || kind == .arrowFunction }
}
