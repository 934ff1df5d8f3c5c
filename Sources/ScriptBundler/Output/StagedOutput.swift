import Foundation
import ScriptSyntax
import WKPackSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Output files of one build, written to temporary files in the output folder while the build runs and put in
/// place all together (`commit`) or not at all (`discard`).
///
/// `ScriptBundler.build(_:configuration:staging:)` stages each bundle as soon as it is built, so its files are
/// written while other groups are still building; the caller commits once every group has succeeded and its
/// own checks (budgets) pass. A changed file goes to `.<name>.wkpack-<process>-<n>.tmp` next to its target and
/// is renamed over it on commit; a file that already has the bytes is left untouched. The output folder is
/// locked (`flock`) from creation to commit or discard, so concurrent runs on one folder take turns, and
/// temporary files a killed run left for these names are removed. Thread-safe.
public final class StagedOutput: @unchecked Sendable {
    private let fileSystem: any BundlerFileSystem
    private let folder: String
    private let processID = getpid()
    private let mutex = NSLock()
    private var lock: FolderLock?
    /// Folders this staging created (the output folder and missing parents), deepest first: removed again,
    /// when empty, by `discard`, so a failed build leaves no trace.
    private let createdFolders: [String]
    /// Folder entries when staging began: where temporaries left by a killed run are looked for.
    private let entries: [String]
    private var staged: [String: Staged] = [:]
    private var nextTemporary = 0
    private var finished = false

    private struct Staged {
        /// The bytes staged (shared with the bundle, not copied).
        var bytes: OutputBytes
        var outcome: Result<String?, BundlerError>
    }

    /// Creates the output folder if needed and locks it.
    public init(folder: String, fileSystem: any BundlerFileSystem = LocalFileSystem()) throws(BundlerError) {
        self.fileSystem = fileSystem
        self.folder = folder
        var missing: [String] = []
        var path = folder
        while fileSystem.itemKind(at: path) == nil {
            missing.append(path)
            let parent = Paths.normalize(path + "/..")
            if parent == path || parent == "." || parent == "/" { break }
            path = parent
        }
        createdFolders = missing
        do {
            try fileSystem.createDirectory(at: folder)
        } catch {
            throw BundlerError(.writeFailed, at: SourceLocation(path: folder), "cannot create output folder: \(error)")
        }
        do {
            lock = try fileSystem.lockFolder(at: folder)
        } catch {
            throw BundlerError(.writeFailed, at: SourceLocation(path: folder), "cannot lock output folder: \(error)")
        }
        // Without a lock another run may be writing its temporaries right now: none are removed then.
        entries = lock == nil ? [] : ((try? fileSystem.contentsOfDirectory(at: folder)) ?? [])
    }

    /// A staging released without `commit` or `discard` (a caller's bug) still removes its temporary files.
    deinit { if !finished { discard() } }

    /// The files a bundle writes: the bundle, its external map and its license file, in that order.
    /// The map is its parts, written in order without being joined (step 4z).
    static func files(of bundle: GroupBundle) -> [(name: String, bytes: OutputBytes)] {
        var files = [(name: bundle.group.outputFileName, bytes: OutputBytes(bundle.code))]
        if let map = bundle.mapParts, let mapName = bundle.mapFileName { files.append((mapName, map)) }
        if let license = bundle.license, let licenseName = bundle.licenseFileName {
            files.append((licenseName, OutputBytes(license)))
        }
        return files
    }

    /// Writes the bundle's files to temporary files (on the calling thread). A failure is kept and reported by
    /// `commit`.
    func stage(_ bundle: GroupBundle) {
        for file in Self.files(of: bundle) { stage(file.name, file.bytes) }
    }

    /// Writes one file to a temporary file unless its target already has these bytes; a name staged again
    /// replaces its earlier temporary file.
    func stage(_ name: String, _ bytes: [UInt8]) {
        stage(name, OutputBytes(bytes))
    }

