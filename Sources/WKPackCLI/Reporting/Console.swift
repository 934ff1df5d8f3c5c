import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the CLI's text leaves the process: standard output and standard error (each write goes out at
/// once: watch mode prints while running, often into a pipe), or a capture in tests.
struct Console: Sendable {
    private let output: @Sendable (String) -> Void
    private let error: @Sendable (String) -> Void

    init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error, written with `write(2)` (Foundation's `FileHandle` and
    /// `Data` look types up at run time on first use: about 1.4% of a small build's CPU).
    static let standard = Console(
        output: { writeAll($0, to: STDOUT_FILENO) },
        error: { writeAll($0, to: STDERR_FILENO) })

    /// Writes all of `text`'s UTF-8 to `descriptor`, again after a partial write or an interruption; stops at any
    /// other failure (a closed pipe), as `FileHandle.write` would have.
    static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, next, left)
                #else
                let written = Darwin.write(descriptor, next, left)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                left -= written
            }
        }
    }

    /// Writes `text` as it is to standard output.
    func write(_ text: String) {
        if !text.isEmpty { output(text) }
    }

    /// Writes each of `lines` followed by a line break to standard output, in one write.
    func writeLines(_ lines: [String]) {
        if !lines.isEmpty { output(Self.text(lines)) }
    }

    /// Each of `lines` followed by a line break, in one string. (Built by appending: `joined()` looks up generic
    /// conformances at first use, about 0.1 ms of a build's single-threaded end.)
    static func text(_ lines: [String]) -> String {
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }

    /// Writes `text` as it is to standard error.
    func writeError(_ text: String) {
        if !text.isEmpty { error(text) }
    }
}
