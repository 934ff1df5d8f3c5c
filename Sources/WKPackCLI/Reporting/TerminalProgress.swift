import BlockListCompiler
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display on standard error for the rule-list jobs (`rules convert`, `check`, `optimize`):
/// once a job has run for a second, the line shows its stage, the steps done and the time so far, redrawn four
/// times a second, and it is erased when the job ends. Nothing is written when standard error is not a terminal
/// (a pipe, a file, CI logs), so the commands' output stays the same there.
public final class TerminalProgress: Sendable {
    private struct State {
        var label = ""
        var stage: ContentBlockerPipeline.Stage?
        var completed = 0
        var total = 0
        var shown = false
        var finished = false
    }

    private let state = Mutex(State())
    private let start = DispatchTime.now().uptimeNanoseconds
    private let descriptor: Int32
    private let delayNanoseconds: UInt64

    /// A display on standard error when it is a terminal (and `TERM` is not `dumb`), else nil.
    static func standardError(label: String) -> TerminalProgress? {
        guard isatty(STDERR_FILENO) == 1, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return TerminalProgress(label: label, descriptor: STDERR_FILENO)
    }

    init(label: String, descriptor: Int32, delayNanoseconds: UInt64 = 1_000_000_000) {
        self.descriptor = descriptor
        self.delayNanoseconds = delayNanoseconds
        state.withLock { $0.label = label }
        let thread = Thread { [self] in self.redrawLoop() }
        thread.start()
    }

    /// The observer that feeds this display.
    var observer: ContentBlockerPipeline.Observer {
        ContentBlockerPipeline.Observer(progress: { [self] progress in self.update(progress) })
    }

    /// A new step of the job.
    func update(_ progress: ContentBlockerPipeline.Progress) {
        state.withLock {
            $0.stage = progress.stage
            $0.completed = progress.completed
            $0.total = progress.total
        }
    }

    /// A new part of a job made of several (one file of several).
    func update(label: String) {
        state.withLock { $0.label = label }
    }

    /// Erases the line (when it was shown) and stops redrawing.
    func finish() {
        state.withLock { state in
            state.finished = true
            if state.shown { Console.writeAll("\r\u{1B}[2K", to: descriptor) }
        }
    }

    private func redrawLoop() {
        var running = true
        while running {
            usleep(250_000)
            // The line is written under the lock, so `finish` cannot erase it before it is written.
            running = state.withLock { state in
                guard !state.finished else { return false }
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                guard elapsed >= delayNanoseconds else { return true }
                state.shown = true
                var text = "\r\u{1B}[2K" + state.label
                if let stage = state.stage {
                    text += ": " + stage.rawValue
                    if state.total > 1 { text += " (step \(min(state.completed + 1, state.total)) of \(state.total))" }
                }
                let tenths = elapsed / 100_000_000
                Console.writeAll(text + ", \(tenths / 10).\(tenths % 10) s", to: descriptor)
                return true
            }
        }
    }
}
