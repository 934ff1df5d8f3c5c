import Foundation

/// Counts, in a one-shot build, the groups still to finish that hold each parsed file, and frees what the build
/// keeps for a file (its parse in the build's `ParsedFileCache`, the minifier's results in its `ParsedFileMemo`)
/// once the last of them is done: the memory is reused by the groups still running instead of growing until the
/// end of the build.
///
/// A group registers its files once its module graph is built and releases them when its bundle is done. A file
/// is freed only once every group has registered (until then, a group still building its graph might add the
/// file), and never while a registered group holds it; a file freed too early would only cost its work again. Once
/// the budget of kept parses has been short, though, groups are minified while later graphs are built
/// (`StageScheduler`), and a file no registered group holds is freed at once, with its kept parse if any: a finished
/// group's files would otherwise stay (with the finished bundles) until the last graph is built, and a later graph
/// holding one of them parses it again (issue 41 step 4m).
/// Once every group has registered, the memo of a file only one group holds stops keeping results
/// (`ParsedFileMemo.stopKeeping()`): nothing else would read them.
package final class ParsedFileUses: @unchecked Sendable {
    private let lock = NSLock()
    private let cache: ParsedFileCache
    /// Groups that have not registered yet, and those not done.
    private var unregistered: Int
    private var unfinished: Int
    /// Per path: the registered groups holding it that have not released it, all those that registered it, and
    /// the file's memo.
    private var holders: [String: (count: Int, registered: Int, memo: any ParsedFileMemo)] = [:]
    /// Paths no group holds any more, freed once every group has registered.
    private var deferred: [String] = []

    /// The files' facts holding a parse kept for the tree minifier when their graph registered.
    private var keptParses: [ObjectIdentifier: ModuleFileFacts] = [:]

    package init(groupCount: Int, cache: ParsedFileCache) {
        unregistered = groupCount
        unfinished = groupCount
        self.cache = cache
        // A piece must not take a kept parse away from a group whose graph is still being built.
        if groupCount > 1 { cache.keptParses.awaitGraphs() }
    }

    /// Notes that a group holds the parsed files of `records` (those with a memo: files read through the cache).
    /// Each group registers once, when its graph is built (with no records when it has none).
    package func register(_ records: [ModuleRecord]) {
        var freed: [(path: String, memo: any ParsedFileMemo)] = []
        lock.lock()
        // Fields read through the array's subscript: a `for record in records` loop copies each whole record
        // (a retain and a release of each of its stored references).
        for index in records.indices {
            if let facts = records[index].facts, facts.holdsParse { keptParses[ObjectIdentifier(facts)] = facts }
            guard let memo = records[index].passMemo else { continue }
            let path = records[index].path
            if let held = holders.index(forKey: path) {
                holders.values[held].count += 1
                holders.values[held].registered += 1
            } else {
                holders[path] = (1, 1, memo)
            }
        }
        unregistered -= 1
        var alone: [any ParsedFileMemo] = []
        var kept: [ModuleFileFacts] = []
        let isLastToRegister = unregistered == 0
        if isLastToRegister {
            kept = Array(keptParses.values)
            keptParses = [:]
            // A file only one group holds: its memo would never be read.
            for held in holders.values where held.registered == 1 { alone.append(held.memo) }
            for path in deferred {
                if let held = holders[path], held.count == 0 {
                    holders[path] = nil
                    freed.append((path, held.memo))
                }
            }
            deferred = []
        }
        lock.unlock()
        if isLastToRegister {
            // Every graph has counted its users of each kept parse: the last taker of each takes it from now on,
            // and a parse all of whose users took copies meanwhile is let go.
            cache.keptParses.graphsAreBuilt()
            for facts in kept { facts.letGoUntakenParse() }
        }
        for memo in alone { memo.stopKeeping() }
        free(freed)
    }

    /// Notes that the group holding `records` (as registered) is done with them. Each group releases once. The
    /// last group frees nothing: the build frees everything at its end anyway (see `ScriptBundler.build`).
    package func release(_ records: [ModuleRecord]) {
        var freed: [(path: String, memo: any ParsedFileMemo)] = []
        var lettingGo: [ModuleFileFacts] = []
        let freesEarly = cache.keptParses.hasBeenShort
        lock.lock()
        unfinished -= 1
        guard unfinished > 0 else {
            lock.unlock()
            return
        }
        for index in records.indices where records[index].passMemo != nil {
            let path = records[index].path
            guard let slot = holders.index(forKey: path) else { continue }
            holders.values[slot].count -= 1
            let held = holders.values[slot]
            if held.count > 0 {
                continue
            } else if unregistered > 0 && !freesEarly {
                deferred.append(path)
            } else {
                holders.remove(at: slot)
                freed.append((path, held.memo))
                if unregistered > 0, let facts = records[index].facts { lettingGo.append(facts) }
            }
        }
        lock.unlock()
        for facts in lettingGo { facts.letGoParse() }
        free(freed)
    }

    /// The number of files registered and not freed yet.
    var heldCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return holders.count
    }

    private func free(_ files: [(path: String, memo: any ParsedFileMemo)]) {
        for file in files {
            file.memo.removeAll()
            cache.remove(file.path)
        }
    }
}
