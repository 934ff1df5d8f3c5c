import ArgumentParser

/// The `wkpack` root command.
public struct WKPackCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "wkpack",
        abstract: "Build the web assets a WKWebView browser injects: user-script bundles and content-blocking lists.",
        subcommands: [BuildCommand.self, BundleCommand.self, WatchCommand.self, RulesCommand.self]
    )

    public init() {}

    /// Runs the command line: usage errors exit with status 2, build errors with status 1.
    public static func main() {
        main(CommandLine.arguments.dropFirst().map { $0 })
    }

    /// Runs `arguments` (without the program name).
    public static func main(_ arguments: [String]) {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
