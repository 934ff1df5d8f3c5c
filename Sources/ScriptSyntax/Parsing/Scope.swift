/// A lexical scope of a parsed source: the program, a function, a block, a class body, ...
///
/// `ScopeAnalysis.scopes` stores `Scope.Record`s (no reference-counted field) and makes a `Scope`, with its slice
/// of the declarations table, when one is read (step 5n).
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

    /// What the analysis stores of a scope: its declarations as a range of the table all scopes share, so that the
    /// scopes hold no reference (step 5n: each scope's slice was a retain when the analysis was built and a release
    /// when it was freed, 182,000 on the large tree).
    @usableFromInline package struct Record: Sendable, Equatable {
        package let kind: Kind
        package let flags: UInt8
        /// The enclosing scope's index, -1 for the program scope.
        package let parent: Int32
        let firstToken: Int32
        let declarationStart: Int32
        let declarationEnd: Int32

        static let unsafeFlag: UInt8 = 1
        static let containsReturnFlag: UInt8 = 2
        static let containsNewTargetFlag: UInt8 = 4

        package var isUnsafe: Bool { flags & Self.unsafeFlag != 0 }
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
    public package(set) var declarations: ArraySlice<Int> = []
    /// Whether names here may be reached dynamically: the scope contains (directly or in a nested scope) a
    /// direct `eval(...)` or a `with` statement. Declarations here must not be renamed.
    public package(set) var isUnsafe = false
    /// For a function or arrow function: whether a `return` statement of its own (not of a nested function)
    /// occurs in its body.
    public package(set) var containsReturn = false
    /// For a function: whether `new.target` of its own (not of a nested function; arrows have none) occurs in it.
    public package(set) var containsNewTarget = false

    /// Whether `var` declarations inside belong to this scope.
    public var isVarScope: Bool { kind == .program || kind == .function || kind == .arrowFunction }
}

/// The scopes of a `ScopeAnalysis` (index 0 is the program scope; a scope's parent always has a smaller index): a
/// collection of `Scope`s, each made when it is read from its `Scope.Record` and the declarations table.
public struct ScopeTable: RandomAccessCollection, Sendable, Equatable, CustomStringConvertible {
    @usableFromInline package let records: [Scope.Record]
    /// Each scope's declarations, bucketed by scope: scope `s`'s are `declarationTable[start..<end]` of its record.
    let declarationTable: [Int]

    package init(records: [Scope.Record], declarationTable: [Int]) {
        self.records = records
        self.declarationTable = declarationTable
    }

    public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { records.count }
    @inlinable public var count: Int { records.count }

    @inline(__always)
    public subscript(position: Int) -> Scope {
        let record = records[position]
        let start = Int(record.declarationStart), end = Int(record.declarationEnd)
        return Scope(
            kind: record.kind, parent: record.parent >= 0 ? Int(record.parent) : nil, firstToken: Int(record.firstToken),
            declarations: start < end ? declarationTable[start..<end] : [], isUnsafe: record.isUnsafe,
            containsReturn: record.flags & Scope.Record.containsReturnFlag != 0,
            containsNewTarget: record.flags & Scope.Record.containsNewTargetFlag != 0)
    }

    public var description: String { Array(self).description }
}
