#if !os(Linux) && canImport(CoreServices)
import CoreServices
import Foundation

/// `FileWatcher` on macOS: one FSEvents stream with file-level events and a minimal latency, grouped into
/// batches by a `ChangeCoalescer` on the stream's queue (a timer fires when the waiting batch is due).
/// FSEvents always watches recursively; non-recursive targets are filtered to their direct children.
/// FSEvents has no "closed after writing" event: a plain modification counts as in progress, so it waits for the
/// coalescer's quiet period; renames, deletions and creations of folders and links have settled.
public final class FSEventsFileWatcher: FileWatcher, @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "wkpack.fsevents")
    private var stream: FSEventStreamRef?
    private var timer: DispatchSourceTimer?
    /// Used on `queue` only.
    private var coalescer: ChangeCoalescer
    private var handler: (@Sendable (FileChangeBatch) -> Void)?
    /// (canonical path, path as given, recursive) per target.
    private var targets: [(canonical: String, given: String, recursive: Bool)] = []

    /// Set on `queue`, so that `stop` can tell it runs there (from the handler, or the watcher going away there).
    private static let onQueue = DispatchSpecificKey<Bool>()

    public init(coalescer: ChangeCoalescer = ChangeCoalescer()) {
        self.coalescer = coalescer
        queue.setSpecific(key: Self.onQueue, value: true)
    }

    deinit { stop() }

    public func start(_ targets: [WatchTarget], handler: @escaping @Sendable (FileChangeBatch) -> Void) throws(FileWatcherError) {
        lock.lock()
        defer { lock.unlock() }
        guard stream == nil else { return }
        self.handler = handler
        self.targets = targets.map { target in
            let canonical = URL(fileURLWithPath: target.path).resolvingSymlinksInPath().path
            return (canonical, target.path, target.recursive)
        }
        var context = FSEventStreamContext(
            version: 0, info: Unmanaged.passUnretained(self).toOpaque(), retain: nil, release: nil, copyDescription: nil)
        let callback: FSEventStreamCallback = { _, info, count, paths, flags, _ in
            guard let info else { return }
            let watcher = Unmanaged<FSEventsFileWatcher>.fromOpaque(info).takeUnretainedValue()
            let list = Unmanaged<CFArray>.fromOpaque(paths).takeUnretainedValue() as NSArray
            var changed: [(String, FSEventStreamEventFlags)] = []
            for index in 0..<min(count, list.count) {
                if let path = list[index] as? String { changed.append((path, flags[index])) }
            }
            watcher.receive(changed)
        }
        let flags = FSEventStreamCreateFlags(
            kFSEventStreamCreateFlagUseCFTypes | kFSEventStreamCreateFlagFileEvents
                | kFSEventStreamCreateFlagNoDefer)
        guard
            let created = FSEventStreamCreate(
                kCFAllocatorDefault, callback, &context, self.targets.map(\.canonical) as CFArray,
                FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.001, flags)
        else {
            throw FileWatcherError(path: targets.first?.path ?? ".", message: "FSEventStreamCreate failed")
        }
        FSEventStreamSetDispatchQueue(created, queue)
        guard FSEventStreamStart(created) else {
            FSEventStreamInvalidate(created)
            FSEventStreamRelease(created)
            throw FileWatcherError(path: targets.first?.path ?? ".", message: "FSEventStreamStart failed")
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.deliverDue() }
        timer.resume()
        self.timer = timer
        stream = created
        // Changes still waiting from before a restart (`add`) are delivered when due.
        queue.async { [weak self] in self?.deliverDue() }
    }

    /// FSEvents streams have fixed paths: restarts the stream with the old and new targets.
    public func add(_ targets: [WatchTarget]) throws(FileWatcherError) {
        let all = self.targets.map { WatchTarget(path: $0.given, recursive: $0.recursive) } + targets
        guard let handler else { return }
        stop()
        try start(all, handler: handler)
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard let stream else { return }
        FSEventStreamStop(stream)
        FSEventStreamInvalidate(stream)
        FSEventStreamRelease(stream)
        self.stream = nil
        timer?.cancel()
        timer = nil
        // Waiting changes stay in the coalescer: `add` restarts the stream and must not lose them.
        if DispatchQueue.getSpecific(key: Self.onQueue) == true {
            handler = nil
        } else {
            queue.sync { handler = nil }
        }
    }

    /// On `queue`: maps canonical paths back to the paths as given, drops deep paths of non-recursive targets,
    /// records the rest and sets the timer to the batch's deadline.
    private func receive(_ events: [(path: String, flags: FSEventStreamEventFlags)]) {
        let now = ContinuousClock.now
        for event in events {
            for target in targets where event.path == target.canonical || event.path.hasPrefix(target.canonical + "/") {
                let rest = String(event.path.dropFirst(target.canonical.count))
                if !target.recursive, rest.dropFirst().contains("/") { continue }
                coalescer.record(target.given + rest, Self.state(of: event.flags), at: now)
                break
            }
        }
        deliverDue()
    }

    /// On `queue`: delivers the waiting batch if it is due, and sets the timer to the next deadline.
    private func deliverDue() {
        let clock = ContinuousClock()
        if let batch = coalescer.takeBatch(at: clock.now) { handler?(batch) }
        guard let deadline = coalescer.deadline else { return }
        let left = clock.now.duration(to: deadline)
        let nanoseconds = max(0, left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000)
        timer?.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)), leeway: .microseconds(200))
    }

    private static func state(of flags: FSEventStreamEventFlags) -> ChangeState {
        let settled = FSEventStreamEventFlags(
            kFSEventStreamEventFlagItemRenamed | kFSEventStreamEventFlagItemRemoved
                | kFSEventStreamEventFlagItemIsDir | kFSEventStreamEventFlagItemIsSymlink | kFSEventStreamEventFlagMustScanSubDirs
                | kFSEventStreamEventFlagRootChanged)
        return flags & settled != 0 ? .settled : .inProgress
    }
}
#endif
