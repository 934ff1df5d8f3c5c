import Foundation

/// The order in which bundles minify their pieces: bundles alternate between first-to-last and last-to-first.
///
/// Bundles built at the same time often hold the same modules in the same order (firefox-ios's autofill-based
/// bundles), and the minifier makes a shared module's piece once (`PieceTemplateMemo`): a bundle that reaches a piece
/// another bundle is making waits for it. Walking the same list in the same direction, the later bundle catches up
/// and then waits at every piece; walking it from opposite ends, the two meet once and then find the rest made.
/// The order changes no output (a piece's result is the same whichever bundle makes it).
final class PieceOrder: @unchecked Sendable {
    /// The order of the build's bundles.
    static let shared = PieceOrder()

    private let lock = NSLock()
    private var bundles = 0

    /// `nil` (first to last) for every other bundle asking, starting with the first; the indices last to first
    /// for the others.
    func next(count: Int) -> [Int]? {
        lock.lock()
        let reversed = bundles % 2 == 1
        bundles &+= 1
        lock.unlock()
        return reversed && count > 1 ? Array((0..<count).reversed()) : nil
    }
}
