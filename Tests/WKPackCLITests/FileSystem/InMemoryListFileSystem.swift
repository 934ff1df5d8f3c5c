import Foundation
import Synchronization

@testable import WKPackCLI

/// A file system in memory for the list commands' tests.
final class InMemoryListFileSystem: ListFileSystem {
    private let storage: Mutex<[String: [UInt8]]>
    private let directories: Set<String>

    init(_ files: [String: String], directories: Set<String> = []) {
        storage = Mutex(files.mapValues { Array($0.utf8) })
        self.directories = directories
    }

    var files: [String: [UInt8]] { storage.withLock { $0 } }

    func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

    func read(_ path: String) -> Result<[UInt8], ListFileProblem> {
        if directories.contains(path) { return .failure(ListFileProblem("is a directory, not a file")) }
        guard let bytes = files[path] else { return .failure(ListFileProblem("no such file")) }
        return .success(bytes)
    }

    func writeAtomically(_ bytes: [UInt8], to path: String) throws(ListFileProblem) {
        storage.withLock { $0[path] = bytes }
    }
}
