/// A file of a script bundle minified without its function wrapper, with what decides how the composer may wrap
/// it (see `MinifiedBundleComposer.composeFiles`).
///
/// In production each file still runs in a function scope of its own, but the scope is written as an arrow
/// function (`(()=>{...})();`) when nothing in the file can tell the difference, and neighbouring files that
/// declare nothing in that scope share one function.
package struct MinifiedFileBody: Sendable {
    /// How the body is wrapped.
    package enum Wrapping: Sendable, Equatable {
        /// `piece` holds the whole wrapped file (its wrapper included): kept as it is.
        case complete
        /// Sloppy-mode code: the wrapper holds no directive.
        case sloppy
        /// Strict-mode code whose leading `"use strict"` directive was taken out of `piece`: the wrapper opens
        /// with one.
        case strict
    }

    /// The minified body (or whole file, for `.complete`), mapped from its first line.
    package var piece: MinifiedPiece
    var wrapping: Wrapping
    /// The file's function scope holds no declaration, no `return` and no dynamic scope (direct `eval`, `with`):
    /// its code behaves the same in a function shared with neighbours of the same strictness.
    var canShareScope: Bool
    /// The file's function scope uses neither `arguments` nor `new.target`: an arrow function (whose `this` is
    /// the same as `.call(this)` gives) can stand for it.
    var allowsArrowFunction: Bool

    /// The whole wrapped file, written as it is.
    package static func complete(_ piece: MinifiedPiece) -> MinifiedFileBody {
        MinifiedFileBody(piece: piece, wrapping: .complete, canShareScope: false, allowsArrowFunction: false)
    }
}
