import Foundation

/// How many bytes of kept parses (`KeptModuleParse`) one build's files may hold at once. Every file of a build is
/// parsed before its first bundle is minified, so each tree kept raises the build's peak memory until its piece takes
/// it: past the budget, a file's parse is not kept and its piece parses the file again, as before step 4f.
final class KeptParseBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int

    /// A budget of `bytes`.
    init(bytes: Int) {
        left = bytes
    }

    /// Whether the budget has `bytes` left (another thread may take them before this one does).
    func hasRoom(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return bytes <= left
    }

    /// Takes `bytes` from the budget if it has them; whether it did.
    func take(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard bytes <= left else { return false }
        left -= bytes
        return true
    }

    /// Gives `bytes` taken back (the kept parse was taken by its piece, or let go).
    func giveBack(_ bytes: Int) {
        lock.lock()
        left += bytes
        lock.unlock()
    }
}
