import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Watch mode end to end in a real temporary project: incremental rebuilds, errors, and configuration reloads.
@Suite struct WatchSessionTests {
    /// A temporary project with two groups and a configuration file the loader reads (`mode` only).
    final class Project: @unchecked Sendable {
        let folder: String
        let session: WatchSession
        let inbox: EventInbox<WatchEvent>

        init(
            watcher: any FileWatcher = NativeFileWatcher.make(),
            inputCheck: (@Sendable (BundleConfiguration, [ScriptGroup]) throws(BundlerError) -> Void)? = nil
        ) throws {
            let folder = try TestSupport.temporaryFolder()
            self.folder = folder
            try TestSupport.write(
                [
                    "UserScripts/AllFrames/AtDocumentStart/a.js": "window.log.push('a1');\n",
                    "UserScripts/AllFrames/AtDocumentStart/b.js": "window.log.push('b1');\n",
                    "UserScripts/MainFrame/AtDocumentEnd/c.js": "window.log.push('c1');\n",
                    "mode.txt": "development",
                ], under: folder)
            session = WatchSession(watcher: watcher, configurationFile: folder + "/mode.txt", inputCheck: inputCheck) {
                let text = try String(contentsOfFile: folder + "/mode.txt", encoding: .utf8)
                guard let mode = BundleMode(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BundlerError(.invalidConfiguration, at: SourceLocation(path: folder + "/mode.txt"), "bad mode")
                }
                return BundleConfiguration(
                    root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
                    mode: mode, sourceMaps: .none)
            }
            let (inbox, deliver) = EventInbox<WatchEvent>.make()
            self.inbox = inbox
            try session.start(handler: deliver)
        }

        deinit {
            session.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }

        func write(_ relative: String, _ text: String) throws {
            try TestSupport.write([relative: text], under: folder)
        }

        func output(_ name: String) -> String {
            (try? String(contentsOfFile: folder + "/Assets/" + name, encoding: .utf8)) ?? ""
        }

        /// Saves `relative` the way editors do: writes a temporary file next to it, then renames it over it.
        func saveAtomically(_ relative: String, _ text: String) throws {
            let path = folder + "/" + relative
            let temporary = (path as NSString).deletingLastPathComponent + "/." + (path as NSString).lastPathComponent + ".tmp"
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            #expect(rename(temporary, path) == 0)
        }

        /// The next build's rebuilt output names, or `nil` if the next event is a failure or none comes.
        func nextBuild() async -> WatchBuild? {
            guard case .built(let build)? = await inbox.next() else { return nil }
            return build
        }
    }

    @Test func rebuildsOnlyTheAffectedGroupsAndKeepsTheLastGoodOutput() async throws {
        let project = try Project()
        let first = try #require(await project.nextBuild())
        #expect(first.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js", "MainFrameAtDocumentEnd.js"])
        #expect(project.session.cacheCounts == (3, 3))

        // An edit rebuilds its group only; the group's unchanged file is neither re-read nor re-tokenized.
        try project.write("UserScripts/MainFrame/AtDocumentEnd/c.js", "window.log.push('c2');\n")
        let edit = try #require(await project.nextBuild())
        #expect(edit.bundles.map(\.group.outputFileName) == ["MainFrameAtDocumentEnd.js"], "changed: \(edit.changed)")
        #expect(project.session.cacheCounts == (4, 4))
        #expect(project.output("MainFrameAtDocumentEnd.js").contains("'c2'"))

        // A broken file reports a located error; the last good output stays.
        try project.write("UserScripts/AllFrames/AtDocumentStart/a.js", "window.log.push('a2';\n")
        guard case .failed(let message, _)? = await project.inbox.next() else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.hasSuffix("UserScripts/AllFrames/AtDocumentStart/a.js:1:16: error: '(' is never closed"))
        #expect(project.output("AllFramesAtDocumentStart.js").contains("'a1'"))

