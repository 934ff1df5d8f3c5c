import ScriptSyntax

/// A part of a bundle written as text with its intermediate map, which the tree minifier minifies
/// (`TreeMinifier.minify(_:)`).
package struct TreePiece {
    package var code: [UInt8]
    /// The intermediate map of `code` (`nil`: unmapped).
    package var map: SourceMapBuilder?
    /// The original name of each name that edits wrote into the code (a scope-hoisted module's top-level names),
    /// for the map's names.
    package var originalNames: [String: String] = [:]
    /// What the piece holds (for measuring the pieces' cost by kind: `TreeMinifier.minify(_:)` minifies each kind
    /// in a function of its own).
    package var kind: TreePieceKind = .other

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(code: [UInt8], map: SourceMapBuilder? = nil, originalNames: [String: String] = [:], kind: TreePieceKind = .other) {
        self.code = code
        self.map = map
        self.originalNames = originalNames
        self.kind = kind
    }
}

/// The kinds of a module bundle's pieces.
package enum TreePieceKind: Sendable {
    /// The module runtime, the lowering helpers' declarations, the namespace maker, entry calls and other code the
    /// assembler writes between modules.
    case other
    /// A wrapped module's definition (`d(7,(e,t)=>{…});`).
    case wrappedModule
    /// A scope-hoisted module's code.
    case hoistedModule
    /// A plain script entry written inline.
    case inlineEntry
}
