import ArgumentParser
import Foundation

/// What a list command prints and its exit status, kept apart from printing so tests can call the work directly.
public struct ListCommandOutcome: Sendable, Equatable {
    public var standardOutput = ""
    public var standardError = ""
    public var exitCode: Int32 = 0

    public init() {}

    /// Prints the outcome and exits with its status when it is not 0.
    func emit(to console: Console = .standard) throws {
        console.writeError(standardError)
        console.write(standardOutput)
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
