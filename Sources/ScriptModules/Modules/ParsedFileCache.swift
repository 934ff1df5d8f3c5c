import Foundation
import ScriptSyntax
import WKPackSupport

/// One file read, tokenized and (when it may use modules) parsed.
struct ParsedFile: Sendable {
    package let bytes: [UInt8]
    package let tokens: [JavaScriptToken]
    package let analysis: ScopeAnalysis?
    /// Set on the parse of a file's lowered code (`ModuleFileFacts.lowered(for:_:)`), `nil` on a file's own parse.
    package var lowering: LoweredSource? = nil
    /// The minifier's results for the pieces that copy this file, shared by the bundles that hold it (made by the
    /// cache's `makeMemo`; `nil` for a parse outside a cache).
    package var passMemo: (any ParsedFileMemo)? = nil
    /// What the module graph and the linker find out about this file alone, shared by the bundles that hold it.
    package let facts = ModuleFileFacts()

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(
        bytes: [UInt8],
        tokens: [JavaScriptToken],
        analysis: ScopeAnalysis?,
        lowering: LoweredSource? = nil,
        passMemo: (any ParsedFileMemo)? = nil
    ) {
        self.bytes = bytes
        self.tokens = tokens
        self.analysis = analysis
        self.lowering = lowering
        self.passMemo = passMemo
    }
}

/// Parsed files shared by the groups of one build (built in parallel), so a package imported by several
/// bundles is read and parsed once; in watch mode kept between builds, minus the files that changed.
///
/// Groups built at the same time often reach a shared file together: the first parses it and the others wait
/// for that parse (`file(at:matching:parse:)`), so the file is parsed once and its bundles share one
/// `ParsedFileMemo` and one `ModuleFileFacts`. Invalidating a file forgets both with its parse.
package final class ParsedFileCache: @unchecked Sendable {
    private let condition = NSCondition()
    private var files: [String: ParsedFile] = [:]
    /// Paths being parsed by some thread right now.
    private var parsing: Set<String> = []

    private let memoMaker: (@Sendable () -> any ParsedFileMemo)?
    /// What the files' parses kept for the tree minifier may hold at once (`KeptModuleParse`).
    package let keptParses: KeptParseBudget

    /// A cache whose parses each get a memo from `makeMemo` (the build's minifier memo), or none when it is `nil`.
    package init(makeMemo: (@Sendable () -> any ParsedFileMemo)? = nil, keptParseBytes: Int = ParsedFileCache.keptParseBytes) {
        memoMaker = makeMemo
        keptParses = KeptParseBudget(bytes: keptParseBytes, pressure: min(keptParseBytes, Self.keptParsePressure))
    }

    /// The budget of a cache's kept parses, in bytes: 96 MiB, of which 32 MiB before the build counts as short of room
    /// (`keptParsePressure`). A kept parse raises the build's peak memory until its piece takes it (BENCHMARKS.md,
    /// "Issue 41 step 4f": all kept with every graph built first, the large benchmark tree's peak grew from 251 MB to
    /// 402 MB). The firefox-shaped tree's trees fit in 16 MiB. The large tree's do not fit in any budget here: once its
    /// kept parses hold 32 MiB, its groups are minified while later graphs are built and their files freed as they
    /// finish (`StageScheduler`, `ParsedFileUses`; docs/syntax-tree.md, "Step 4m"), and the 64 MiB above that hold the
    /// parses of the graphs built meanwhile: with a 32 MiB budget and nothing above it, 138 to 187 of its pieces parsed
    /// their file again and about 100 wrapped ES modules took the text route (docs/syntax-tree.md, "Step 5g").
    static let keptParseBytes = 96 << 20

    /// What a cache's kept parses may hold before the build counts as short of room (`KeptParseBudget`): 32 MiB.
    static let keptParsePressure = 32 << 20

    /// A new memo for a parse kept here, if the cache makes them.
    package func makeMemo() -> (any ParsedFileMemo)? { memoMaker?() }

    func file(at path: String) -> ParsedFile? {
        condition.lock()
        defer { condition.unlock() }
        return files[path]
    }

    /// The parse of `path` held for `known` bytes (any, when `nil`), else the one `parse` makes (stored on
    /// success). While another thread parses the same path, calls `whileWaiting` (other work: it returns whether
    /// it did any) and looks again, or when it did none, waits for that parse and takes it if it fits.
    func file(
        at path: String, matching known: [UInt8]?, whileWaiting: () -> Bool = { false }, parse: () throws(BundlerError) -> ParsedFile
    ) throws(BundlerError) -> ParsedFile {
        condition.lock()
        while true {
            if let cached = files[path], known == nil || known == cached.bytes {
                condition.unlock()
                return cached
            }
            guard parsing.contains(path) else { break }
            condition.unlock()
            if whileWaiting() {
                condition.lock()
                continue
            }
            WorkerPool.shared.whileBlocked {
                condition.lock()
                while parsing.contains(path) { condition.wait() }
                condition.unlock()
            }
            condition.lock()
        }
        parsing.insert(path)
        condition.unlock()
        let result: Result<ParsedFile, BundlerError>
        do throws(BundlerError) {
            result = .success(try parse())
        } catch {
            result = .failure(error)
        }
        condition.lock()
        parsing.remove(path)
        if case .success(let parsed) = result { files[path] = parsed }
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Parses `path` with `parse` and stores it (on success) when no parse of it is held or being made; whether
    /// it parsed. A failed parse is not kept: whoever needs the file parses it again and reports the error.
    func parseIfUnclaimed(at path: String, parse: () throws(BundlerError) -> ParsedFile) -> Bool {
        condition.lock()
        guard files[path] == nil, !parsing.contains(path) else {
            condition.unlock()
            return false
        }
        parsing.insert(path)
        condition.unlock()
        let parsed = try? parse()
        condition.lock()
        parsing.remove(path)
        if let parsed { files[path] = parsed }
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Forgets `paths` (files, or folders: everything under them).
    package func invalidate(_ paths: Set<String>) {
        condition.lock()
        defer { condition.unlock() }
        for key in files.keys where paths.contains(key) || paths.contains(where: { key.hasPrefix($0 + "/") }) {
            files[key] = nil
        }
    }

    /// Forgets the parse of the file at `path` (exactly that path).
    package func remove(_ path: String) {
        condition.lock()
        files[path] = nil
        condition.unlock()
    }

    func store(_ file: ParsedFile, at path: String) {
        condition.lock()
        files[path] = file
        condition.unlock()
    }
}