    /// `stage` of bytes held as parts: they are written to the temporary file in order, not joined.
    func stage(_ name: String, _ bytes: OutputBytes) {
        let target = Paths.join(folder, name)
        mutex.lock()
        let index = nextTemporary
        nextTemporary += 1
        let previous = staged.removeValue(forKey: name)
        mutex.unlock()
        if case .success(let temporary?)? = previous?.outcome { try? fileSystem.removeItem(at: temporary) }
        removeStaleTemporaries(for: name)
        let outcome: Result<String?, BundlerError>
        // A target of another size differs: only one of the same size is read and compared.
        if fileSystem.fileSize(at: target) == bytes.count, let existing = try? fileSystem.readFile(at: target),
            bytes.equals(existing)
        {
            outcome = .success(nil)
        } else {
            let temporary = Paths.join(folder, ".\(name).wkpack-\(processID)-\(index).tmp")
            do {
                try fileSystem.createFile(at: temporary, parts: bytes)
                outcome = .success(temporary)
            } catch {
                outcome = .failure(BundlerError(.writeFailed, at: SourceLocation(path: target), "cannot write: \(error)"))
            }
        }
        mutex.lock()
        staged[name] = Staged(bytes: bytes, outcome: outcome)
        mutex.unlock()
    }

    /// Puts the files of `bundles` in place, in order, staging those not staged yet (or staged with other
    /// bytes), and releases the folder. Any failure removes every temporary file, leaves the targets as they
    /// were where no rename happened yet, and reports the first failure in order.
    public func commit(_ bundles: [GroupBundle]) throws(BundlerError) -> [WrittenFile] {
        try commit(bundles.flatMap(Self.files(of:)))
    }

    /// `commit` for a list of named files (each staged here if it was not, several at once on the worker pool).
    func commit(_ files: [(name: String, bytes: [UInt8])]) throws(BundlerError) -> [WrittenFile] {
        try commit(files.map { (name: $0.name, bytes: OutputBytes($0.bytes)) })
    }

    /// `commit` for a list of named files held as parts.
    func commit(_ files: [(name: String, bytes: OutputBytes)]) throws(BundlerError) -> [WrittenFile] {
        mutex.lock()
        let missing = files.indices.filter { index in
            guard let item = staged[files[index].name] else { return true }
            return !OutputBytes.same(item.bytes, files[index].bytes)
        }
        mutex.unlock()
        if missing.count == 1 {
            stage(files[missing[0]].name, files[missing[0]].bytes)
        } else if missing.count > 1 {
            WorkerPool.shared.forEach(count: missing.count, leaf: true) { [self] index in
                stage(files[missing[index]].name, files[missing[index]].bytes)
            }
        }
        mutex.lock()
        let current = staged
        mutex.unlock()
        var results: [WrittenFile] = []
        var pending: [(temporary: String, target: String)] = []
        for file in files {
            let target = Paths.join(folder, file.name)
            guard let item = current[file.name] else { continue }
            switch item.outcome {
            case .success(let temporary):
                if let temporary { pending.append((temporary, target)) }
                results.append(WrittenFile(path: target, byteCount: file.bytes.count, changed: temporary != nil))
            case .failure(let error):
                discard()
                throw error
            }
        }
        for (index, item) in pending.enumerated() {
            do {
                try fileSystem.replaceItem(at: item.target, with: item.temporary)
            } catch {
                for rest in pending[index...] { try? fileSystem.removeItem(at: rest.temporary) }
                discard()
                throw BundlerError(.writeFailed, at: SourceLocation(path: item.target), "cannot replace: \(error)")
            }
        }
        mutex.lock()
        // Renamed: nothing is left to remove.
        staged = [:]
        finished = true
        lock = nil
        mutex.unlock()
        return results
    }

    /// Removes every temporary file staged so far, and the folders staging created if they are empty, and
    /// releases the folder; the targets are untouched.
    public func discard() {
        mutex.lock()
        let temporaries = staged.values.compactMap { item -> String? in
            if case .success(let temporary?) = item.outcome { return temporary }
            return nil
        }
        staged = [:]
        finished = true
        mutex.unlock()
        for path in temporaries { try? fileSystem.removeItem(at: path) }
        mutex.lock()
        lock = nil
        mutex.unlock()
        for path in createdFolders { try? fileSystem.removeEmptyFolder(at: path) }
    }

    /// Removes temporary files that a run killed before renaming them left for `name`
    /// (`.<name>.wkpack-<process>-<n>.tmp` of another process). Only with the folder locked.
    private func removeStaleTemporaries(for name: String) {
        let prefix = ".\(name).wkpack-"
        for entry in entries where entry.hasSuffix(".tmp") && entry.hasPrefix(prefix) {
            let middle = entry.utf8.dropFirst(prefix.utf8.count).dropLast(4)
            let parts = middle.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
                String(decoding: parts[0], as: UTF8.self) != String(processID)
            else { continue }
            try? fileSystem.removeItem(at: Paths.join(folder, entry))
        }
    }
}
