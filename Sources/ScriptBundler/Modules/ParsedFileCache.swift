import Foundation

/// One file read, tokenized and (when it may use modules) parsed.
struct ParsedFile: Sendable {
    let bytes: [UInt8]
    let tokens: [JavaScriptToken]
    let analysis: ScopeAnalysis?
}

/// Parsed files shared by the groups of one build (built in parallel), so a package imported by several
/// bundles is read and parsed once.
final class ParsedFileCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: ParsedFile] = [:]

    init() {}

    func file(at path: String) -> ParsedFile? {
        lock.lock()
        defer { lock.unlock() }
        return files[path]
    }

    func store(_ file: ParsedFile, at path: String) {
        lock.lock()
        files[path] = file
        lock.unlock()
    }
}
