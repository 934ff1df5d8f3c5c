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
    /// Where UTF-8 bytes for standard output go as they are; nil: they are made a string for `output`.
    private let outputUTF8: (@Sendable ([UInt8]) -> Void)?

    init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        outputUTF8: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.output = output
        self.error = error
        self.outputUTF8 = outputUTF8
    }

    /// The process's standard output and standard error, written with `write(2)` (Foundation's `FileHandle` and
    /// `Data` look types up at run time on first use: about 1.4% of a small build's CPU).
    static let standard = Console(
        output: { writeAll($0, to: STDOUT_FILENO) },
        error: { writeAll($0, to: STDERR_FILENO) },
        outputUTF8: { bytes in bytes.withUnsafeBufferPointer { writeAll($0, to: STDOUT_FILENO) } })

    /// Writes all of `text`'s UTF-8 to `descriptor`, again after a partial write or an interruption; stops at any
    /// other failure (a closed pipe), as `FileHandle.write` would have.
    static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { writeAll($0, to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`, again after a partial write or an interruption; stops at any other
    /// failure.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
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

    /// Writes `text` as it is to standard output.
    func write(_ text: String) {
        if !text.isEmpty { output(text) }
    }

    /// Writes the UTF-8 `bytes` as they are to standard output.
    func write(utf8 bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let outputUTF8 { outputUTF8(bytes) } else { output(String(decoding: bytes, as: UTF8.self)) }
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
