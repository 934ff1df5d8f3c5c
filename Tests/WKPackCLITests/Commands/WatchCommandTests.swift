import Foundation
import Testing
import WKPackTestSupport

@testable import WKPackCLI

/// Runs `wkpack watch` / `wkpack bundle --watch` as a process: one line per build, Ctrl-C exits with status 0.
@Suite struct WatchCommandTests {
    /// Lines of a child process's standard output, delivered through an `AsyncStream` and awaited with a timeout.
    final class LineReader: @unchecked Sendable {
        private let lock = NSLock()
        private var buffer = Data()
        private var lines: [String] = []
        private var waiting: (predicate: (String) -> Bool, continuation: CheckedContinuation<String?, Never>)?
        private var waitID = 0

        /// Reads `descriptor` (an output pipe of `process`) on a thread of its own with blocking reads until the end of
        /// the stream.
        init(_ process: ChildProcess, descriptor: Int32) {
            let thread = Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    append(Data(chunk[0..<count]))
                }
                // The process owns the descriptor: kept until the reading is over.
                withExtendedLifetime(process) {}
            }
            thread.start()
        }

        private func append(_ data: Data) {
            lock.lock()
            buffer.append(data)
            while let newline = buffer.firstIndex(of: 0x0A) {
                lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
            let resumed = resolve()
            lock.unlock()
            resumed?()
        }

        /// Must hold the lock; returns the resumption to run after unlocking.
        private func resolve() -> (() -> Void)? {
            guard let waiting else { return nil }
            while !lines.isEmpty {
                let line = lines.removeFirst()
                if waiting.predicate(line) {
                    self.waiting = nil
                    return { waiting.continuation.resume(returning: line) }
                }
            }
            return nil
        }

        /// The next line satisfying `predicate`, or `nil` after `timeout`. The bound only ends a test that would
        /// otherwise hang: a loaded 2-core machine running the whole suite has taken more than 15 s for the first build.
        func line(timeout: Duration = .seconds(60), where predicate: @escaping (String) -> Bool) async -> String? {
            await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
                let id = lock.withLock { () -> Int in
                    waitID += 1
                    waiting = (predicate, continuation)
                    return waitID
                }
                let resumed = lock.withLock { resolve() }
                resumed?()
                Task {
                    try? await Task.sleep(for: timeout)
                    let pending = self.lock.withLock { () -> CheckedContinuation<String?, Never>? in
                        guard self.waitID == id, let pending = self.waiting else { return nil }
                        self.waiting = nil
                        return pending.continuation
                    }
                    pending?.resume(returning: nil)
                }
            }
        }
    }

    @Test(arguments: [["watch"], ["bundle", "--watch"]])
    func rebuildsOnChangeAndExitsCleanlyOnInterrupt(arguments: [String]) async throws {
        guard let executable = CommandLineTests.executable else {
            print("the wkpack executable was not found next to the test bundle; skipping")
            return
        }
        let folder = try CommandLineTests.project(CommandLineTests.scripts)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try ChildProcess(executable, arguments + ["--mode", "development"], currentDirectory: folder, error: .null)
        let reader = LineReader(process, descriptor: process.outputDescriptor)
        defer { if process.isRunning { process.send(SIGTERM) } }

        let first = await reader.line { $0.contains("built 2 bundles") }
        #expect(first != nil)
        try Data("window.b = 3;\n".utf8).write(to: URL(fileURLWithPath: folder + "/UserScripts/MainFrame/AtDocumentEnd/b.js"))
        let rebuilt = await reader.line { $0.contains("rebuilt") }
        #expect(rebuilt?.contains("rebuilt MainFrameAtDocumentEnd.js (1 of 2 bundles) in ") == true)
        let output = try String(contentsOfFile: folder + "/Assets/MainFrameAtDocumentEnd.js", encoding: .utf8)
        #expect(output.contains("window.b = 3;"))

        process.send(SIGINT)
        #expect(await process.exitStatus() == 0)
    }

    @Test func symbolicLinksOutOfTheProjectCreatedWhileWatchingAreRefused() async throws {
        guard let executable = CommandLineTests.executable else {
            print("the wkpack executable was not found next to the test bundle; skipping")
            return
        }
        let folder = try CommandLineTests.project(CommandLineTests.scripts)
        let outside = try CommandLineTests.project(["evil.js": "window.evil = 1;\n", "Scripts/x.js": "window.x = 1;\n"])
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let process = try ChildProcess(executable, ["watch", "--mode", "development"], currentDirectory: folder)
        let reader = LineReader(process, descriptor: process.outputDescriptor)
        let errors = LineReader(process, descriptor: process.errorDescriptor)
        defer { if process.isRunning { process.send(SIGTERM) } }
        #expect(await reader.line { $0.contains("built 2 bundles") } != nil)

        // A new link to a file outside the project: a located error, the last good output stays.
        let link = "UserScripts/AllFrames/AtDocumentStart/evil.js"
        #expect(symlink(outside + "/evil.js", folder + "/" + link) == 0)
        #expect(await reader.line { $0.contains("build failed") } != nil)
        let error = await errors.line { $0.contains("error:") && $0.contains("evil.js") }
        #expect(error?.hasPrefix(link + ":1:1: error: script '") == true, "\(error ?? "no error")")
        #expect(error?.contains("leads outside the project folder through a symbolic link") == true)
        let output = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentStart.js", encoding: .utf8)
        #expect(!output.contains("window.evil"))
        try FileManager.default.removeItem(atPath: folder + "/" + link)
        #expect(await reader.line { $0.contains("built 2 bundles") } != nil)

        // A new group folder that is a link to a folder outside the project: refused too, not followed.
        #expect(symlink(outside + "/Scripts", folder + "/UserScripts/MainFrame/AtDocumentStart") == 0)
        #expect(await reader.line { $0.contains("build failed") } != nil)
        let folderError = await errors.line { $0.contains("error:") && $0.contains("x.js") }
        #expect(
            folderError?.hasPrefix("UserScripts/MainFrame/AtDocumentStart/x.js:1:1: error: script '") == true,
            "\(folderError ?? "no error")")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets/MainFrameAtDocumentStart.js"))
        process.send(SIGINT)
        #expect(await process.exitStatus() == 0)
    }

    @Test func aMissingRootFailsWithALocatedError() throws {
        let folder = try CommandLineTests.project(["README.md": "no scripts here\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let result = try CommandLineTests.wkpack(["watch"], in: folder) else { return }
        #expect(result.status == 1)
        #expect(result.stderr == "UserScripts:1:1: error: user-script root folder 'UserScripts' does not exist\n")
    }
}
