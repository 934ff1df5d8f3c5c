import Foundation

/// How many bytes of kept parses (`KeptModuleParse`) one build's files may hold at once. A group's files are parsed
/// before its bundle is minified (and later groups' graphs are built meanwhile), so each tree kept raises the build's
/// peak memory until its piece takes it: past the budget, a file's parse is not kept and its piece parses the file
/// again, as before step 4f.
///
/// A build whose kept parses hold more than `pressure` bytes at once is treated as one whose parses do not all fit
/// (`hasBeenShort`), though the budget still has room: from then on its groups are minified while later graphs are
/// built, and the room left above `pressure` holds the parses of the graphs built meanwhile (issue 41 step 5g).
///
/// It also says whether a module graph of the build may still count itself as a user of a kept parse
/// (`ModuleFileFacts.addParseUser()`): until every graph has (`ParsedFileUses` says so), a piece taking a kept parse
/// gets a copy, so a graph built later finds the parse still kept (issue 41 step 4g), unless the budget has been
/// short (`keepsTakenParses`, step 4m).
package final class KeptParseBudget: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let pressure: Int
    private var left: Int
    private var awaitsGraphs = false
    /// Whether a file's parse that would fit in the whole budget found too little left (`hasRoom`, `take`), or the
    /// parses taken have held more than `pressure` bytes at once.
    private var wasShort = false

    /// A budget of `bytes`, whose build counts as short of room once its kept parses hold more than `pressure` bytes
    /// (by default, only once a parse finds too little room).
    package init(bytes: Int, pressure: Int? = nil) {
        total = bytes
        left = bytes
        self.pressure = min(pressure ?? bytes, bytes)
    }

    /// Whether the budget has `bytes` left (another thread may take them before this one does).
    package func hasRoom(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return fits(bytes)
    }

    /// Takes `bytes` from the budget if it has them; whether it did.
    package func take(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard fits(bytes) else { return false }
        left -= bytes
        if total - left > pressure { wasShort = true }
        return true
    }

    /// Whether `bytes` are left, noting when they are not though the whole budget would hold them. Locked.
    private func fits(_ bytes: Int) -> Bool {
        guard bytes <= left else {
            if bytes <= total { wasShort = true }
            return false
        }
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

    /// Whether a kept parse whose users so far have all taken it stays for a graph still to be built: while graphs are
    /// awaited (`awaitGraphs()`), unless the budget has been short of room for a file's parse. Then the last user
    /// so far takes the parse and its bytes come back at once, for the files of the graphs being built; a later
    /// graph holding the same file parses it again (issue 41 step 4m: on the large benchmark tree, whose groups
    /// share 25 of their 2,006 files, far more files keep their parse so).
    package var keepsTakenParses: Bool {
        lock.lock()
        defer { lock.unlock() }
        return awaitsGraphs && !wasShort
    }

    /// Whether the budget has been short of room for a file's parse that the whole budget would hold, or its parses
    /// have held more than its pressure.
    package var hasBeenShort: Bool {
        lock.lock()
        defer { lock.unlock() }
        return wasShort
    }
}
