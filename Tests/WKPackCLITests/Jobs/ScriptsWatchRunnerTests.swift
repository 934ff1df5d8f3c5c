import Foundation
import Synchronization
import Testing

@testable import WKPackCLI

/// `ScriptsWatchRunner` called directly, with its output captured and its stop signal in the test's hands.
@Suite struct ScriptsWatchRunnerTests {
    /// What the runner wrote, and a way to wait for a line.
    final class Capture: Sendable {
        private let output = Mutex("")
        private let errors = Mutex("")

        var console: Console {
            Console(output: { text in self.output.withLock { $0 += text } }, error: { text in self.errors.withLock { $0 += text } })
        }

        var outputLines: [String] { output.withLock { $0 }.split(separator: "\n").map(String.init) }
        var standardError: String { errors.withLock { $0 } }

        /// Waits up to 15 s for an output line satisfying `predicate`.
        func waitForLine(_ predicate: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                if outputLines.contains(where: predicate) { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }
    }

    /// A project with `wkpack.yml` and one user script; returns its folder.
    static func project(script: String) throws -> String {
        let folder = NSTemporaryDirectory() + "wkpack-watch-runner-" + UUID().uuidString
        let scripts = folder + "/UserScripts/AllFrames/AtDocumentStart"
        try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
        try Data("scripts:\n  root: UserScripts\n  output: Assets\n  mode: development\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/wkpack.yml"))
        try Data(script.utf8).write(to: URL(fileURLWithPath: scripts + "/a.js"))
        return folder
    }

    /// Starts the runner on a thread; returns the capture and a function that stops it and waits for it to return.
    static func start(_ folder: String) -> (Capture, () -> Result<Void, any Error>) {
        let capture = Capture()
        let stop = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        var runner = ScriptsWatchRunner(configPath: folder + "/wkpack.yml", overrides: ScriptsOverrides())
        runner.console = capture.console
        runner.prepareStop = { { stop.wait() } }
        let prepared = runner
        Thread.detachNewThread {
            let result = Result { try prepared.run() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        return (
            capture,
            {
                stop.signal()
                guard finished.wait(timeout: .now() + 15) == .success else { return .failure(CancellationError()) }
                return outcome.withLock { $0 } ?? .failure(CancellationError())
            }
        )
    }

    @Test func printsABuildLineWritesTheBundleAndStopsCleanly() throws {
        let folder = try Self.project(script: "window.a = 1;\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (capture, stop) = Self.start(folder)
        let built = capture.waitForLine { $0.contains("] built 1 bundle in ") }
        let result = stop()
        #expect(built)
        #expect(throws: Never.self) { try result.get() }
        let lines = capture.outputLines
        #expect(lines.first?.range(of: #"^\[\d\d:\d\d:\d\d\] built 1 bundle in "#, options: .regularExpression) != nil)
        #expect(lines.last == "stopped watching")
        #expect(capture.standardError.isEmpty)
        let bundle = try String(contentsOfFile: folder + "/Assets/AllFramesAtDocumentStart.js", encoding: .utf8)
        #expect(bundle.contains("window.a = 1;"))
    }

    @Test func aFailedBuildGoesToStandardErrorAndWatchingGoesOn() throws {
        let folder = try Self.project(script: "let s = 'abc\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (capture, stop) = Self.start(folder)
        let failed = capture.waitForLine { $0.hasSuffix("] build failed; the previous outputs stay; watching for changes") }
        let result = stop()
        #expect(failed)
        #expect(throws: Never.self) { try result.get() }
        #expect(capture.standardError.contains("UserScripts/AllFrames/AtDocumentStart/a.js:1:"))
        #expect(capture.standardError.contains(": error: "))
        #expect(capture.outputLines.last == "stopped watching")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Assets/AllFramesAtDocumentStart.js"))
    }
}
