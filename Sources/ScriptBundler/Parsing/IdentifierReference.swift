/// A use of a name in an expression, resolved to its declaration or free (global).
public struct IdentifierReference: Sendable, Equatable {
    /// Index of the identifier's token.
    public let token: Int
    /// The scope the reference occurs in.
    public let scope: Int
    /// The declaration it resolves to; `nil` when the name is free (a global or undeclared).
    public internal(set) var declaration: Int?
    /// Written as a shorthand property of an object literal (`{a}`): a rename must expand to `{a: b}`.
    public let isShorthandProperty: Bool
    /// Directly called or tagged (`a(...)`, ``a`...` ``): replacing it with a member access changes `this`.
    public let isCallee: Bool
}
