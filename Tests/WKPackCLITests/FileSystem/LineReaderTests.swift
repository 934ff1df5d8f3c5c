import Foundation
import Testing

@testable import WKPackCLI

@Suite struct LineReaderTests {
    static func allLines(_ reader: any LineReader) throws -> [String] {
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    /// Lines that straddle blocks, an empty line, a carriage return kept, no line break at the end.
    @Test(arguments: [1, 2, 5, 64, 1 << 20])
    func fileLinesMatchTheBufferLines(blockSize: Int) throws {
        let text = "first line\n\nthird\r\n{\"url\":\"http://a.example/\"}\nlast without break"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("r.jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let expected = ["first line", "", "third\r", "{\"url\":\"http://a.example/\"}", "last without break"]
        #expect(try Self.allLines(FileLineReader(path: path, blockSize: blockSize)) == expected)
        #expect(try Self.allLines(BufferLineReader(Array(text.utf8))) == expected)
        #expect(try Self.allLines(BufferLineReader(Array((text + "\n").utf8))) == expected)
    }

    @Test func missingFilesAndFoldersAreRefused() {
        #expect(throws: ListFileProblem("no such file")) { try FileLineReader(path: "/nonexistent/wkpack/r.jsonl") }
        #expect(throws: ListFileProblem("is a directory, not a file")) {
            try FileLineReader(path: FileManager.default.temporaryDirectory.path)
        }
    }
}
