import Foundation
import Testing

@testable import ScriptBundler
@testable import ScriptLowering
@testable import ScriptMinify
@testable import ScriptModules
@testable import ScriptSyntax
@testable import WKPackSupport

/// Drives the platform's watcher through a real temporary folder.
@Suite struct NativeFileWatcherTests {
    final class Fixture {
        let folder: String
        let watcher: any FileWatcher
        let inbox: EventInbox<Set<String>>

        init(recursive: Bool = true) throws {
            folder = try TestSupport.temporaryFolder()
            watcher = NativeFileWatcher.make()
            let (inbox, deliver) = EventInbox<Set<String>>.make()
            self.inbox = inbox
            try watcher.start([WatchTarget(path: folder, recursive: recursive)]) { deliver($0.paths) }
        }

        deinit {
            watcher.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }

        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + relative))
        }

        /// Waits for a batch that contains `relative`.
        func expectChange(_ relative: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
            let path = folder + "/" + relative
            let batch = await inbox.first { $0.contains(path) }
            #expect(batch != nil, "no change reported for \(relative)", sourceLocation: sourceLocation)
        }
    }

    @Test func createEditRenameDeleteAndNewFolders() async throws {
        let fixture = try Fixture()
        try fixture.write("a.js", "1")
        await fixture.expectChange("a.js")
        try fixture.write("a.js", "2")
        await fixture.expectChange("a.js")
        // An editor's atomic save: write a temporary file, then rename it over the target.
        try fixture.write(".a.js.swp", "3")
        #expect(rename(fixture.folder + "/.a.js.swp", fixture.folder + "/a.js") == 0)
        await fixture.expectChange("a.js")
        try FileManager.default.removeItem(atPath: fixture.folder + "/a.js")
        await fixture.expectChange("a.js")
        // A new folder is watched as soon as it appears, and so are its own new subfolders.
        try FileManager.default.createDirectory(atPath: fixture.folder + "/sub", withIntermediateDirectories: false)
        await fixture.expectChange("sub")
        try fixture.write("sub/b.js", "4")
        await fixture.expectChange("sub/b.js")
        try FileManager.default.createDirectory(atPath: fixture.folder + "/sub/deeper", withIntermediateDirectories: false)
        await fixture.expectChange("sub/deeper")
        try fixture.write("sub/deeper/c.js", "5")
        await fixture.expectChange("sub/deeper/c.js")
        // A folder moved in from outside, with content.
        let outside = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try Data("6".utf8).write(to: URL(fileURLWithPath: outside + "/d.js"))
        #expect(rename(outside, fixture.folder + "/moved") == 0)
        await fixture.expectChange("moved")
        try fixture.write("moved/d.js", "7")
        await fixture.expectChange("moved/d.js")
        // A folder renamed inside the watched folder: later changes are reported under its new name.
        #expect(rename(fixture.folder + "/moved", fixture.folder + "/renamed") == 0)
        await fixture.expectChange("renamed")
        try fixture.write("renamed/d.js", "8")
        await fixture.expectChange("renamed/d.js")
        // Deleting a watched folder is reported.
        try FileManager.default.removeItem(atPath: fixture.folder + "/sub")
        await fixture.expectChange("sub")
    }

    @Test func aBurstOfWritesArrivesCoalesced() async throws {
        let fixture = try Fixture()
        for index in 0..<50 { try fixture.write("burst.js", "\(index)") }
        try fixture.write("last.js", "x")
        // Both paths arrive; the 50 writes of one file do not produce 50 batches before the last file's.
        var batches = 0
        var seen: Set<String> = []
        while !seen.contains(fixture.folder + "/last.js") || !seen.contains(fixture.folder + "/burst.js") {
            guard let batch = await fixture.inbox.next() else { break }
            batches += 1
            seen.formUnion(batch)
        }
        #expect(seen.contains(fixture.folder + "/last.js"))
        #expect(seen.contains(fixture.folder + "/burst.js"))
        #expect(batches < 50)
    }

    @Test func linksToFoldersAreNotFollowed() async throws {
        let fixture = try Fixture()
        let outside = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(symlink(outside, fixture.folder + "/link") == 0)
        #expect(symlink(".", fixture.folder + "/loop") == 0)
        await fixture.expectChange("loop")
        try Data("1".utf8).write(to: URL(fileURLWithPath: outside + "/e.js"))
        try fixture.write("top.js", "1")
        let batch = await fixture.inbox.first { $0.contains(fixture.folder + "/top.js") }
        #expect(batch?.contains(fixture.folder + "/link/e.js") == false)
    }

    @Test func nonRecursiveTargetsIgnoreSubfolders() async throws {
        let fixture = try Fixture(recursive: false)
        try FileManager.default.createDirectory(atPath: fixture.folder + "/sub", withIntermediateDirectories: false)
        await fixture.expectChange("sub")
        try fixture.write("sub/inner.js", "1")
        try fixture.write("top.js", "1")
        let batch = await fixture.inbox.first { $0.contains(fixture.folder + "/top.js") }
        #expect(batch?.contains(fixture.folder + "/sub/inner.js") == false)
    }

    /// Counts the batches a handler receives and lets a test wait for the next one.
    final class BatchCounter: @unchecked Sendable {
        private let condition = NSCondition()
        private var count = 0

        func record() {
            condition.lock()
            count += 1
            condition.broadcast()
            condition.unlock()
        }

        var total: Int { condition.lock(); defer { condition.unlock() }; return count }

        /// Whether more than `seen` batches arrived within `seconds`.
        func waitForMore(than seen: Int, seconds: Double) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: seconds)
            while count <= seen { if !condition.wait(until: deadline) { break } }
            return count > seen
        }
    }

    @Test func aWatcherLetGoWithoutStopStopsDelivering() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let counter = BatchCounter()
        var watcher: (any FileWatcher)? = NativeFileWatcher.make()
        try watcher?.start([WatchTarget(path: folder, recursive: true)]) { _ in counter.record() }
        try Data("1".utf8).write(to: URL(fileURLWithPath: folder + "/a.js"))
        #expect(counter.waitForMore(than: 0, seconds: 10), "the first change was not reported")
        watcher = nil
        let seen = counter.total
        try Data("2".utf8).write(to: URL(fileURLWithPath: folder + "/b.js"))
        #expect(!counter.waitForMore(than: seen, seconds: 0.5), "a watcher let go still delivers changes")
    }

    /// Holds a watcher that its own handler lets go of.
    final class WatcherBox: @unchecked Sendable {
        var watcher: (any FileWatcher)?
    }

    @Test func aWatcherLetGoInItsOwnHandlerStopsWithoutDeadlock() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let counter = BatchCounter()
        let box = WatcherBox()
        // Only the box holds the watcher.
        box.watcher = NativeFileWatcher.make()
        try box.watcher?.start([WatchTarget(path: folder, recursive: true)]) { _ in
            // The last reference goes here, on the watcher's own thread or queue: it stops without waiting for itself.
            box.watcher = nil
            counter.record()
        }
        try Data("1".utf8).write(to: URL(fileURLWithPath: folder + "/a.js"))
        #expect(counter.waitForMore(than: 0, seconds: 10), "the handler did not return (deadlock) or no change came")
        let seen = counter.total
        try Data("2".utf8).write(to: URL(fileURLWithPath: folder + "/b.js"))
        #expect(!counter.waitForMore(than: seen, seconds: 0.5), "the watcher let go still delivers changes")
    }

    @Test func stopEndsDeliveryAndAMissingFolderFails() throws {
        let watcher = NativeFileWatcher.make()
        #expect(throws: FileWatcherError.self) {
            try watcher.start([WatchTarget(path: "/nonexistent-wkpack-folder", recursive: true)]) { _ in }
        }
        let fixture = try Fixture()
        fixture.watcher.stop()
        fixture.watcher.stop()
    }
}
