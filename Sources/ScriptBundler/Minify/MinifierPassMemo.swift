import Foundation

/// The edited token streams the minifier's passes made from the prepared pieces of one parsed source file, kept
/// for the other bundles of the build: a module several bundles hold is often written into each with the same
/// generated text (no edits, or the same ones), and its passes then give the same stream again.
///
/// A stream is reused only for a piece equal in everything the passes and `TokenEdits.apply` read besides the
/// source file itself (its bytes and scope analysis, the same for every piece of one memo): the generated text,
/// the piece's tokens, where each source token was written, the generated names, the renamer's choices and
/// whether the piece is scope-hoisted. Holds the last `capacity`
/// streams (a watcher keeps a file's memo between builds).
final class MinifierPassMemo: @unchecked Sendable {
    /// Everything of a piece the passes read besides its source file.
    struct Key: Equatable {
        let generated: [UInt8]
        let tokens: [JavaScriptToken]
        /// Per token: its index in the source's tokens, or -1 (see `PieceTokens.sourceTokens`).
        let sourceTokens: [Int32]
        let generatedNames: [Int]
        /// Where the renamer wrote each source token (the bindings and the `const` keywords written as `let`
        /// follow from it), which tokens it renames (`UnusedExpressionNames` reads that) and whether the piece
        /// shares the bundle's top level (scope-hoisted): these differ between bundles holding the same module.
        let written: [Int32]
        let renamed: [Bool]
        let sharedTopLevel: Bool
    }

    /// What the passes made of a piece.
    enum Outcome {
        /// No edits: the piece is written as recorded.
        case unedited
        case edited(EditedTokens)
    }

    static let capacity = 8

    private let lock = NSLock()
    private var entries: [(key: Key, outcome: Outcome)] = []

    init() {}

    /// The outcome stored for `key`, if any.
    func outcome(for key: Key) -> Outcome? {
        lock.lock()
        defer { lock.unlock() }
        return entries.first { $0.key == key }?.outcome
    }

    /// Stores `outcome` for `key` (once: a piece minified by two bundles at the same time gives the same one),
    /// forgetting the oldest entry past `capacity`.
    func store(_ outcome: Outcome, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        guard !entries.contains(where: { $0.key == key }) else { return }
        entries.append((key, outcome))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// The number of outcomes held.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
