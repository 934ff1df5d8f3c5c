import Foundation

/// One file read, tokenized and (when it may use modules) parsed.
struct ParsedFile: Sendable {
    let bytes: [UInt8]
    let tokens: [JavaScriptToken]
    let analysis: ScopeAnalysis?
    /// The minifier's results for the pieces that copy this file, shared by the bundles that hold it.
    let passMemo = MinifierPassMemo()
}

/// Parsed files shared by the groups of one build (built in parallel), so a package imported by several
/// bundles is read and parsed once; in watch mode kept between builds, minus the files that changed.
final class ParsedFileCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: ParsedFile] = [:]

    init() {}

    func file(at path: String) -> ParsedFile? {
        lock.lock()
        defer { lock.unlock() }
        return files[path]
    }

    /// Forgets `paths` (files, or folders: everything under them).
    func invalidate(_ paths: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        for key in files.keys where paths.contains(key) || paths.contains(where: { key.hasPrefix($0 + "/") }) {
            files[key] = nil
        }
    }

    func store(_ file: ParsedFile, at path: String) {
        lock.lock()
        files[path] = file
        lock.unlock()
    }
}
