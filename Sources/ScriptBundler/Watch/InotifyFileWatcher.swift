#if os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `FileWatcher` on Linux: one inotify watch per folder (new subfolders are added as they appear), read by a
/// background thread that blocks in `poll` until an event arrives or the debounce period ends.
public final class InotifyFileWatcher: FileWatcher, @unchecked Sendable {
    /// Completed writes, renames (editors' atomic saves), creations and deletions; not IN_MODIFY, which fires
    /// while a file is still being written.
    private static let mask: UInt32 = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        | IN_DELETE_SELF)

    private let debounce: Duration
    private let lock = NSLock()
    private var inotify: Int32 = -1
    private var stopPipe: (read: Int32, write: Int32) = (-1, -1)
    private var thread: Thread?
    private var finished: DispatchSemaphore?
    /// Watch descriptor -> (folder path, recursive). Guarded by `foldersLock` (read by the reading thread).
    private let foldersLock = NSLock()
    private var folders: [Int32: (path: String, recursive: Bool)] = [:]

    public init(debounce: Duration = .milliseconds(50)) {
        self.debounce = debounce
    }

    deinit { stop() }

    public func start(_ targets: [WatchTarget], handler: @escaping @Sendable (Set<String>) -> Void) throws(FileWatcherError) {
        lock.lock()
        defer { lock.unlock() }
        guard thread == nil else { return }
        let fd = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        guard fd >= 0 else { throw FileWatcherError(path: targets.first?.path ?? ".", message: String(cString: strerror(errno))) }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            throw FileWatcherError(path: targets.first?.path ?? ".", message: String(cString: strerror(errno)))
        }
        inotify = fd
        stopPipe = (pipeFDs[0], pipeFDs[1])
        for target in targets {
            guard add(target.path, recursive: target.recursive) else {
                let message = String(cString: strerror(errno))
                closeDescriptors()
                throw FileWatcherError(path: target.path, message: message)
            }
        }
        let done = DispatchSemaphore(value: 0)
        finished = done
        let thread = Thread { [self] in
            run(handler: handler)
            done.signal()
        }
        thread.name = "wkpack.inotify"
        self.thread = thread
        thread.start()
    }

    public func add(_ targets: [WatchTarget]) throws(FileWatcherError) {
        lock.lock()
        defer { lock.unlock() }
        guard thread != nil else { return }
        for target in targets where !add(target.path, recursive: target.recursive) {
            throw FileWatcherError(path: target.path, message: String(cString: strerror(errno)))
        }
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard thread != nil else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        finished?.wait()
        thread = nil
        finished = nil
        closeDescriptors()
    }

    private func closeDescriptors() {
        if inotify >= 0 { close(inotify) }
        if stopPipe.read >= 0 { close(stopPipe.read) }
        if stopPipe.write >= 0 { close(stopPipe.write) }
        inotify = -1
        stopPipe = (-1, -1)
        foldersLock.withLock { folders = [:] }
    }

    /// Adds a watch on `path` and, when recursive, on every subfolder. Returns `false` if `path` itself fails.
    @discardableResult
    private func add(_ path: String, recursive: Bool) -> Bool {
        let wd = inotify_add_watch(inotify, path, Self.mask | UInt32(IN_ONLYDIR))
        guard wd >= 0 else { return false }
        foldersLock.withLock {
            // Watching a folder twice yields the same descriptor: keep it recursive if either target is.
            folders[wd] = (path, recursive || (folders[wd]?.recursive ?? false))
        }
        guard recursive, let directory = opendir(path) else { return true }
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

    private func run(handler: @Sendable (Set<String>) -> Void) {
        let quietMilliseconds = Int32(max(1, debounce.components.seconds * 1000 + debounce.components.attoseconds / 1_000_000_000_000_000))
        var pending: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, pending.isEmpty ? -1 : quietMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                let batch = pending
                pending = []
                handler(batch)
                continue
            }
            readEvents(into: &pending, buffer: &buffer)
        }
    }

    private func readEvents(into pending: inout Set<String>, buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            var offset = 0
            let headerSize = MemoryLayout<Int32>.size + 3 * MemoryLayout<UInt32>.size
            while offset + headerSize <= count {
                let (wd, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameStart = offset + headerSize
                let nameEnd = min(nameStart + nameLength, count)
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix(while: { $0 != 0 }), as: UTF8.self)
                offset = nameStart + nameLength
                handle(wd: wd, mask: mask, name: name, pending: &pending)
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String, pending: inout Set<String>) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: report every watched folder so the client rescans.
            for folder in foldersLock.withLock({ Array(folders.values) }) { pending.insert(folder.path) }
            return
        }
        guard let folder = foldersLock.withLock({ folders[wd] }) else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            foldersLock.withLock { folders[wd] = nil }
            return
        }
        if mask & UInt32(IN_DELETE_SELF) != 0 {
            pending.insert(folder.path)
            return
        }
        let path = name.isEmpty ? folder.path : folder.path + "/" + name
        pending.insert(path)
        if folder.recursive, mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            add(path, recursive: true)
        }
    }
}
#endif
