/// The result of parsing one source: its scope tree, every declaration, every resolved reference and
/// its module syntax. Everything points at tokens of the tokenization that was parsed.
///
/// Renaming a declaration `d` means rewriting its binding token (`declarations[d].token`) and the token of
/// every reference whose `declaration == d` (`references(to:)`); a shorthand (`isShorthandPattern`,
/// `isShorthandProperty`) must be expanded to `name: renamed`. Declarations in an `isUnsafe` scope (reached by
/// direct `eval` or `with`) must keep their names, and free names (globals) must never be renamed.
public struct ScopeAnalysis: Sendable {
    /// Scopes; index 0 is the program scope. A scope's parent always has a smaller index.
    public internal(set) var scopes: [Scope] = []
    public internal(set) var declarations: [Declaration] = []
    /// References in source order.
    public internal(set) var references: [IdentifierReference] = []
    public internal(set) var module = ModuleSyntax()
    /// The tokens that were parsed (no comments).
    public let tokens: [JavaScriptToken]

    init(tokens: [JavaScriptToken]) {
        self.tokens = tokens
    }

    /// Names referenced but not declared anywhere in the file (globals), sorted.
    public var freeNames: [String] {
        var names = Set<String>()
        for reference in references where reference.declaration == nil {
            names.insert(referenceNames[reference.token] ?? "")
        }
        return names.sorted()
    }

    /// Name of each referenced token (decoded), keyed by token index.
    public internal(set) var referenceNames: [Int: String] = [:]

    /// Indexes of the references that resolve to declaration `declaration`, in source order.
    public func references(to declaration: Int) -> [Int] {
        references.indices.filter { references[$0].declaration == declaration }
    }

    /// The name a reference uses.
    public func name(of reference: IdentifierReference) -> String {
        referenceNames[reference.token] ?? ""
    }
}
