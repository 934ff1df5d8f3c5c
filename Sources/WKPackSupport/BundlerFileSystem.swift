/// What a path names.
public enum FileItemKind: Sendable, Equatable {
    /// A regular file.
    case file
    /// A folder.
    case directory
}

/// The file-system operations the bundler uses; tests substitute their own.
public protocol BundlerFileSystem: Sendable {
    /// The kind of item at `path`, or `nil` if nothing is there.
    func itemKind(at path: String) -> FileItemKind?
    /// Names of the entries in a folder.
    func contentsOfDirectory(at path: String) throws -> [String]
    /// The bytes of the file at `path`.
    func readFile(at path: String) throws -> [UInt8]
    /// The byte count of the regular file at `path`, or `nil` if there is none (or it cannot be read).
    func fileSize(at path: String) -> Int?
    /// Creates a folder and its missing parents.
    func createDirectory(at path: String) throws
    /// Creates a new file exclusively (fails if it exists) with `bytes`.
    func createFile(at path: String, bytes: [UInt8]) throws
    /// Creates a new file exclusively (fails if it exists) with the parts of `bytes`, in order.
    func createFile(at path: String, parts bytes: OutputBytes) throws
    /// Renames `source` to `destination`, replacing it atomically.
    func replaceItem(at destination: String, with source: String) throws
    /// Removes the file (or empty folder) at `path`.
    func removeItem(at path: String) throws
    /// Removes a folder if it is empty (fails otherwise).
    func removeEmptyFolder(at path: String) throws
    /// Takes an exclusive lock on the folder, held until the result is released; `nil` if locks are not supported.
    func lockFolder(at path: String) throws -> FolderLock?
    /// `path` with every symbolic link resolved, or `nil` if it cannot be resolved.
    func realPath(of path: String) -> String?
}

extension BundlerFileSystem {
    /// File systems without a cheaper way (test doubles) read the file.
    public func fileSize(at path: String) -> Int? {
        guard itemKind(at: path) == .file else { return nil }
        return (try? readFile(at: path))?.count
    }
    /// File systems without a way to write parts (test doubles) write them joined.
    public func createFile(at path: String, parts bytes: OutputBytes) throws { try createFile(at: path, bytes: bytes.joined) }
    /// File systems without locks (test doubles) do not lock.
    public func lockFolder(at path: String) throws -> FolderLock? { nil }
    /// File systems that cannot tell folders apart (test doubles) remove the item.
    public func removeEmptyFolder(at path: String) throws { try removeItem(at: path) }
    /// File systems without links (test doubles) return the path unchanged.
    public func realPath(of path: String) -> String? { path }
}
