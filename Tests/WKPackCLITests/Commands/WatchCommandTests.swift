import Foundation
import Testing
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

        init(_ pipe: Pipe) {
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                self?.append(handle.availableData)
            }
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

        /// The next line satisfying `predicate`, or `nil` after `timeout`.
        func line(timeout: Duration = .seconds(15), where predicate: @escaping (String) -> Bool) async -> String? {
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--mode", "development"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        let reader = LineReader(out)
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { exited.yield($0.terminationStatus) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let first = await reader.line { $0.contains("built 2 bundles") }
        #expect(first != nil)
        try Data("window.b = 3;\n".utf8).write(to: URL(fileURLWithPath: folder + "/UserScripts/MainFrame/AtDocumentEnd/b.js"))
        let rebuilt = await reader.line { $0.contains("rebuilt") }
        #expect(rebuilt?.contains("rebuilt MainFrameAtDocumentEnd.js (1 of 2 bundles) in ") == true)
        let output = try String(contentsOfFile: folder + "/Assets/MainFrameAtDocumentEnd.js", encoding: .utf8)
        #expect(output.contains("window.b = 3;"))

        process.interrupt()
        var iterator = exits.makeAsyncIterator()
        let status = await iterator.next()
        #expect(status == 0)
    }

    @Test func aMissingRootFailsWithALocatedError() throws {
        let folder = try CommandLineTests.project(["README.md": "no scripts here\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let result = try CommandLineTests.wkpack(["watch"], in: folder) else { return }
        #expect(result.status == 1)
        #expect(result.stderr == "UserScripts:1:1: error: user-script root folder 'UserScripts' does not exist\n")
    }
}
