/// A use of a name in an expression, resolved to its declaration or free (global).
public struct IdentifierReference: Sendable, Equatable {
    // Stored in 32-bit fields (20 bytes a reference instead of 40): a parse keeps one per name used.
    private let token32: Int32
    private let scope32: Int32
    private var declaration32: Int32
    /// The parse's ID of the name used (`ScopeAnalysis.name(of:)`), -1 for none. Kept here rather than in an array
    /// by token, which was filled with -1 for every token of the file (step 4r).
    @usableFromInline package let nameID: Int32
    private let flags: UInt8

    package init(token: Int, scope: Int, declaration: Int?, isShorthandProperty: Bool, isCallee: Bool, nameID: Int32 = -1) {
        token32 = Int32(truncatingIfNeeded: token)
        self.nameID = nameID
        scope32 = Int32(truncatingIfNeeded: scope)
        declaration32 = declaration.map { Int32(truncatingIfNeeded: $0) } ?? -1
        flags = (isShorthandProperty ? 1 : 0) | (isCallee ? 2 : 0)
    }

    /// Index of the identifier's token.
    public var token: Int { Int(token32) }
    /// The scope the reference occurs in.
    public var scope: Int { Int(scope32) }
    /// The declaration it resolves to; `nil` when the name is free (a global or undeclared).
    public package(set) var declaration: Int? {
        get { declaration32 >= 0 ? Int(declaration32) : nil }
        set { declaration32 = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
    /// Written as a shorthand property of an object literal (`{a}`): a rename must expand to `{a: b}`.
    public var isShorthandProperty: Bool { flags & 1 != 0 }
    /// Directly called or tagged (`a(...)`, or `a` before a template literal): replacing it with a member access
    /// changes `this`.
    public var isCallee: Bool { flags & 2 != 0 }
}
