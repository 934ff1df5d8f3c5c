import Foundation

/// How many bytes of kept parses (`KeptModuleParse`) one build's files may hold at once. Every file of a build is
/// parsed before its first bundle is minified, so each tree kept raises the build's peak memory until its piece takes
/// it: past the budget, a file's parse is not kept and its piece parses the file again, as before step 4f.
///
/// It also says whether a module graph of the build may still count itself as a user of a kept parse
/// (`ModuleFileFacts.addParseUser()`): until every graph has (`ParsedFileUses` says so), a piece taking a kept parse
/// gets a copy, so a graph built later finds the parse still kept (issue 41 step 4g).
final class KeptParseBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    private var awaitsGraphs = false

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

    /// Notes that module graphs of the build are still to be built (a one-shot build of several groups): every
    /// kept parse stays, and its takers get copies, until `graphsAreBuilt()`.
    func awaitGraphs() {
        lock.lock()
        awaitsGraphs = true
        lock.unlock()
    }

    /// Notes that every module graph of the build is built, so each kept parse's users are all counted.
    func graphsAreBuilt() {
        lock.lock()
        awaitsGraphs = false
        lock.unlock()
    }

    /// Whether a module graph may still count itself as a user of a kept parse (`awaitGraphs()`).
    var isAwaitingGraphs: Bool {
        lock.lock()
        defer { lock.unlock() }
        return awaitsGraphs
    }
}
