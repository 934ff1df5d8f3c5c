import ArgumentParser
import Foundation

/// The file operations of the list commands; a seam for tests.
public protocol ListFileSystem: Sendable {
    /// The bytes of the file at `path`, or a short reason it cannot be read.
    func read(_ path: String) -> Result<[UInt8], ListFileProblem>
    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename. Creates the folder.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(ListFileProblem)
}

/// Why a file could not be read or written.
public struct ListFileProblem: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// The real file system.
public struct LocalListFileSystem: ListFileSystem {
    public init() {}

    public func read(_ path: String) -> Result<[UInt8], ListFileProblem> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(ListFileProblem("no such file")) }
        if isDirectory.boolValue { return .failure(ListFileProblem("is a directory, not a file")) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(ListFileProblem("cannot read the file")) }
        return .success([UInt8](data))
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

/// What a list command prints and its exit status, kept apart from printing so tests can call the work directly.
public struct ListCommandOutcome: Sendable, Equatable {
    public var standardOutput = ""
    public var standardError = ""
    public var exitCode: Int32 = 0

    public init() {}

    /// Prints the outcome and exits with its status when it is not 0.
    func emit() throws {
        if !standardError.isEmpty { FileHandle.standardError.write(Data(standardError.utf8)) }
        if !standardOutput.isEmpty { FileHandle.standardOutput.write(Data(standardOutput.utf8)) }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
