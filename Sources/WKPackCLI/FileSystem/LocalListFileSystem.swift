import Foundation

/// The real file system.
public struct LocalListFileSystem: ListFileSystem {
    public init() {}

    public func read(_ path: String) -> Result<[UInt8], ListFileProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(ListFileProblem("no such file")) }
        if isDirectory.boolValue { return .failure(ListFileProblem("is a directory, not a file")) }
        guard let bytes = Self.readBytes(path) else { return .failure(ListFileProblem("cannot read the file")) }
        return .success(bytes)
    }

    /// Reads a whole file straight into a byte array (no intermediate `Data` copy: lists can be hundreds of MB).
    private static func readBytes(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil else { return nil }
        let descriptor = handle.fileDescriptor
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var total = 0
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while total < buffer.count {
                let count = readFromDescriptor(descriptor, base + total, buffer.count - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if count == 0 { break }
                total += count
            }
            return true
        }
        guard complete else { return nil }
        if total < bytes.count { bytes.removeLast(bytes.count - total) }
        return bytes
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

/// The C library's `read`, outside the type whose `read(_:)` method would shadow it.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
