import ArgumentParser

/// Prints a located error (`path:line:col: error: message`) to standard error and yields exit status 1.
enum CommandFailure {
    static func report(_ error: any Error) -> ExitCode {
        Console.standard.writeError(String(describing: error) + "\n")
        return ExitCode(1)
    }
}
