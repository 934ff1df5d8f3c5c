import Foundation
import Testing

@testable import WKPackCLI

@Suite struct MappedFileTests {
    /// A fresh folder for one test, removed by `body`'s caller.
    private static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// A regular file is mapped, and its bytes are the file's, whether its size is a multiple of the page or not.
    @Test(arguments: [1, 4095, 4096, 4097, 70_001])
    func regularFilesAreMappedWhole(size: Int) throws {
        try Self.withFolder { folder in
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder.appendingPathComponent("list.json").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(MappedFile.withBytes(ofFile: path) { Array($0) } == bytes)
            #expect(try LocalListFileSystem().withContents(of: path) { Array($0) }.get() == bytes)
        }
    }

    /// What cannot be mapped is read instead, with the reasons `read` gives.
    @Test func filesThatCannotBeMappedAreRead() throws {
        try Self.withFolder { folder in
            let empty = folder.appendingPathComponent("empty.json").path
            try Data().write(to: URL(fileURLWithPath: empty))
            #expect(MappedFile.withBytes(ofFile: empty) { $0.count } == nil)
            #expect(try LocalListFileSystem().withContents(of: empty) { $0.count }.get() == 0)

            #expect(MappedFile.withBytes(ofFile: folder.path) { $0.count } == nil)
            #expect(
                LocalListFileSystem().withContents(of: folder.path) { $0.count } == .failure(ListFileProblem("is a directory, not a file")))

            let missing = folder.appendingPathComponent("missing.json").path
            #expect(MappedFile.withBytes(ofFile: missing) { $0.count } == nil)
            #expect(LocalListFileSystem().withContents(of: missing) { $0.count } == .failure(ListFileProblem("no such file")))
        }
        // A device is not a regular file.
        #expect(MappedFile.withBytes(ofFile: "/dev/null") { $0.count } == nil)
    }

    /// `rules check` of a mapped file reports what it reports for the same bytes in memory.
    @Test func checkingAMappedFileReportsAsForBytesInMemory() throws {
        let list = """
            [
              {"trigger": {"url-filter": "ads"}, "action": {"type": "block"}},
              {"trigger": {"url-filter": "ads"}, "action": {"type": "block"}},
              {"trigger": {"url-filter": "(a"}, "action": {"type": "block"}}
            ]
            """
        try Self.withFolder { folder in
            let path = folder.appendingPathComponent("list.json").path
            try Data(list.utf8).write(to: URL(fileURLWithPath: path))
            for format in ["text", "json", "github"] {
                let mapped = RulesCheckRunner.run(files: [path], target: "safari26", maxRules: nil, maxBytes: nil, format: format)
                let inMemory = RulesCheckRunner.run(
                    files: [path], target: "safari26", maxRules: nil, maxBytes: nil, format: format,
                    fileSystem: InMemoryListFileSystem([path: list]))
                #expect(mapped.standardOutput == inMemory.standardOutput)
                #expect(mapped.exitCode == 1 && inMemory.exitCode == 1)
                #expect(mapped.standardOutput.contains("duplicates rule 0"))
            }
        }
    }
}
