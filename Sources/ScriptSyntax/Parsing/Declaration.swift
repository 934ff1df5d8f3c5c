/// A name declared in a scope.
///
/// `ScopeAnalysis.declarations` stores no `String` per declaration (its `Record`s hold the name's ID): a
/// `Declaration` is made, with its name, when a declaration is read from there (step 5n).
public struct Declaration: Sendable, Equatable {
    /// How the name was declared (decides hoisting and scope).
    public enum Kind: UInt8, Sendable {
        /// `var name`: function-scoped and hoisted.
        case `var`
        /// `let name`: block-scoped.
        case `let`
        /// `const name`: block-scoped, never reassigned.
        case `const`
        /// `function name() {}`: hoisted with its value.
        case function
        /// `class Name {}`: block-scoped.
        case `class`
        /// A function's parameter.
        case parameter
        /// The parameter of a `catch (name)` clause.
        case catchParameter
        /// A binding created by an `import` declaration.
        case `import`
        /// The name of a named function or class expression, visible inside it only.
        case expressionName
    }

    /// What the analysis stores of a declaration: no reference-counted field, so making, copying and freeing the
    /// table of them retains and releases nothing per declaration (step 5n: the `String` name each held was a
    /// retain when the analysis was built and a release when it was freed, 268,000 each on the large tree).
    package struct Record: Sendable, Equatable {
        /// The parser's ID of the name (its index in the analysis's interned names).
        package let nameID: Int32
        let scope32: Int32
        let token32: Int32
        package let kind: Kind
        package let isShorthandPattern: Bool

        /// Index of the scope it belongs to.
        package var scope: Int { Int(scope32) }
        /// Index of the binding identifier's token.
        package var token: Int { Int(token32) }
    }

    /// The name, with escapes decoded.
    public let name: String
    private let record: Record

    package init(_ record: Record, name: String) {
        self.record = record
        self.name = name
    }

    /// How the name was declared.
    public var kind: Kind { record.kind }
    /// Whether the binding is written as a shorthand pattern property (`{a}` or `{a = 1}` in a pattern), so
    /// renaming it must expand to `{a: renamed}`.
    public var isShorthandPattern: Bool { record.isShorthandPattern }
    /// The parser's ID of the name (its index in the analysis's interned names): declarations with the same name
    /// have the same ID, so passes can count or look up names by ID instead of hashing strings (issue 41 step 4v).
    package var nameID: Int32 { record.nameID }
    /// Index of the scope it belongs to.
    public var scope: Int { Int(record.scope32) }
    /// Index of the binding identifier's token.
    public var token: Int { Int(record.token32) }
}

/// The declarations of a `ScopeAnalysis`, in declaration order: a collection of `Declaration`s, each made with its
/// name when it is read (the table itself holds `Declaration.Record`s and the file's interned names once).
public struct DeclarationTable: RandomAccessCollection, Sendable, Equatable, CustomStringConvertible {
    package let records: [Declaration.Record]
    package let names: [String]

    package init(records: [Declaration.Record], names: [String]) {
        self.records = records
        self.names = names
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }
    public var count: Int { records.count }

    @inline(__always)
    public subscript(position: Int) -> Declaration {
        let record = records[position]
        let id = Int(record.nameID)
        return Declaration(record, name: id >= 0 && id < names.count ? names[id] : "")
    }

    /// The name of declaration `index`.
    package func name(of index: Int) -> String {
        let id = Int(records[index].nameID)
        return id >= 0 && id < names.count ? names[id] : ""
    }

    public var description: String { Array(self).description }
}
