/// A folder to watch for changes.
public struct WatchTarget: Sendable, Equatable {
    /// The folder's path (as given; reported paths start with it).
    public var path: String
    /// Whether subfolders (including ones created later) are watched too.
    public var recursive: Bool

    /// Creates a target for the folder at `path`.
    public init(path: String, recursive: Bool) {
        self.path = path
        self.recursive = recursive
    }
}

/// Native file-change notifications for a set of folders, coalesced into batches.
///
/// Implementations block in the kernel while nothing changes (no polling) and group events with a
/// `ChangeCoalescer`: settled changes (a file closed after writing, a rename, a deletion) are delivered a few
/// milliseconds after the last event, writes still in progress after about 50 ms without events. Each batch holds
/// the paths that changed since the last one, each once.
public protocol FileWatcher: AnyObject, Sendable {
    /// Starts watching; `handler` runs on a background thread with each batch of changed paths (files or
    /// folders that were written, created, deleted or renamed).
    func start(_ targets: [WatchTarget], handler: @escaping @Sendable (FileChangeBatch) -> Void) throws(FileWatcherError)
    /// Watches more folders without missing changes in the ones already watched (after `start`).
    func add(_ targets: [WatchTarget]) throws(FileWatcherError)
    /// Stops watching; no batch is delivered after this returns.
    func stop()
}

/// Why watching could not start.
public struct FileWatcherError: Error, Sendable, CustomStringConvertible {
    /// The folder that could not be watched.
    public let path: String
    /// Why not.
    public let message: String

    /// Creates an error about the folder at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path:1:1: error: cannot watch: message`.
    public var description: String { "\(path):1:1: error: cannot watch: \(message)" }
}

/// The file watcher native to the platform: inotify on Linux, FSEvents on macOS.
public enum NativeFileWatcher {
    /// A new watcher that groups events into batches with `coalescer`'s delays.
    public static func make(coalescer: ChangeCoalescer = ChangeCoalescer()) -> any FileWatcher {
        #if os(Linux)
        InotifyFileWatcher(coalescer: coalescer)
        #elseif canImport(CoreServices)
        FSEventsFileWatcher(coalescer: coalescer)
        #else
        UnsupportedFileWatcher()
        #endif
    }
}

#if !os(Linux) && !canImport(CoreServices)
/// Stands in on platforms without a native watcher: `start` fails.
final class UnsupportedFileWatcher: FileWatcher {
    func start(_ targets: [WatchTarget], handler: @escaping @Sendable (FileChangeBatch) -> Void) throws(FileWatcherError) {
        throw FileWatcherError(path: targets.first?.path ?? ".", message: "file watching is not supported on this platform")
    }

    func add(_ targets: [WatchTarget]) throws(FileWatcherError) {
        try start(targets) { _ in }
    }

    func stop() {}
}
#endif
