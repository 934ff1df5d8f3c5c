#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes outputs atomically: every changed file goes to a temporary file in the output folder first;
/// only when all temporary files exist are they renamed over the targets. Unchanged files are not touched.
struct BundleWriter {
    let fileSystem: any BundlerFileSystem

    func write(_ files: [(name: String, bytes: [UInt8])], to folder: String) throws(BundlerError) -> [WrittenFile] {
        do {
            try fileSystem.createDirectory(at: folder)
        } catch {
            throw BundlerError(.writeFailed, at: SourceLocation(path: folder), "cannot create output folder: \(error)")
        }
        var results: [WrittenFile] = []
        var pending: [(temporary: String, target: String)] = []
        let processID = getpid()
        for (index, file) in files.enumerated() {
            let target = Paths.join(folder, file.name)
            if fileSystem.itemKind(at: target) == .file, let existing = try? fileSystem.readFile(at: target), existing == file.bytes {
                results.append(WrittenFile(path: target, byteCount: file.bytes.count, changed: false))
                continue
            }
            let temporary = Paths.join(folder, ".\(file.name).wkpack-\(processID)-\(index).tmp")
            do {
                try fileSystem.createFile(at: temporary, bytes: file.bytes)
            } catch {
                discard(pending.map(\.temporary))
                throw BundlerError(.writeFailed, at: SourceLocation(path: target), "cannot write: \(error)")
            }
            pending.append((temporary, target))
            results.append(WrittenFile(path: target, byteCount: file.bytes.count, changed: true))
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

    private func discard(_ temporaries: [String]) {
        for path in temporaries { try? fileSystem.removeItem(at: path) }
    }
}
