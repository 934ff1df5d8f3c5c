/// A generated part of a bundle whose tokens were recorded as it was put together (`PieceRecorder`): one parsed
/// source (with the linker's edits) inside a generated wrapper. The minifier renames from the source's own
/// scope analysis instead of tokenizing and parsing the piece again, and reads the tokens' text from the source
/// and from `generated` (offsets from `source.count` on).
struct PreparedPiece {
    /// The generated text (wrapper, edits) whose tokens `tokens` places after the source.
    let generated: [UInt8]
    /// The map's sources: the copied source, if mapped.
    let sources: [SourceMapBuilder.Source]
    /// Whether the piece is mapped (its tokens map through `tokens.origins` to `sourceTokens`).
    let mapping: Bool
    /// Recorded completely (`isComplete`).
    let tokens: PieceTokens
    /// The parse of the copied source; `nil` when it holds no bindings (JSON, an empty module).
    let analysis: ScopeAnalysis?
    /// The copied source's tokens (`analysis` and `tokens` point into them) and bytes.
    let sourceTokens: [JavaScriptToken]
    let source: [UInt8]
    /// Names the wrapper declares (its parameters and variables).
    let bindings: [String]
    /// Whether the wrapper is strict code (`"use strict"`), whatever the source's own parse assumed.
    let isStrict: Bool
    /// A scope-hoisted module (no wrapper): the shared-scope name of each top-level declaration of the source.
    var hoistedNames: [Int: String]? = nil
    /// The passes' results for pieces of the same source (its parse shared by the build's bundles), if kept.
    var passMemo: MinifierPassMemo? = nil
    /// Where `generated` holds the module's ID, the first argument of the wrapper's definition call
    /// (`define(4, function (module, exports) {`): a wrapped module has another ID in each bundle holding it.
    var moduleIDSlot: Range<Int>? = nil

    /// Where `generated` holds the ID of module `id`, when it starts with the definition call `define(id,`.
    static func moduleIDSlot(in generated: [UInt8], define: String, id: Int) -> Range<Int>? {
        let head = Array((define + "(").utf8), digits = Array(String(id).utf8)
        guard generated.starts(with: head + digits + [0x2C]) else { return nil }
        return head.count..<(head.count + digits.count)
    }

    /// The module ID's digits, if the piece has one (`moduleIDSlot`).
    var moduleIDDigits: [UInt8]? {
        guard let slot = moduleIDSlot, slot.upperBound <= generated.count else { return nil }
        return Array(generated[slot])
    }

    /// `generated` with the module ID's digits written as zeros: equal for pieces that differ in their ID only
    /// (when its digit counts are equal; token offsets stay the same then).
    var generatedWithoutModuleID: [UInt8] {
        guard let slot = moduleIDSlot, slot.upperBound <= generated.count else { return generated }
        var text = generated
        for index in slot { text[index] = 0x30 }
        return text
    }
}

/// A part of a bundle to minify on its own: plain generated code (tokenized and parsed by the minifier) or a
/// prepared piece.
enum UnminifiedPiece {
    case code([UInt8], map: SourceMapBuilder?)
    /// Generated code the tree minifier minifies (`BundleConfiguration.usesTreeMinifier`).
    case tree(TreePiece)
    /// A wrapped module's definition the tree minifier minifies from the module's tree (`TreeModulePiece`), or
    /// from its text where the tree cannot express it.
    case treeModule(TreeModulePiece)
    /// A scope-hoisted module the tree minifier minifies from the module's tree (`TreeHoistedPiece`), or from its
    /// text where the tree cannot express its edits.
    case treeHoisted(TreeHoistedPiece)
    case prepared(PreparedPiece)
    /// Text written as it is (already minimal, unmapped).
    case verbatim(String)
}

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
