import Foundation
import ScriptBundler

/// The real file system.
public struct LocalListFileSystem: ListFileSystem {
    public init() {}

    public func read(_ path: String) -> Result<[UInt8], ListFileProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ListFileProblem("no such file"))
        }
        if isDirectory.boolValue { return .failure(ListFileProblem("is a directory, not a file")) }
        guard let bytes = try? LocalFileSystem().readFile(at: path) else { return .failure(ListFileProblem("cannot read the file")) }
        return .success(bytes)
    }

    /// Maps a regular file read-only for the call (no copy of its bytes); reads anything else (a pipe, an empty
    /// file, a file that cannot be mapped), and reports a file that cannot be read as ``read(_:)`` does.
    public func withContents<Value>(of path: String, _ body: (UnsafeRawBufferPointer) -> Value) -> Result<Value, ListFileProblem> {
        if let value = MappedFile.withBytes(ofFile: path, body) { return .success(value) }
        return read(path).map { $0.withUnsafeBytes(body) }
    }

    public func lines(_ path: String) -> Result<any LineReader, ListFileProblem> {
        do {
            return .success(try FileLineReader(path: path))
        } catch {
            return .failure(error)
        }
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws(ListFileProblem) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ListFileProblem("cannot create the folder \(folder.path)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).wkpack-\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            throw ListFileProblem("cannot write \(temporary.path)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ListFileProblem("cannot rename \(temporary.path) to \(url.path): \(reason)")
        }
    }
}
