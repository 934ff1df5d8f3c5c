import Foundation

/// The one way the CLI's text leaves the process: standard output and standard error (each write goes out at
/// once: watch mode prints while running, often into a pipe), or a capture in tests.
struct Console: Sendable {
    private let output: @Sendable (String) -> Void
    private let error: @Sendable (String) -> Void

    init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error.
    static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes `text` as it is to standard output.
    func write(_ text: String) {
        if !text.isEmpty { output(text) }
    }

    /// Writes each of `lines` followed by a line break to standard output, in one write.
    func writeLines(_ lines: [String]) {
        if !lines.isEmpty { output(lines.map { $0 + "\n" }.joined()) }
    }

    /// Writes `text` as it is to standard error.
    func writeError(_ text: String) {
        if !text.isEmpty { error(text) }
    }
}
