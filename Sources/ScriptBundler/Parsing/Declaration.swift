/// A name declared in a scope.
public struct Declaration: Sendable, Equatable {
    /// How the name was declared (decides hoisting and scope).
    public enum Kind: UInt8, Sendable {
        case `var`
        case `let`
        case `const`
        case function
        case `class`
        case parameter
        case catchParameter
        /// A binding created by an `import` declaration.
        case `import`
        /// The name of a named function or class expression, visible inside it only.
        case expressionName
    }

    /// The name, with escapes decoded.
    public let name: String
    public let kind: Kind
    /// Index of the scope it belongs to.
    public let scope: Int
    /// Index of the binding identifier's token.
    public let token: Int
    /// Whether the binding is written as a shorthand pattern property (`{a}` or `{a = 1}` in a pattern), so
    /// renaming it must expand to `{a: renamed}`.
    public let isShorthandPattern: Bool
}
