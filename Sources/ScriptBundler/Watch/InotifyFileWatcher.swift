#if os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `FileWatcher` on Linux: one inotify watch per folder (new subfolders are added as they appear; symbolic links
/// are never followed), read by a background thread that blocks in `poll` until an event arrives or the waiting
/// batch is due (see `ChangeCoalescer`).
public final class InotifyFileWatcher: FileWatcher, @unchecked Sendable {
    /// Writes in progress (IN_MODIFY) and settled changes: completed writes, renames (editors' atomic saves),
    /// creations and deletions.
    fileprivate static let mask: UInt32 = UInt32(
        IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE
            | IN_MOVED_FROM | IN_DELETE_SELF)

    private let coalescer: ChangeCoalescer
    private let lock = NSLock()
    /// The watching under way (between `start` and `stop`).
    private var reader: Reader?

    /// Creates a watcher that groups events with `coalescer`.
    public init(coalescer: ChangeCoalescer = ChangeCoalescer()) {
        self.coalescer = coalescer
    }

    /// A watcher let go without `stop` stops: its thread holds the `Reader`, never the watcher.
    deinit { stop() }

    /// Starts watching `targets` with inotify; `handler` runs on the watcher's thread with each batch.
    public func start(_ targets: [WatchTarget], handler: @escaping @Sendable (FileChangeBatch) -> Void) throws(FileWatcherError) {
        lock.lock()
        defer { lock.unlock() }
        guard reader == nil else { return }
        let fd = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        guard fd >= 0 else { throw FileWatcherError(path: targets.first?.path ?? ".", message: String(cString: strerror(errno))) }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            throw FileWatcherError(path: targets.first?.path ?? ".", message: String(cString: strerror(errno)))
        }
        // From here the reader owns the descriptors (it closes them when it goes).
        let reader = Reader(inotify: fd, stopPipe: (pipeFDs[0], pipeFDs[1]))
        for target in targets {
            guard reader.add(target.path, recursive: target.recursive) else {
                throw FileWatcherError(path: target.path, message: String(cString: strerror(errno)))
            }
        }
        self.reader = reader
        let coalescer = coalescer
        let thread = Thread { reader.run(coalescer: coalescer, handler: handler) }
        thread.name = "wkpack.inotify"
        thread.start()
    }

    /// Watches more folders (after ``start(_:handler:)``).
    public func add(_ targets: [WatchTarget]) throws(FileWatcherError) {
        lock.lock()
        defer { lock.unlock() }
        guard let reader else { return }
        for target in targets where !reader.add(target.path, recursive: target.recursive) {
            throw FileWatcherError(path: target.path, message: String(cString: strerror(errno)))
        }
    }

    /// Stops watching and waits for the reading thread to end, unless called on that thread (from the handler,
    /// or by the watcher going away there): then no batch is delivered after the handler returns.
    public func stop() {
        lock.lock()
        let reader = self.reader
        self.reader = nil
        lock.unlock()
        reader?.stop()
    }
}

/// One watching run: the inotify descriptor, the pipe that stops it, the watched folders and the loop the
/// reading thread runs. Shared by the watcher and its thread; the last to let go closes the descriptors.
private final class Reader: @unchecked Sendable {
    private let inotify: Int32
    private let stopPipe: (read: Int32, write: Int32)
    /// Guards `stopped`, `finished` and `readingThread`.
    private let state = NSCondition()
    private var stopped = false
    private var finished = false
    private var readingThread: pthread_t?
    /// Watch descriptor -> (folder path, recursive). Guarded by `foldersLock` (read by the reading thread).
    private let foldersLock = NSLock()
    private var folders: [Int32: (path: String, recursive: Bool)] = [:]

    init(inotify: Int32, stopPipe: (read: Int32, write: Int32)) {
        self.inotify = inotify
        self.stopPipe = stopPipe
    }