        // The next good save (an atomic rename, as editors do) rebuilds.
        try project.write("UserScripts/AllFrames/AtDocumentStart/.a.js.tmp", "window.log.push('a3');\n")
        #expect(
            rename(
                project.folder + "/UserScripts/AllFrames/AtDocumentStart/.a.js.tmp",
                project.folder + "/UserScripts/AllFrames/AtDocumentStart/a.js") == 0)
        let fixed = try #require(await project.nextBuild())
        #expect(fixed.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        #expect(project.output("AllFramesAtDocumentStart.js").contains("'a3'"))
        #expect(project.session.cacheCounts.reads == 6)

        // Deleting a file rebuilds its group without it.
        try FileManager.default.removeItem(atPath: project.folder + "/UserScripts/AllFrames/AtDocumentStart/b.js")
        let deleted = try #require(await project.nextBuild())
        #expect(deleted.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        #expect(!project.output("AllFramesAtDocumentStart.js").contains("'b1'"))

        // A new group folder becomes a new bundle.
        try project.write("UserScripts/MainFrame/AtDocumentStart/d.js", "window.log.push('d1');\n")
        let created = try #require(
            await project.inbox.first { event in
                if case .built(let build) = event {
                    return build.bundles.contains { $0.group.outputFileName == "MainFrameAtDocumentStart.js" }
                }
                return false
            })
        guard case .built(let build) = created else { return }
        #expect(build.groupCount == 3)
        #expect(project.output("MainFrameAtDocumentStart.js").contains("'d1'"))
    }

    @Test func aConfigurationChangeReloadsAndRebuildsEverything() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        #expect(project.output("AllFramesAtDocumentStart.js").hasPrefix("// UserScripts/"))
        try project.write("mode.txt", "nonsense")
        guard case .failed(let message, _)? = await project.inbox.next() else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("bad mode"))
        try project.write("mode.txt", "production")
        let reloaded = try #require(await project.nextBuild())
        #expect(reloaded.reloadedConfiguration)
        #expect(reloaded.bundles.count == 2)
        #expect(!project.output("AllFramesAtDocumentStart.js").hasPrefix("// UserScripts/"))
        // Files that did not change were not read again.
        #expect(project.session.cacheCounts.reads == 3)
    }

    @Test func importedModulesOutsideTheRootAreWatched() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        try project.write("shared/value.js", "export const value = 'shared-1';\n")
        try project.write("node_modules/pkg/package.json", #"{"name": "pkg", "main": "main.js"}"#)
        try project.write("node_modules/pkg/main.js", "module.exports = 'package-1';\n")
        try project.write(
            "UserScripts/AllFrames/AtDocumentStart/a.js",
            "import { value } from '../../../shared/value.js';\nimport pkg from 'pkg';\nwindow.log.push(value, pkg);\n")
        let importing = try #require(await project.nextBuild())
        #expect(importing.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        #expect(project.output("AllFramesAtDocumentStart.js").contains("shared-1"))

        // A module outside the root: only the group that imports it is rebuilt.
        try project.write("shared/value.js", "export const value = 'shared-2';\n")
        let shared = try #require(await project.nextBuild())
        #expect(shared.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        #expect(project.output("AllFramesAtDocumentStart.js").contains("shared-2"))

        // A package in node_modules.
        try project.write("node_modules/pkg/main.js", "module.exports = 'package-2';\n")
        let package = try #require(await project.nextBuild())
        #expect(package.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        #expect(project.output("AllFramesAtDocumentStart.js").contains("package-2"))
    }

    @Test func unrelatedFilesDoNotRebuild() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        try project.write("UserScripts/AllFrames/AtDocumentStart/notes.txt", "not code")
        try project.write("other.txt", "outside the root")
        try project.write("UserScripts/MainFrame/AtDocumentEnd/c.js", "window.log.push('c3');\n")
        // The first event after the unrelated writes is the rebuild for c.js alone.
        let build = try #require(await project.nextBuild())
        #expect(build.bundles.map(\.group.outputFileName) == ["MainFrameAtDocumentEnd.js"])
    }

    @Test func anAtomicSaveRebuildsOnceAndNeverReadsTheTemporaryFile() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        #expect(project.session.cacheCounts.reads == 3)
        try project.saveAtomically("UserScripts/AllFrames/AtDocumentStart/a.js", "window.log.push('a-saved');\n")
        let saved = try #require(await project.nextBuild())
        #expect(saved.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        #expect(project.output("AllFramesAtDocumentStart.js").contains("'a-saved'"))
        #expect(saved.bundles.allSatisfy { bundle in !bundle.inputs.contains { $0.hasSuffix(".tmp") } })
        #expect(project.session.cacheCounts.reads == 4)
        // The next event is the build of the next edit: the temporary file caused no build of its own.
        try project.write("UserScripts/MainFrame/AtDocumentEnd/c.js", "window.log.push('c-next');\n")
        let next = try #require(await project.nextBuild())
        #expect(next.bundles.map(\.group.outputFileName) == ["MainFrameAtDocumentEnd.js"], "changed: \(next.changed)")
        #expect(project.session.cacheCounts.reads == 5)
    }

    @Test func aBurstOfSavesRebuildsABoundedNumberOfTimes() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        for index in 0..<20 {
            try project.write("UserScripts/AllFrames/AtDocumentStart/a.js", "window.log.push('burst-\(index)');\n")
        }
        // At least one rebuild follows the saves, and its event is queued even when its output is already
        // written by the time this loop starts: take events until the last save's output is in place.
        var builds = 0
        repeat {
            guard let build = await project.nextBuild() else {
                Issue.record("the last save of the burst was not built")
                return
            }
            builds += 1
            #expect(build.bundles.map(\.group.outputFileName) == ["AllFramesAtDocumentStart.js"])
        } while !project.output("AllFramesAtDocumentStart.js").contains("'burst-19'")
        #expect(builds < 20, "\(builds) builds for 20 saves")
    }

    @Test func aFileStillOpenForWritingIsBuiltAfterItsWritesStop() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        let path = project.folder + "/UserScripts/MainFrame/AtDocumentEnd/c.js"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("window.log.push('still-open');\n".utf8))
        let build = try #require(await project.nextBuild())
        #expect(build.bundles.map(\.group.outputFileName) == ["MainFrameAtDocumentEnd.js"])
        #expect(project.output("MainFrameAtDocumentEnd.js").contains("'still-open'"))
        try handle.close()
    }

    @Test func symbolicLinkLoopsCreatedWhileWatchingNeitherHangNorStopIt() async throws {
        let project = try Project()
        _ = try #require(await project.nextBuild())
        let folder = project.folder + "/UserScripts/AllFrames/AtDocumentStart"
        // A folder link back to its parent (not followed) and a file link to itself (refused with its location).
        #expect(symlink(".", folder + "/loop") == 0)
        #expect(symlink("self.js", folder + "/self.js") == 0)
        let failure = await project.inbox.first { event in
            if case .failed = event { return true }
            return false
        }
        guard case .failed(let message, _)? = failure else {
            Issue.record("expected a failure for the looping link")
            return
        }
        #expect(
            message.hasSuffix(
                "UserScripts/AllFrames/AtDocumentStart/self.js:1:1: error: not a regular file (a broken or looping symbolic link, a pipe or a device)"
            ))
        #expect(project.output("AllFramesAtDocumentStart.js").contains("'a1'"))
        try FileManager.default.removeItem(atPath: folder + "/self.js")
        try project.write("UserScripts/AllFrames/AtDocumentStart/a.js", "window.log.push('after-loop');\n")
        let built = try #require(
            await project.inbox.first { event in
                if case .built(let build) = event {
                    return build.bundles.contains { $0.group.outputFileName == "AllFramesAtDocumentStart.js" }
                }
                return false
            })
        guard case .built = built else { return }
        #expect(project.output("AllFramesAtDocumentStart.js").contains("'after-loop'"))
    }

    @Test func theInputCheckRunsBeforeEveryBuildIncludingNewFiles() async throws {
        // Stands in for the CLI's project-boundary check: refuses files named `outside*.js`.
        let project = try Project { _, groups throws(BundlerError) in
            for group in groups {
                for name in group.files where name.hasPrefix("outside") {
                    throw BundlerError(.invalidConfiguration, at: SourceLocation(path: group.folder + "/" + name), "refused")
                }
            }
        }
        _ = try #require(await project.nextBuild())
        try project.write("UserScripts/MainFrame/AtDocumentEnd/outside.js", "window.log.push('outside');\n")
        guard case .failed(let message, _)? = await project.inbox.next() else {
            Issue.record("expected the check to refuse the new file")
            return
        }
        #expect(message.hasSuffix("UserScripts/MainFrame/AtDocumentEnd/outside.js:1:1: error: refused"))
        #expect(!project.output("MainFrameAtDocumentEnd.js").contains("'outside'"))
        try FileManager.default.removeItem(atPath: project.folder + "/UserScripts/MainFrame/AtDocumentEnd/outside.js")
        // After a failed check every group is built again.
        let build = try #require(await project.nextBuild())
        #expect(build.bundles.count == 2)
        #expect(!project.output("MainFrameAtDocumentEnd.js").contains("'outside'"))
    }

    @Test func filesSavedTogetherWithTheConfigurationAreReadAgain() async throws {
        let watcher = ManualFileWatcher()
        let project = try Project(watcher: watcher)
        _ = try #require(await project.nextBuild())
        try project.write("UserScripts/AllFrames/AtDocumentStart/a.js", "window.log.push('a-with-config');\n")
        try project.write("mode.txt", "production")
        watcher.deliver([project.folder + "/mode.txt", project.folder + "/UserScripts/AllFrames/AtDocumentStart/a.js"])
        let reloaded = try #require(await project.nextBuild())
        #expect(reloaded.reloadedConfiguration)
        #expect(project.output("AllFramesAtDocumentStart.js").contains("a-with-config"))
    }
}
