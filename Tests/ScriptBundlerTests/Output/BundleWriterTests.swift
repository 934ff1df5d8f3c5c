import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// A file system that fails `createFile` or `replaceItem` for chosen names.
private struct FailingFileSystem: BundlerFileSystem {
    let base = LocalFileSystem()
    var failCreating: String?
    var failReplacing: String?

    struct Injected: Error {}

    func itemKind(at path: String) -> FileItemKind? { base.itemKind(at: path) }
    func contentsOfDirectory(at path: String) throws -> [String] { try base.contentsOfDirectory(at: path) }
    func readFile(at path: String) throws -> [UInt8] { try base.readFile(at: path) }
    func createDirectory(at path: String) throws { try base.createDirectory(at: path) }
    func createFile(at path: String, bytes: [UInt8]) throws {
        if let failCreating, path.contains(failCreating) { throw Injected() }
        try base.createFile(at: path, bytes: bytes)
    }
    func replaceItem(at destination: String, with source: String) throws {
        if let failReplacing, destination.hasSuffix(failReplacing) { throw Injected() }
        try base.replaceItem(at: destination, with: source)
    }
    func removeItem(at path: String) throws { try base.removeItem(at: path) }
}

@Suite struct BundleWriterTests {
    struct Snapshot: Equatable {
        var bytes: [UInt8]
        var inode: UInt64
        var modified: Date
    }

    static func snapshot(_ folder: String) throws -> [String: Snapshot] {
        var result: [String: Snapshot] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            result[name] = Snapshot(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))),
                inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
                modified: attributes[.modificationDate] as? Date ?? .distantPast)
        }
        return result
    }

    static func project() throws -> (folder: String, configuration: BundleConfiguration) {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(
            [
                "UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 1;\n",
                "UserScripts/MainFrame/AtDocumentEnd/b.js": "window.b = 2;\n",
            ], under: folder)
        let configuration = BundleConfiguration(root: folder + "/UserScripts", output: folder + "/Out/Assets", projectFolder: folder)
        return (folder, configuration)
    }

    @Test(
        arguments: [
            ([], [], true),
            ([1, 2, 3], [1, 2, 3], true),
            ([1, 2, 3], [1, 2, 4], false),
            ([9] + [UInt8](repeating: 7, count: 100), [8] + [UInt8](repeating: 7, count: 100), false),
            ([1, 2], [1, 2, 3], false),
            ([], [0], false),
        ] as [([UInt8], [UInt8], Bool)])
    func equalBytesComparesEveryByte(_ a: [UInt8], _ b: [UInt8], _ expected: Bool) {
        #expect(BundleWriter.equalBytes(a, b) == expected)
        #expect(BundleWriter.equalBytes(b, a) == expected)
    }

    @Test func createsTheOutputFolderAndWritesBundlesAndMaps() throws {
        let (folder, configuration) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundler = ScriptBundler()
        let written = try bundler.write(try bundler.build(configuration), to: configuration.output)
        #expect(
            written.map { ($0.path as NSString).lastPathComponent } == [
                "AllFramesAtDocumentStart.js", "AllFramesAtDocumentStart.js.map", "MainFrameAtDocumentEnd.js",
                "MainFrameAtDocumentEnd.js.map",
            ])
        #expect(written.allSatisfy { $0.changed })
        #expect(try Self.snapshot(configuration.output).keys.sorted() == written.map { ($0.path as NSString).lastPathComponent })
    }

    @Test func unchangedFilesAreNotRewrittenAndForeignFilesAreUntouched() throws {
        let (folder, configuration) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(["Out/Assets/foreign.txt": "mine", "Out/Assets/Other.js": "keep me"], under: folder)
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        let before = try Self.snapshot(configuration.output)
        let second = try bundler.write(try bundler.build(configuration), to: configuration.output)
        #expect(second.allSatisfy { !$0.changed })
        #expect(try Self.snapshot(configuration.output) == before)
        #expect(before["foreign.txt"]?.bytes == Array("mine".utf8))
        #expect(before["Other.js"]?.bytes == Array("keep me".utf8))

        // Change one file: only its bundle and map are replaced (new inode), the others keep inode and mtime.
        try TestSupport.write(["UserScripts/MainFrame/AtDocumentEnd/b.js": "window.b = 3;\n"], under: folder)
        let third = try bundler.write(try bundler.build(configuration), to: configuration.output)
        #expect(
            third.filter(\.changed).map { ($0.path as NSString).lastPathComponent } == [
                "MainFrameAtDocumentEnd.js", "MainFrameAtDocumentEnd.js.map",
            ])
        let after = try Self.snapshot(configuration.output)
        #expect(after["AllFramesAtDocumentStart.js"] == before["AllFramesAtDocumentStart.js"])
        #expect(after["foreign.txt"] == before["foreign.txt"])
        #expect(after["MainFrameAtDocumentEnd.js"]?.inode != before["MainFrameAtDocumentEnd.js"]?.inode)
        #expect(after.keys.sorted() == before.keys.sorted())
    }

    @Test func failedBuildLeavesPreviousOutputs() throws {
        let (folder, configuration) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        let before = try Self.snapshot(configuration.output)
        // The first group changes, the second breaks: nothing may be written.
        try TestSupport.write(
            [
                "UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 'changed';\n",
                "UserScripts/MainFrame/AtDocumentEnd/c.js": "let broken = `never closed\n",
            ], under: folder)
        #expect(throws: BundlerError.self) { try bundler.build(configuration) }
        #expect(try Self.snapshot(configuration.output) == before)
    }

    @Test(arguments: ["MainFrameAtDocumentEnd.js.map", "MainFrameAtDocumentEnd.js"])
    func failedWriteLeavesTargetsAndNoTemporaryFiles(failing name: String) throws {
        let (folder, configuration) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ScriptBundler().write(try ScriptBundler().build(configuration), to: configuration.output)
        let before = try Self.snapshot(configuration.output)
        try TestSupport.write(
            [
                "UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 'changed';\n",
                "UserScripts/MainFrame/AtDocumentEnd/b.js": "window.b = 'changed';\n",
            ], under: folder)
        let failing = ScriptBundler(fileSystem: FailingFileSystem(failCreating: "." + name + ".wkpack"))
        let bundles = try failing.build(configuration)
        #expect(throws: BundlerError.self) { try failing.write(bundles, to: configuration.output) }
        #expect(try Self.snapshot(configuration.output) == before)
    }

    @Test func failedRenameRemovesRemainingTemporaryFiles() throws {
        let (folder, configuration) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failing = ScriptBundler(fileSystem: FailingFileSystem(failReplacing: "MainFrameAtDocumentEnd.js"))
        #expect(throws: BundlerError.self) { try failing.write(try failing.build(configuration), to: configuration.output) }
        let names = try FileManager.default.contentsOfDirectory(atPath: configuration.output)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }
}
