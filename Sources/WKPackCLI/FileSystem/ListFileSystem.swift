/// The file operations of the list commands; a seam for tests.
public protocol ListFileSystem: Sendable {
    /// The bytes of the file at `path`, or a short reason it cannot be read.
    func read(_ path: String) -> Result<[UInt8], ListFileProblem>
    /// Calls `body` with the bytes of the file at `path`, borrowed for the call (they must not be kept), or gives a
    /// short reason the file cannot be read (the same reasons as ``read(_:)``).
    func withContents<Value>(of path: String, _ body: (UnsafeRawBufferPointer) -> Value) -> Result<Value, ListFileProblem>
    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename. Creates the folder.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(ListFileProblem)
    /// The lines of the file at `path`, read as they are asked for (a long file is never held whole).
    func lines(_ path: String) -> Result<any LineReader, ListFileProblem>
}

extension ListFileSystem {
    /// Reads the whole file, then lends its bytes.
    public func withContents<Value>(of path: String, _ body: (UnsafeRawBufferPointer) -> Value) -> Result<Value, ListFileProblem> {
        read(path).map { $0.withUnsafeBytes(body) }
    }

    /// Reads the whole file, then hands out its lines.
    public func lines(_ path: String) -> Result<any LineReader, ListFileProblem> {
        read(path).map { BufferLineReader($0) }
    }
}

/// Why a file could not be read or written.
public struct ListFileProblem: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
