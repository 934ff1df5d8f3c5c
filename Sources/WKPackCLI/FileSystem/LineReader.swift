import Foundation

/// The lines of a file, read one at a time so that a long file is never held whole.
public protocol LineReader: AnyObject {
    /// The next line without its line break (a trailing carriage return is kept), nil after the last line.
    func nextLine() throws(ListFileProblem) -> [UInt8]?
}

/// Lines of bytes already in memory (the default for file systems that only read whole files).
public final class BufferLineReader: LineReader {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public func nextLine() throws(ListFileProblem) -> [UInt8]? {
        guard position < bytes.count else { return nil }
        let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
        let line = Array(bytes[position..<end])
        position = end + 1
        return line
    }
}

/// Lines of a file on disk, read a block at a time.
public final class FileLineReader: LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private let blockSize: Int

    /// Opens `path`; fails when it is missing, a directory or unreadable.
    public init(path: String, blockSize: Int = 1 << 20) throws(ListFileProblem) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ListFileProblem("no such file") }
        if isDirectory.boolValue { throw ListFileProblem("is a directory, not a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ListFileProblem("cannot read the file") }
        self.handle = handle
        self.blockSize = max(1, blockSize)
    }

    deinit {
        try? handle.close()
    }

    public func nextLine() throws(ListFileProblem) -> [UInt8]? {
        while true {
            if let end = buffer[position...].firstIndex(of: 0x0A) {
                let line = Array(buffer[position..<end])
                position = end + 1
                return line
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                return line
            }
            buffer.removeFirst(position)
            position = 0
            let block: Data?
            do {
                block = try handle.read(upToCount: blockSize)
            } catch {
                throw ListFileProblem("cannot read the file")
            }
            if let block, !block.isEmpty { buffer.append(contentsOf: block) } else { atEnd = true }
        }
    }
}
