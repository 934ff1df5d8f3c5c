import Foundation
import ScriptModules
import ScriptSyntax
import WKPackSupport

/// Watch mode: builds once, then rebuilds what changed whenever the watcher reports a batch of changes.
///
/// The root folder is watched recursively and the configuration file's folder non-recursively (only the
/// configuration file itself matters there). A change to the configuration file reloads it. Errors are reported
/// as events and watching goes on; the last good outputs stay in place. Batches that arrive while a build runs
/// are merged and cause one more build once it ends.
public final class WatchSession: @unchecked Sendable {
    private let watcher: any FileWatcher
    private let builder: IncrementalBundler
    private let configurationFile: String?
    private let loadConfiguration: @Sendable () throws -> BundleConfiguration
    private let queue = DispatchQueue(label: "wkpack.watch")
    private var configuration: BundleConfiguration?
    private var handler: (@Sendable (WatchEvent) -> Void)?
    /// Folders outside the root that hold inputs (imported modules, packages), watched non-recursively.
    private var externalFolders: Set<String> = []
    /// Changes not yet handed to the queue, merged; guarded by `pendingLock`.
    private let pendingLock = NSLock()
    private var pending: FileChangeBatch?
    private var pendingDeliveredAt: ContinuousClock.Instant?

    /// Creates a session; nothing is built or watched before ``start(handler:)``.
    ///
    /// - Parameters:
    ///   - watcher: the file-event source (inotify on Linux, FSEvents on macOS by default).
    ///   - fileSystem: where the sources are read and the bundles written.
    ///   - configurationFile: the configuration file to watch, if any.
    ///   - inputCheck: checks the groups about to be built before every build (the project-boundary checks of
    ///     `wkpack build`), so files and folders created while watching are checked too.
    ///   - loadConfiguration: reads the configuration (again after each change of `configurationFile`).
    public init(
        watcher: any FileWatcher = NativeFileWatcher.make(), fileSystem: any BundlerFileSystem = LocalFileSystem(),
        configurationFile: String?,
        inputCheck: (@Sendable (BundleConfiguration, [ScriptGroup]) throws(BundlerError) -> Void)? = nil,
        loadConfiguration: @escaping @Sendable () throws -> BundleConfiguration
    ) {
        self.watcher = watcher
        self.builder = IncrementalBundler(fileSystem: fileSystem)
        builder.inputCheck = inputCheck
        self.configurationFile = configurationFile
        self.loadConfiguration = loadConfiguration
    }

    /// The cache's read and tokenization counts (for tests and statistics).
    public var cacheCounts: (reads: Int, tokenizations: Int) { builder.cache.counts }

    /// Loads the configuration, starts watching, then builds everything (reported through `handler`).
    /// Throws when the configuration cannot be loaded or the folders cannot be watched.
    public func start(handler: @escaping @Sendable (WatchEvent) -> Void) throws {
        let configuration = try loadConfiguration()
        try queue.sync {
            self.handler = handler
            self.configuration = configuration
            // Watch first, so a change made while the first build runs is not missed. When the folders cannot be
            // watched (a missing root), the build's located error explains it better.
            do {
                try startWatching(configuration)
            } catch {
                _ = try builder.build(configuration, changed: nil)
                throw error
            }
            build(changed: nil, batch: nil)
        }
    }

    /// Stops watching; no event is reported after this returns.
    public func stop() {
        watcher.stop()
        queue.sync { handler = nil }
        pendingLock.withLock { pending = nil }
    }

    private func startWatching(_ configuration: BundleConfiguration) throws(FileWatcherError) {
        try watcher.start(targets(for: configuration)) { [weak self] batch in
            self?.enqueue(batch)
        }
    }

    /// On the watcher's thread: merges `batch` into the waiting changes; schedules processing unless it is
    /// already scheduled (a build running now is followed by one build for everything that arrived meanwhile).
    private func enqueue(_ batch: FileChangeBatch) {
        let now = ContinuousClock.now
        let schedule = pendingLock.withLock { () -> Bool in
            guard var merged = pending else {
                pending = batch
                pendingDeliveredAt = now
                return true
            }
            merged.paths.formUnion(batch.paths)
            merged.lastEvent = max(merged.lastEvent, batch.lastEvent)
            pending = merged
            return false
        }
        if schedule { queue.async { self.processPending() } }
    }

    private func processPending() {
        let taken = pendingLock.withLock { () -> (FileChangeBatch, ContinuousClock.Instant)? in
            defer {
                pending = nil
                pendingDeliveredAt = nil
            }
            guard let pending, let pendingDeliveredAt else { return nil }
            return (pending, pendingDeliveredAt)
        }
        guard let (batch, deliveredAt) = taken else { return }
        process(batch, deliveredAt: deliveredAt)
    }

    private func targets(for configuration: BundleConfiguration) -> [WatchTarget] {
        var targets = [WatchTarget(path: configuration.root, recursive: true)]
        for folder in externalFolders.sorted() { targets.append(WatchTarget(path: folder, recursive: false)) }
        if let configurationFile {
            let folder = (configurationFile as NSString).deletingLastPathComponent
            targets.append(WatchTarget(path: folder.isEmpty ? "." : folder, recursive: false))
        }
        return targets
    }

    private func process(_ changes: FileChangeBatch, deliveredAt: ContinuousClock.Instant) {
        guard handler != nil else { return }
        let batch = changes.paths
        let timing = (changes, deliveredAt)
        if let configurationFile, batch.contains(where: { Paths.normalize($0) == Paths.normalize(configurationFile) }) {
            let clock = ContinuousClock()
            let started = clock.now
            do {
                let reloaded = try loadConfiguration()
                if let previous = configuration, previous.root != reloaded.root {
                    watcher.stop()
                    try startWatching(reloaded)
                }
                configuration = reloaded
            } catch {
                builder.invalidate(batch)
                handler?(.failed(message: String(describing: error), duration: clock.now - started))
                return
            }
            // A full build, but files saved together with the configuration must still be read again.
            builder.invalidate(batch)
            build(changed: nil, batch: timing)
            return
        }
        // Changes under the root, or directly in a watched folder that holds imported files.
        let root = configuration.map { AbsolutePath.make($0.root) } ?? "/"
        let relevant = Set(
            batch.filter { path in
                let absolute = AbsolutePath.make(path)
                return Paths.isSameOrInside(absolute, root) || externalFolders.contains((absolute as NSString).deletingLastPathComponent)
            })
        guard !relevant.isEmpty else { return }
        build(changed: relevant, batch: timing)
    }

    private func build(changed: Set<String>?, batch: (changes: FileChangeBatch, deliveredAt: ContinuousClock.Instant)?) {
        guard let configuration else { return }
        let clock = ContinuousClock()
        let started = clock.now
        let event: WatchEvent?
        do {
            event = try builder.build(configuration, changed: changed).map { built in
                var built = built
                if let batch {
                    built.phases.coalesce = batch.changes.firstEvent.duration(to: batch.deliveredAt)
                    built.phases.queue = batch.deliveredAt.duration(to: started)
                }
                return .built(built)
            }
        } catch {
            event = .failed(message: error.description, duration: clock.now - started)
        }
        // Imports may now reach folders outside the root: watch them before reporting, so no edit is missed.
        let folders = builder.externalFolders(for: configuration)
        let added = folders.subtracting(externalFolders)
        if !added.isEmpty {
            externalFolders.formUnion(added)
            do {
                try watcher.add(added.sorted().map { WatchTarget(path: $0, recursive: false) })
            } catch {
                handler?(.failed(message: error.description, duration: .zero))
            }
        }
        if let event { handler?(event) }
    }
}
