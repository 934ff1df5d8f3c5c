import ArgumentParser
import Foundation

/// What a list command prints and its exit status, kept apart from printing so tests can call the work directly.
public struct ListCommandOutcome: Sendable, Equatable {
    public var standardOutput = ""
    public var standardError = ""
    public var exitCode: Int32 = 0

    public init() {}

    /// Prints the outcome and exits with its status when it is not 0.
    func emit() throws {
        if !standardError.isEmpty { FileHandle.standardError.write(Data(standardError.utf8)) }
        if !standardOutput.isEmpty { FileHandle.standardOutput.write(Data(standardOutput.utf8)) }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}
