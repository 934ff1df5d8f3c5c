import Foundation
import Testing
@testable import ScriptBundler

/// Watch mode end to end in a real temporary project: incremental rebuilds, errors, and configuration reloads.
@Suite struct WatchSessionTests {
    /// A temporary project with two groups and a configuration file the loader reads (`mode` only).
    final class Project: @unchecked Sendable {
        let folder: String
        let session: WatchSession
        let inbox: EventInbox<WatchEvent>

        init() throws {
            let folder = try TestSupport.temporaryFolder()
            self.folder = folder
            try TestSupport.write([
                "UserScripts/AllFrames/AtDocumentStart/a.js": "window.log.push('a1');\n",
                "UserScripts/AllFrames/AtDocumentStart/b.js": "window.log.push('b1');\n",
                "UserScripts/MainFrame/AtDocumentEnd/c.js": "window.log.push('c1');\n",
                "mode.txt": "development",
            ], under: folder)
            session = WatchSession(configurationFile: folder + "/mode.txt") {
                let text = try String(contentsOfFile: folder + "/mode.txt", encoding: .utf8)
                guard let mode = BundleMode(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BundlerError(.invalidConfiguration, at: SourceLocation(path: folder + "/mode.txt"), "bad mode")
                }
                return BundleConfiguration(root: folder + "/UserScripts", output: folder + "/Assets", projectFolder: folder,
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
        #expect(rename(project.folder + "/UserScripts/AllFrames/AtDocumentStart/.a.js.tmp",
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
        let created = try #require(await project.inbox.first { event in
            if case .built(let build) = event { return build.bundles.contains { $0.group.outputFileName == "MainFrameAtDocumentStart.js" } }
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
        try project.write("UserScripts/AllFrames/AtDocumentStart/a.js",
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
}
