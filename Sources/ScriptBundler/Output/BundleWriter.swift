import WKPackSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes outputs atomically: every changed file goes to a temporary file in the output folder first;
/// only when all temporary files exist are they renamed over the targets. Unchanged files are not touched.
/// The whole write holds an advisory lock on the output folder (`flock`), so concurrent runs do not interleave.
struct BundleWriter {
    let fileSystem: any BundlerFileSystem

    func write(_ files: [(name: String, bytes: [UInt8])], to folder: String) throws(BundlerError) -> [WrittenFile] {
        do {
            try fileSystem.createDirectory(at: folder)
        } catch {
            throw BundlerError(.writeFailed, at: SourceLocation(path: folder), "cannot create output folder: \(error)")
        }
        // Concurrent runs on one output folder take turns, so the later one wins with a complete set of files.
        let lock: FolderLock?
        do {
            lock = try fileSystem.lockFolder(at: folder)
        } catch {
            throw BundlerError(.writeFailed, at: SourceLocation(path: folder), "cannot lock output folder: \(error)")
        }
        defer { withExtendedLifetime(lock) {} }
        if lock != nil { removeStaleTemporaries(for: files.map(\.name), in: folder) }
        // Temporary files are written in parallel; any failure discards them all and reports the first in order.
        let processID = getpid()
        let staged = IndexedResults<Result<(temporary: String?, written: WrittenFile), BundlerError>>.map(count: files.count) { [fileSystem] index in
            let file = files[index]
            let target = Paths.join(folder, file.name)
            if fileSystem.itemKind(at: target) == .file, let existing = try? fileSystem.readFile(at: target), Self.equalBytes(existing, file.bytes) {
                return .success((nil, WrittenFile(path: target, byteCount: file.bytes.count, changed: false)))
            }
            let temporary = Paths.join(folder, ".\(file.name).wkpack-\(processID)-\(index).tmp")
            do {
                try fileSystem.createFile(at: temporary, bytes: file.bytes)
            } catch {
                return .failure(BundlerError(.writeFailed, at: SourceLocation(path: target), "cannot write: \(error)"))
            }
            return .success((temporary, WrittenFile(path: target, byteCount: file.bytes.count, changed: true)))
        }
        var results: [WrittenFile] = []
        var pending: [(temporary: String, target: String)] = []
        var failure: BundlerError?
        for case let result? in staged {
            switch result {
            case .success(let item):
                if let temporary = item.temporary { pending.append((temporary, item.written.path)) }
                results.append(item.written)
            case .failure(let error):
                if failure == nil { failure = error }
            }
        }
        if let failure {
            discard(pending.map(\.temporary))
            throw failure
        }
        for (index, item) in pending.enumerated() {
            do {
                try fileSystem.replaceItem(at: item.target, with: item.temporary)
            } catch {
                discard(pending[index...].map(\.temporary))
                throw BundlerError(.writeFailed, at: SourceLocation(path: item.target), "cannot replace: \(error)")
            }
        }
        return results
    }

    /// Whether `a` and `b` hold the same bytes (one `memcmp`, not an element-by-element loop).
    static func equalBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    /// Removes temporary files this writer created for `names` in a run that was killed before renaming them.
    /// Only called under the folder lock, when no other run can be writing.
    private func removeStaleTemporaries(for names: [String], in folder: String) {
        guard let entries = try? fileSystem.contentsOfDirectory(at: folder) else { return }
        for entry in entries where entry.hasSuffix(".tmp") {
            for name in names where entry.hasPrefix(".\(name).wkpack-") {
                // `.<name>.wkpack-<process>-<index>.tmp`
                let middle = entry.utf8.dropFirst(name.utf8.count + 9).dropLast(4)
                let parts = middle.split(separator: UInt8(ascii: "-"))
                guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { continue }
                try? fileSystem.removeItem(at: Paths.join(folder, entry))
            }
        }
    }

    private func discard(_ temporaries: [String]) {
        for path in temporaries { try? fileSystem.removeItem(at: path) }
    }
}
