import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

@Suite struct StagedOutputTests {
    static func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    static func contents(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func bundlesAreWrittenWhileBuildingAndAppearOnlyOnCommit() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundler = ScriptBundler()
        let staging = try bundler.stageOutputs(to: configuration.output)
        let bundles = try bundler.build(bundler.discoverGroups(configuration), configuration: configuration, staging: staging)
        // Built and staged: four temporary files, no target yet.
        let before = try Self.names(configuration.output)
        #expect(before.count == 4)
        #expect(before.allSatisfy { $0.hasPrefix(".") && $0.hasSuffix(".tmp") && $0.contains(".wkpack-\(getpid())-") })

        let written = try staging.commit(bundles)
        #expect(
            written.map { ($0.path as NSString).lastPathComponent } == [
                "AllFramesAtDocumentStart.js", "AllFramesAtDocumentStart.js.map", "MainFrameAtDocumentEnd.js",
                "MainFrameAtDocumentEnd.js.map",
            ])
        #expect(written.allSatisfy { $0.changed })
        #expect(try Self.names(configuration.output) == written.map { ($0.path as NSString).lastPathComponent })
        for bundle in bundles {
            #expect(try Self.contents(configuration.output + "/" + bundle.group.outputFileName) == bundle.code)
            if let map = bundle.map, let name = bundle.mapFileName {
                #expect(try Self.contents(configuration.output + "/" + name) == map)
            }
        }
    }

    @Test func discardLeavesPreviousOutputsAsTheyWere() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        let before = try BundleWriterTests.snapshot(configuration.output)
        try TestSupport.write(["UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 'changed';\n"], under: folder)
        let staging = try bundler.stageOutputs(to: configuration.output)
        _ = try bundler.build(bundler.discoverGroups(configuration), configuration: configuration, staging: staging)
        #expect(try Self.names(configuration.output).contains { $0.hasSuffix(".tmp") })
        staging.discard()
        #expect(try BundleWriterTests.snapshot(configuration.output) == before)
    }

    @Test func aFailedBuildRemovesTheFoldersStagingCreated() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // One group builds (and is staged), the other fails.
        try TestSupport.write(["UserScripts/MainFrame/AtDocumentEnd/c.js": "let broken = `never closed\n"], under: folder)
        let bundler = ScriptBundler()
        do {
            let staging = try bundler.stageOutputs(to: configuration.output)
            #expect(FileManager.default.fileExists(atPath: configuration.output))
            #expect(throws: BundlerError.self) {
                try bundler.build(bundler.discoverGroups(configuration), configuration: configuration, staging: staging)
            }
            staging.discard()
        }
        // `Out/Assets` did not exist: neither folder is left.
        #expect(!FileManager.default.fileExists(atPath: folder + "/Out"))
    }

    @Test func discardKeepsAnOutputFolderThatExistedBefore() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(["Out/Assets/foreign.txt": "mine"], under: folder)
        let bundler = ScriptBundler()
        let staging = try bundler.stageOutputs(to: configuration.output)
        _ = try bundler.build(bundler.discoverGroups(configuration), configuration: configuration, staging: staging)
        #expect(try Self.names(configuration.output).count == 5)
        staging.discard()
        #expect(try Self.names(configuration.output) == ["foreign.txt"])
    }

    @Test func commitWritesWhatWasNotStagedOrStagedWithOtherBytes() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundler = ScriptBundler()
        let bundles = try bundler.build(configuration)
        let staging = try bundler.stageOutputs(to: configuration.output)
        staging.stage(bundles[0].group.outputFileName, Array("stale".utf8))
        staging.stage("MainFrameAtDocumentEnd.js", bundles[1].code)
        let written = try staging.commit(bundles)
        #expect(written.count == 4)
        #expect(try Self.contents(configuration.output + "/" + bundles[0].group.outputFileName) == bundles[0].code)
        #expect(try Self.contents(configuration.output + "/MainFrameAtDocumentEnd.js") == bundles[1].code)
        #expect(try !Self.names(configuration.output).contains { $0.hasSuffix(".tmp") })
    }

    @Test func stagingANameAgainReplacesItsTemporaryFile() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let staging = try StagedOutput(folder: folder + "/Out")
        staging.stage("a.js", Array("one".utf8))
        staging.stage("a.js", Array("two".utf8))
        #expect(try Self.names(folder + "/Out").filter { $0.hasSuffix(".tmp") }.count == 1)
        _ = try staging.commit([(name: "a.js", bytes: Array("two".utf8))])
        #expect(try Self.names(folder + "/Out") == ["a.js"])
        #expect(try Self.contents(folder + "/Out/a.js") == Array("two".utf8))
    }

    @Test func temporariesOfAKilledRunAreRemovedAndNothingElse() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let leftovers = [
            ".AllFramesAtDocumentStart.js.wkpack-999999-3.tmp",  // another run's: removed
            ".AllFramesAtDocumentStart.js.wkpack-x-3.tmp",  // not the pattern: kept
            ".Other.js.wkpack-999999-1.tmp",  // not a name this build writes: kept
            "notes.tmp",
        ]
        try TestSupport.write(Dictionary(uniqueKeysWithValues: leftovers.map { ("Out/Assets/" + $0, "x") }), under: folder)
        let bundler = ScriptBundler()
        let staging = try bundler.stageOutputs(to: configuration.output)
        let bundles = try bundler.build(bundler.discoverGroups(configuration), configuration: configuration, staging: staging)
        _ = try staging.commit(bundles)
        let names = try Self.names(configuration.output)
        #expect(!names.contains(leftovers[0]))
        #expect(names.contains(leftovers[1]) && names.contains(leftovers[2]) && names.contains(leftovers[3]))
        #expect(names.filter { !$0.hasSuffix(".tmp") }.count == 4)
    }

    @Test func unchangedFilesAreNotStaged() throws {
        let (folder, configuration) = try BundleWriterTests.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundler = ScriptBundler()
        _ = try bundler.write(try bundler.build(configuration), to: configuration.output)
        let before = try BundleWriterTests.snapshot(configuration.output)
        let staging = try bundler.stageOutputs(to: configuration.output)
        let bundles = try bundler.build(bundler.discoverGroups(configuration), configuration: configuration, staging: staging)
        #expect(try !Self.names(configuration.output).contains { $0.hasSuffix(".tmp") })
        let written = try staging.commit(bundles)
        #expect(written.count == 4 && written.allSatisfy { !$0.changed })
        #expect(try BundleWriterTests.snapshot(configuration.output) == before)
    }

    /// Counts the reads of each file, and reads through the real file system.
    private final class ReadCountingFileSystem: BundlerFileSystem, @unchecked Sendable {
        let local = LocalFileSystem()
        private let lock = NSLock()
        private var reads: [String: Int] = [:]
        func readCount(_ path: String) -> Int { lock.withLock { reads[path, default: 0] } }
        func itemKind(at path: String) -> FileItemKind? { local.itemKind(at: path) }
        func contentsOfDirectory(at path: String) throws -> [String] { try local.contentsOfDirectory(at: path) }
        func readFile(at path: String) throws -> [UInt8] {
            lock.withLock { reads[path, default: 0] += 1 }
            return try local.readFile(at: path)
        }
        func fileSize(at path: String) -> Int? { local.fileSize(at: path) }
        func createDirectory(at path: String) throws { try local.createDirectory(at: path) }
        func createFile(at path: String, bytes: [UInt8]) throws { try local.createFile(at: path, bytes: bytes) }
        func replaceItem(at destination: String, with source: String) throws { try local.replaceItem(at: destination, with: source) }
        func removeItem(at path: String) throws { try local.removeItem(at: path) }
        func removeEmptyFolder(at path: String) throws { try local.removeEmptyFolder(at: path) }
        func lockFolder(at path: String) throws -> FolderLock? { try local.lockFolder(at: path) }
        func realPath(of path: String) -> String? { local.realPath(of: path) }
    }

    /// An existing output of another size is replaced without being read; one of the same size is read and
    /// compared, and left alone when equal.
    @Test func onlyTargetsOfTheSameSizeAreReadToCompare() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wkpack-staged-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: folder + "/a.js"))
        try Data("same".utf8).write(to: URL(fileURLWithPath: folder + "/b.js"))
        try Data("abcd".utf8).write(to: URL(fileURLWithPath: folder + "/c.js"))
        let fileSystem = ReadCountingFileSystem()
        let staging = try StagedOutput(folder: folder, fileSystem: fileSystem)
        let written = try staging.commit([("a.js", Array("new".utf8)), ("b.js", Array("same".utf8)), ("c.js", Array("wxyz".utf8))])
        #expect(written.map(\.changed) == [true, false, true])
        #expect(fileSystem.readCount(folder + "/a.js") == 0)
        #expect(fileSystem.readCount(folder + "/b.js") == 1)
        #expect(fileSystem.readCount(folder + "/c.js") == 1)
        #expect(try Self.contents(folder + "/a.js") == Array("new".utf8))
        #expect(try Self.contents(folder + "/b.js") == Array("same".utf8))
        #expect(try Self.contents(folder + "/c.js") == Array("wxyz".utf8))
    }
}
