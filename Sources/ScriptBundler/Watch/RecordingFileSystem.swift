import Foundation
import ScriptSyntax
import WKPackSupport

/// Reads files through the source cache and records every path a group's build looked at (files read, items
/// probed, folders listed), so watch mode knows which groups a change affects, including imported modules and
/// `node_modules` packages outside the group's folder and paths that did not exist yet. A listed folder is
/// recorded twice: as a path, and as its listing (the path with a trailing `/`, see `listing(_:)`).
final class RecordingFileSystem: GroupSourceReader, @unchecked Sendable {
    private let base: any BundlerFileSystem
    private let cache: SourceCache
    private let lock = NSLock()
    private var paths: Set<String> = []

    init(base: any BundlerFileSystem, cache: SourceCache) {
        self.base = base
        self.cache = cache
    }

    /// The recorded entry of `folder`'s listing (absolute, normalized): `folder` followed by `/`.
    static func listing(_ folder: String) -> String { folder == "/" ? "/" : folder + "/" }

    /// Whether a recorded path is a folder's listing.
    static func isListing(_ path: String) -> Bool { path.hasSuffix("/") }

    /// The recorded paths, absolute and normalized.
    var recorded: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }

    var recordedInputs: Set<String> { recorded }

    /// The cached tokens of `bytes`, tokenized now when the content changed.
    func tokenization(at path: String, bytes: [UInt8]) throws(JavaScriptSyntaxError) -> JavaScriptTokenization? {
        try cache.tokenization(at: path, bytes: bytes)
    }

    private func record(_ path: String) {
        let absolute = AbsolutePath.make(path)
        lock.lock()
        paths.insert(absolute)
        lock.unlock()
    }

    func itemKind(at path: String) -> FileItemKind? {
        record(path)
        return base.itemKind(at: path)
    }

    func contentsOfDirectory(at path: String) throws -> [String] {
        record(path)
        let listing = Self.listing(AbsolutePath.make(path))
        lock.lock()
        paths.insert(listing)
        lock.unlock()
        return try base.contentsOfDirectory(at: path)
    }

    func readFile(at path: String) throws -> [UInt8] {
        record(path)
        return try cache.bytes(at: AbsolutePath.make(path), fileSystem: base)
    }

    func createDirectory(at path: String) throws { try base.createDirectory(at: path) }
    func createFile(at path: String, bytes: [UInt8]) throws { try base.createFile(at: path, bytes: bytes) }
    func createFile(at path: String, parts bytes: OutputBytes) throws { try base.createFile(at: path, parts: bytes) }
    func replaceItem(at destination: String, with source: String) throws { try base.replaceItem(at: destination, with: source) }
    func removeItem(at path: String) throws { try base.removeItem(at: path) }
    func realPath(of path: String) -> String? { base.realPath(of: path) }
}
