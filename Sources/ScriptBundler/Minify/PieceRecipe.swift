/// What a prepared piece is recorded from, in order: generated text and the module's body with the linker's edits.
/// Recording is a function of the recipe and the module's parse alone, so a module that another bundle of the build
/// records with an equal recipe takes that recording (`MinifierPassMemo.recording(for:_:)`): its token arrays are
/// then the same storage, which the minifier's memo keys compare at once.
struct PieceRecipe: Equatable {
    enum Step: Equatable {
        /// Generated text.
        case text([UInt8])
        /// The module's body with `edits` applied, recorded as `ModuleBundleAssembler.appendBody` writes it.
        case body([TokenEdit])
    }

    var steps: [Step] = []

    mutating func appendText(_ text: String) { steps.append(.text(Array(text.utf8))) }
    mutating func appendText(bytes: [UInt8]) { steps.append(.text(bytes)) }
    mutating func appendBody(edits: [TokenEdit]) { steps.append(.body(edits)) }

    /// The recording of `record` by this recipe.
    func record(_ record: ModuleRecord) -> PieceRecorder {
        var recorder = PieceRecorder(sourceByteCount: record.bytes.count)
        for step in steps {
            switch step {
            case .text(let bytes): recorder.appendUnmapped(bytes: bytes)
            case .body(let edits):
                guard record.hasBody else { continue }
                recorder.appendSource(record.bytes, tokens: record.tokens, edits: edits)
                recorder.endLine()
            }
        }
        return recorder
    }
}
