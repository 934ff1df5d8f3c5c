import ArgumentParser

/// The `wkpack` root command.
public struct WKPackCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "wkpack",
        abstract: "Build the web assets a WKWebView browser injects: user-script bundles and content-blocking lists.",
        subcommands: [RulesCommand.self]
    )

    public init() {}

    /// Parses the command line and runs the command (on Linux, `await main()` resolves to the synchronous `main()`, which refuses async roots).
    public static func runCommandLine() async {
        do {
            var command = try parseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand { try await asyncCommand.run() } else { try command.run() }
        } catch {
            exit(withError: error)
        }
    }
}
