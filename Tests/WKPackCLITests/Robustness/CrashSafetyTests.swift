import Foundation
import Testing
import WKPackTestSupport

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackCLI
@testable import WKPackSupport

/// `wkpack build` killed at random points, or run while another run holds the output folder: every output
/// is always a complete old or complete new file, and the next run cleans up what a killed run left.
@Suite(.serialized) struct CrashSafetyTests {
    static let groupCount = 12

    /// A project with `groupCount` groups of about 1 MB each; `version` changes every file's contents.
    static func writeProject(_ folder: String, version: Int) throws {
        var config = "scripts:\n  mode: development\n  sourceMaps: external\n  groups:\n"
        var files: [String: String] = [:]
        for group in 0..<groupCount {
            config += "    - name: G\(group)\n      folder: G\(group)\n"
            var text = "var version = \(version);\n"
            for line in 0..<4_000 { text += "function f\(line)(a, b) { return a * \(line + version) + b['k\(line)'] - version; }\n" }
            files["UserScripts/G\(group)/main.js"] = text
        }
        files["wkpack.yml"] = config
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    static func contents(of folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return result
    }

    static func startBuild(in folder: String) throws -> ChildProcess? {
        guard let executable = CommandLineTests.executable else {
            print("the wkpack executable was not found next to the test bundle; skipping")
            return nil
        }
        return try ChildProcess(executable, ["build"], currentDirectory: folder, output: .null, error: .null)
    }

    @Test func killedBuildsLeaveOnlyCompleteOldOrNewOutputs() throws {
        let folder = try CommandLineTests.project([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The new outputs, built once to completion in a copy of the project.
        try Self.writeProject(folder + "/new", version: 2)
        let started = ContinuousClock.now
        guard let newBuild = try Self.startBuild(in: folder + "/new") else { return }
        newBuild.wait()
        // Kills are spread over one build's duration on this machine, so they land in every phase.
        let (seconds, attoseconds) = (ContinuousClock.now - started).components
        let buildMicroseconds = UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        #expect(newBuild.wait() == 0)
        let new = try Self.contents(of: folder + "/new/Assets")
        #expect(new.count == Self.groupCount * 2)

        try Self.writeProject(folder + "/work", version: 1)
        guard let oldBuild = try Self.startBuild(in: folder + "/work") else { return }
        oldBuild.wait()
        let old = try Self.contents(of: folder + "/work/Assets")
        #expect(old.count == new.count)
        try Self.writeProject(folder + "/work", version: 2)

        var generator = SystemRandomNumberGenerator()
        var sawMixed = false
        for attempt in 0..<8 {
            guard let build = try Self.startBuild(in: folder + "/work") else { return }
            // Kill at a random point between start and (typically) the end of the write phase.
            usleep(UInt32.random(in: 0...max(buildMicroseconds, 1_000), using: &generator))
            build.send(SIGKILL)
            build.wait()
            var oldCount = 0, newCount = 0
            for (name, data) in try Self.contents(of: folder + "/work/Assets") {
                if name.hasSuffix(".tmp") {
                    #expect(name.hasPrefix(".") && name.contains(".wkpack-"), "unexpected file \(name)")
                    continue
                }
                if data == old[name] {
                    oldCount += 1
                } else if data == new[name] {
                    newCount += 1
                } else {
                    Issue.record("attempt \(attempt): \(name) is neither the complete old nor the complete new file (\(data.count) bytes)")
                }
            }
            #expect(oldCount + newCount == new.count)
            if oldCount > 0, newCount > 0 { sawMixed = true }
            if newCount == new.count { break }
            // Put the old outputs back so the next kill again races the write phase.
            for (name, data) in old { try data.write(to: URL(fileURLWithPath: folder + "/work/Assets/" + name)) }
        }
        print("crash safety: a kill landed between renames: \(sawMixed)")

        guard let finish = try Self.startBuild(in: folder + "/work") else { return }
        #expect(finish.wait() == 0)
        #expect(
            try Self.contents(of: folder + "/work/Assets") == new, "a completed build leaves exactly the new outputs, no temporary files")
    }

    @Test func aSecondRunWaitsForTheOutputFolderLock() throws {
        let folder = try CommandLineTests.project([
            "UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 1;\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Assets", withIntermediateDirectories: true)
        var lock: FolderLock? = try FolderLock(path: folder + "/Assets")
        guard let build = try Self.startBuild(in: folder) else { return }
        usleep(1_000_000)
        #expect(build.isRunning, "the build must wait while another process holds the output folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/Assets").isEmpty)
        withExtendedLifetime(lock) {}
        lock = nil
        #expect(build.wait() == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/Assets/AllFramesAtDocumentStart.js"))
    }

    @Test func staleTemporaryFilesOfKilledRunsAreRemovedAndOthersKept() throws {
        let folder = try CommandLineTests.project([
            "UserScripts/AllFrames/AtDocumentStart/a.js": "window.a = 1;\n",
            "Assets/.AllFramesAtDocumentStart.js.wkpack-123-0.tmp": "partial",
            "Assets/.AllFramesAtDocumentStart.js.map.wkpack-9-1.tmp": "partial",
            "Assets/.AllFramesAtDocumentStart.js.wkpack-notes.tmp": "someone else's",
            "Assets/.Other.js.wkpack-1-1.tmp": "not one of our outputs",
            "Assets/readme.tmp": "foreign",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let build = try Self.startBuild(in: folder) else { return }
        #expect(build.wait() == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/Assets").sorted()
        #expect(
            names == [
                ".AllFramesAtDocumentStart.js.wkpack-notes.tmp", ".Other.js.wkpack-1-1.tmp",
                "AllFramesAtDocumentStart.js", "AllFramesAtDocumentStart.js.map", "readme.tmp",
            ])
    }
}
