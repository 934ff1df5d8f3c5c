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
}

/// A part of a bundle to minify on its own: plain generated code (tokenized and parsed by the minifier) or a
/// prepared piece.
enum UnminifiedPiece {
    case code([UInt8], map: SourceMapBuilder?)
    case prepared(PreparedPiece)
    /// Text written as it is (already minimal, unmapped).
    case verbatim(String)
}
