/// A part of a bundle to minify on its own (`BundleAssembler.finishPieces`).
package enum UnminifiedPiece {
    /// Generated code with its intermediate map, which the tree minifier tokenizes, parses and minifies.
    case tree(TreePiece)
    /// A wrapped module's definition the tree minifier minifies from the module's tree (`TreeModulePiece`), or
    /// from its text where the tree cannot express it.
    case treeModule(TreeModulePiece)
    /// A scope-hoisted module the tree minifier minifies from the module's tree (`TreeHoistedPiece`), or from its
    /// text where the tree cannot express its edits.
    case treeHoisted(TreeHoistedPiece)
    /// Text written as it is (already minimal, unmapped).
    case verbatim(String)
}
