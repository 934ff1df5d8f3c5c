import ArgumentParser

/// Prints a located error (`path:line:col: error: message`) to standard error and yields exit status 1.
enum CommandFailure {
    static func report(_ error: any Error) -> ExitCode {
        StandardError.write(String(describing: error) + "\n")
        return ExitCode(1)
    }
}
