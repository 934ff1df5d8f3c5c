/// A part of a bundle written as text with its intermediate map, which the tree minifier minifies
/// (`TreeMinifier.minify(_:)`).
struct TreePiece {
    var code: [UInt8]
    /// The intermediate map of `code` (`nil`: unmapped).
    var map: SourceMapBuilder?
    /// The original name of each name that edits wrote into the code (a scope-hoisted module's top-level names),
    /// for the map's names.
    var originalNames: [String: String] = [:]
    /// What the piece holds (for measuring the pieces' cost by kind: `TreeMinifier.minify(_:)` minifies each kind
    /// in a function of its own).
    var kind: TreePieceKind = .other
}

/// The kinds of a module bundle's pieces.
enum TreePieceKind: Sendable {
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