    deinit {
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Asks the loop to end; waits until it has, unless on the reading thread itself.
    func stop() {
        state.lock()
        defer { state.unlock() }
        if !stopped {
            stopped = true
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
        }
        if let readingThread, pthread_equal(readingThread, pthread_self()) != 0 { return }
        while !finished, readingThread != nil { state.wait() }
    }

    private var isStopped: Bool {
        state.lock()
        defer { state.unlock() }
        return stopped
    }

    func run(coalescer: ChangeCoalescer, handler: @Sendable (FileChangeBatch) -> Void) {
        state.lock()
        readingThread = pthread_self()
        state.unlock()
        loop(coalescer: coalescer, handler: handler)
        state.lock()
        finished = true
        state.broadcast()
        state.unlock()
    }

    private func loop(coalescer: ChangeCoalescer, handler: @Sendable (FileChangeBatch) -> Void) {
        let clock = ContinuousClock()
        var coalescer = coalescer
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var timeout: Int32 = -1
            if let deadline = coalescer.deadline {
                let left = clock.now.duration(to: deadline)
                // Rounded up to whole milliseconds, so the batch is due when `poll` returns.
                let microseconds = max(0, left.components.seconds * 1_000_000 + left.components.attoseconds / 1_000_000_000_000)
                timeout = Int32(min((microseconds + 999) / 1000, 60_000))
            }
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = timeout == 0 ? 0 : poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready > 0 { readEvents(into: &coalescer, buffer: &buffer, at: clock.now) }
            if let batch = coalescer.takeBatch(at: clock.now) {
                // Stopped from the handler (no poll since when the batch was due at once): nothing more.
                if isStopped { return }
                handler(batch)
            }
        }
    }

    /// Adds a watch on `path` and, when recursive, on every subfolder. Returns `false` if `path` itself fails.
    @discardableResult
    func add(_ path: String, recursive: Bool) -> Bool {
        // IN_DONT_FOLLOW: a symbolic link (to a folder outside the project, or a loop) is never watched through.
        let wd = inotify_add_watch(inotify, path, InotifyFileWatcher.mask | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW))
        guard wd >= 0 else { return false }
        let known = foldersLock.withLock { () -> Bool in
            // Watching a folder twice yields the same descriptor: keep it recursive if either target is, and take
            // the new path (a folder renamed inside a watched folder is reported under its new name).
            let previous = folders[wd]
            folders[wd] = (path, recursive || (previous?.recursive ?? false))
            return previous?.recursive == true && previous?.path == path
        }
        // A folder already watched recursively under this path is not walked again.
        guard recursive, !known, let directory = opendir(path) else { return true }
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            guard entry.pointee.d_type == DT_DIR || entry.pointee.d_type == DT_UNKNOWN else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { subfolders.append(path + "/" + name) }
        }
        closedir(directory)
        for folder in subfolders { add(folder, recursive: true) }
        return true
    }

    private func readEvents(into pending: inout ChangeCoalescer, buffer: inout [UInt8], at time: ContinuousClock.Instant) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            var offset = 0
            let headerSize = MemoryLayout<Int32>.size + 3 * MemoryLayout<UInt32>.size
            while offset + headerSize <= count {
                let (wd, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameStart = offset + headerSize
                let nameEnd = min(nameStart + nameLength, count)
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix(while: { $0 != 0 }), as: UTF8.self)
                offset = nameStart + nameLength
                handle(wd: wd, mask: mask, name: name, pending: &pending, at: time)
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String, pending: inout ChangeCoalescer, at time: ContinuousClock.Instant) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: report every watched folder so the client rescans.
            for folder in foldersLock.withLock({ Array(folders.values) }) { pending.record(folder.path, .settled, at: time) }
            return
        }
        guard let folder = foldersLock.withLock({ folders[wd] }) else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            foldersLock.withLock { folders[wd] = nil }
            return
        }
        if mask & UInt32(IN_DELETE_SELF) != 0 {
            pending.record(folder.path, .settled, at: time)
            return
        }
        let path = name.isEmpty ? folder.path : folder.path + "/" + name
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        pending.record(path, Self.state(of: mask, isFolder: isFolder, path: path), at: time)
        if folder.recursive, isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            add(path, recursive: true)
        }
    }

    /// A modification, or the creation of a file that is about to be written, is in progress until the file is
    /// closed; everything else (close after writing, renames, deletions, new folders and links) has settled.
    private static func state(of mask: UInt32, isFolder: Bool, path: String) -> ChangeState {
        if mask & UInt32(IN_MODIFY) != 0 { return .inProgress }
        if mask & UInt32(IN_CREATE) != 0, !isFolder {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return .settled }
            return .inProgress
        }
        return .settled
    }
}
#endif
