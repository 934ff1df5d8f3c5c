#if !os(Linux) && canImport(CoreServices)
import CoreServices
import Foundation

/// `FileWatcher` on macOS: one FSEvents stream with file-level events; its latency is the debounce period.
/// FSEvents always watches recursively; non-recursive targets are filtered to their direct children.
public final class FSEventsFileWatcher: FileWatcher, @unchecked Sendable {
    private let debounce: Duration
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "wkpack.fsevents")
    private var stream: FSEventStreamRef?
    private var handler: (@Sendable (Set<String>) -> Void)?
    /// (canonical path, path as given, recursive) per target.
    private var targets: [(canonical: String, given: String, recursive: Bool)] = []

    public init(debounce: Duration = .milliseconds(50)) {
        self.debounce = debounce
    }

    deinit { stop() }

    public func start(_ targets: [WatchTarget], handler: @escaping @Sendable (Set<String>) -> Void) throws(FileWatcherError) {
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
        let callback: FSEventStreamCallback = { _, info, count, paths, _, _ in
            guard let info else { return }
            let watcher = Unmanaged<FSEventsFileWatcher>.fromOpaque(info).takeUnretainedValue()
            let list = Unmanaged<CFArray>.fromOpaque(paths).takeUnretainedValue() as NSArray
            var changed: [String] = []
            for index in 0..<min(count, list.count) {
                if let path = list[index] as? String { changed.append(path) }
            }
            watcher.deliver(changed)
        }
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagUseCFTypes | kFSEventStreamCreateFlagFileEvents)
        let seconds = Double(debounce.components.seconds) + Double(debounce.components.attoseconds) / 1e18
        guard let created = FSEventStreamCreate(
            kCFAllocatorDefault, callback, &context, self.targets.map(\.canonical) as CFArray,
            FSEventStreamEventId(kFSEventStreamEventIdSinceNow), seconds, flags)
        else {
            throw FileWatcherError(path: targets.first?.path ?? ".", message: "FSEventStreamCreate failed")
        }
        FSEventStreamSetDispatchQueue(created, queue)
        guard FSEventStreamStart(created) else {
            FSEventStreamInvalidate(created)
            FSEventStreamRelease(created)
            throw FileWatcherError(path: targets.first?.path ?? ".", message: "FSEventStreamStart failed")
        }
        stream = created
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
        queue.sync {}
        handler = nil
    }

    /// Maps canonical paths back to the paths as given and drops deep paths of non-recursive targets.
    private func deliver(_ paths: [String]) {
        var batch: Set<String> = []
        for path in paths {
            for target in targets where path == target.canonical || path.hasPrefix(target.canonical + "/") {
                let rest = String(path.dropFirst(target.canonical.count))
                if !target.recursive, rest.dropFirst().contains("/") { continue }
                batch.insert(target.given + rest)
                break
            }
        }
        if !batch.isEmpty { handler?(batch) }
    }
}
#endif
