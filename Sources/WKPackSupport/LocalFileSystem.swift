#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The error of a failed POSIX call.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The path the operation was on.
    public let path: String
    /// The `errno` value the operation failed with.
    public let code: Int32

    /// Made from every stored property (the memberwise initializer, for the stages above).
    package init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }
    /// The system's message for `code`.
    public var description: String { String(cString: strerror(code)) }
}

/// `BundlerFileSystem` backed by POSIX calls.
public struct LocalFileSystem: BundlerFileSystem {
    /// Creates the local file system.
    public init() {}

    /// The kind of item at `path`, following symbolic links; `nil` for nothing, a broken link or a device.
    public func itemKind(at path: String) -> FileItemKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return nil
        }
    }

    /// `path` with every symbolic link resolved (`realpath`).
    public func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names of a folder's entries, without `.` and `..`.
    public func contentsOfDirectory(at path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError(path: path, code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The bytes of the file at `path`, read to its end (also when it grows while it is read).
    public func readFile(at path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileSystemError(path: path, code: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystemError(path: path, code: errno) }
        // Read into room not filled first (the kernel writes each byte once), one byte more than the size so that
        // a file at its size ends within the first read; a file that grew meanwhile is read on in larger rooms.
        var bytes: [UInt8] = []
        var room = max(Int(info.st_size), 0) + 1
        var failure: Int32 = 0
        while true {
            let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                while count < buffer.count {
                    let got = read(fd, base + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if got == 0 { return }
                    count += got
                }
            }
            if failure != 0 { throw FileSystemError(path: path, code: failure) }
            let atEnd = chunk.count < room
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            if atEnd { return bytes }
            room = max(room, 4096) * 2
        }
    }

    /// The size of the regular file at `path`, from `stat`.
    public func fileSize(at path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Creates a folder and its missing parents.
    public func createDirectory(at path: String) throws {
        if itemKind(at: path) == .directory { return }
        let parent = Paths.normalize(path + "/..")
        if parent != path, parent != ".", parent != "/", itemKind(at: parent) == nil {
            try createDirectory(at: parent)
        }
        if mkdir(path, 0o777) != 0, errno != EEXIST { throw FileSystemError(path: path, code: errno) }
    }

    /// Creates a new file exclusively (fails if it exists) and writes `bytes` to it; removes it again when the write
    /// fails.
    public func createFile(at path: String, bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard fd >= 0 else { throw FileSystemError(path: path, code: errno) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(path)  // created here (`O_EXCL`): no partial file is left behind
                throw FileSystemError(path: path, code: code)
            }
            written += result
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(path)
            throw FileSystemError(path: path, code: code)
        }
    }

    /// Creates a new file exclusively (fails if it exists) and writes the parts of `bytes` to it, in order; removes it
    /// again when the write fails.
    public func createFile(at path: String, parts bytes: OutputBytes) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard fd >= 0 else { throw FileSystemError(path: path, code: errno) }
        let code = bytes.write(to: fd)
        if code != 0 {
            close(fd)
            unlink(path)  // created here (`O_EXCL`): no partial file is left behind
            throw FileSystemError(path: path, code: code)
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(path)
            throw FileSystemError(path: path, code: code)
        }
    }

    /// Renames `source` over `destination` atomically (`rename`).
    public func replaceItem(at destination: String, with source: String) throws {
        guard rename(source, destination) == 0 else { throw FileSystemError(path: destination, code: errno) }
    }

    /// Takes an exclusive `flock` on the folder.
    public func lockFolder(at path: String) throws -> FolderLock? {
        try FolderLock(path: path)
    }

    /// Removes the file at `path`.
    public func removeItem(at path: String) throws {
        guard unlink(path) == 0 else { throw FileSystemError(path: path, code: errno) }
    }

    /// Removes the folder at `path` if it is empty.
    public func removeEmptyFolder(at path: String) throws {
        guard rmdir(path) == 0 else { throw FileSystemError(path: path, code: errno) }
    }
}
