import Foundation
import ScriptSyntax
import WKPackSupport

/// File contents and their tokens kept between builds, so watch mode re-reads only the files that changed
/// and re-tokenizes only the files whose bytes changed. Thread-safe (groups build in parallel).
public final class SourceCache: @unchecked Sendable {
    private struct Entry {
        var bytes: [UInt8]
        /// Set when the file may have changed on disk: the next read goes to the file system.
        var stale: Bool
        var tokenization: JavaScriptTokenization?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var reads = 0
    private var tokenizations = 0

    /// Creates an empty cache.
    public init() {}

    /// How many files were read from the file system and how many were tokenized, since creation.
    public var counts: (reads: Int, tokenizations: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (reads, tokenizations)
    }

    /// Marks `paths` (files, or folders: everything under them) as possibly changed.
    public func invalidate(_ paths: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        for key in entries.keys {
            if paths.contains(key) || paths.contains(where: { key.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                entries[key]?.stale = true
            }
        }
    }

    /// The file's bytes: cached unless invalidated since the last read.
    public func bytes(at path: String, fileSystem: any BundlerFileSystem) throws -> [UInt8] {
        lock.lock()
        if let entry = entries[path], !entry.stale {
            lock.unlock()
            return entry.bytes
        }
        lock.unlock()
        let bytes = try fileSystem.readFile(at: path)
        lock.lock()
        defer { lock.unlock() }
        reads += 1
        if var entry = entries[path] {
            if entry.bytes != bytes { entry.tokenization = nil }
            entry.bytes = bytes
            entry.stale = false
            entries[path] = entry
        } else {
            entries[path] = Entry(bytes: bytes, stale: false, tokenization: nil)
        }
        return bytes
    }

    /// The tokens of `bytes` (the current content of `path`): cached when the content is unchanged.
    public func tokenization(at path: String, bytes: [UInt8]) throws(JavaScriptSyntaxError) -> JavaScriptTokenization {
        lock.lock()
        if let entry = entries[path], let tokenization = entry.tokenization, entry.bytes == bytes {
            lock.unlock()
            return tokenization
        }
        lock.unlock()
        let tokenization = try JavaScriptTokenizer.tokenize(bytes)
        lock.lock()
        defer { lock.unlock() }
        tokenizations += 1
        if entries[path]?.bytes == bytes { entries[path]?.tokenization = tokenization }
        return tokenization
    }
}

/// Watch mode's sources for `ScriptBundler`: each group reads through the cache and has its inputs recorded.
extension SourceCache: BuildSourceProvider {
    func groupReader(over base: any BundlerFileSystem) -> any GroupSourceReader {
        RecordingFileSystem(base: base, cache: self)
    }
}
