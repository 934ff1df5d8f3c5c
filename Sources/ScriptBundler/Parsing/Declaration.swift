/// A name declared in a scope.
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

    /// The name, with escapes decoded.
    public let name: String
    // Scope and token in 32-bit fields (32 bytes a declaration instead of 48).
    private let scope32: Int32
    private let token32: Int32
    /// How the name was declared.
    public let kind: Kind
    /// Whether the binding is written as a shorthand pattern property (`{a}` or `{a = 1}` in a pattern), so
    /// renaming it must expand to `{a: renamed}`.
    public let isShorthandPattern: Bool
    /// The parser's ID of the name (its index in the analysis's interned names): declarations with the same name
    /// have the same ID, so passes can count or look up names by ID instead of hashing strings (issue 41 step 4v;
    /// it fits in the 32 bytes a declaration took already).
    let nameID: Int32

    init(name: String, nameID: Int32, kind: Kind, scope: Int, token: Int, isShorthandPattern: Bool) {
        self.name = name
        self.nameID = nameID
        self.kind = kind
        scope32 = Int32(truncatingIfNeeded: scope)
        token32 = Int32(truncatingIfNeeded: token)
        self.isShorthandPattern = isShorthandPattern
    }

    /// Index of the scope it belongs to.
    public var scope: Int { Int(scope32) }
    /// Index of the binding identifier's token.
    public var token: Int { Int(token32) }
}
