import ArgumentParser
import Foundation

/// What a list command prints and its exit status, kept apart from printing so tests can call the work directly.
public struct ListCommandOutcome: Sendable, Equatable {
    /// Standard output as it was given: a string, or UTF-8 bytes (a long report, written out as it is).
    private enum Output: Sendable {
        case text(String)
        case utf8([UInt8])
    }

    private var output = Output.text("")
    /// What the command prints on standard output.
    public var standardOutput: String {
        get {
            switch output {
            case .text(let text): return text
            case .utf8(let bytes): return String(decoding: bytes, as: UTF8.self)
            }
        }
        set { output = .text(newValue) }
    }
    /// What the command prints on standard output, as UTF-8 bytes: a report made as bytes is kept and written as
    /// bytes, never made a string.
    public var standardOutputUTF8: [UInt8] {
        get {
            switch output {
            case .text(let text): return Array(text.utf8)
            case .utf8(let bytes): return bytes
            }
        }
        set { output = .utf8(newValue) }
    }
    public var standardError = ""
    public var exitCode: Int32 = 0

    public init() {}

    /// Whether the two outcomes print the same and exit alike.
    public static func == (left: ListCommandOutcome, right: ListCommandOutcome) -> Bool {
        left.exitCode == right.exitCode && left.standardError == right.standardError && left.standardOutput == right.standardOutput
    }

    /// Prints the outcome and exits with its status when it is not 0.
    func emit(to console: Console = .standard) throws {
        console.writeError(standardError)
        switch output {
        case .text(let text): console.write(text)
        case .utf8(let bytes): console.write(utf8: bytes)
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
