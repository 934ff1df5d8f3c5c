import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Reading files into room that is not filled first: every byte comes back, whatever the size the file reports.
@Suite struct LocalFileSystemTests {
    @Test(arguments: [0, 1, 4095, 4096, 4097, 200_000])
    func readGivesEveryByte(_ count: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fileSystem = LocalFileSystem()
        #expect(try fileSystem.readFile(at: path) == bytes)
        #expect(fileSystem.fileSize(at: path) == count)
    }

    /// A file whose reported size is 0 but that has contents (a kernel file) is read to its end.
    @Test func fileLargerThanItsReportedSize() throws {
        let path = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: path) else {
            print("skipped: \(path) is missing (not Linux)")
            return
        }
        let bytes = try LocalFileSystem().readFile(at: path)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
        #expect(bytes.count > 100)
    }

    @Test func sizeOfAFolderOrNothingIsNil() {
        let fileSystem = LocalFileSystem()
        #expect(fileSystem.fileSize(at: FileManager.default.temporaryDirectory.path) == nil)
        #expect(fileSystem.fileSize(at: "/nonexistent/wkpack/file") == nil)
    }

    @Test func missingFileThrows() {
        #expect(throws: (any Error).self) { try LocalFileSystem().readFile(at: "/nonexistent/wkpack/file") }
    }
}
