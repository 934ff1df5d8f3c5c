import ArgumentParser
import Foundation

/// The `wkpack` root command.
public struct WKPackCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "wkpack",
        abstract: "Build the web assets a WKWebView browser injects: user-script bundles and content-blocking lists.",
        subcommands: [BuildCommand.self, BundleCommand.self, WatchCommand.self, RulesCommand.self, InitCommand.self]
    )

    public init() {}

    /// Runs the command line: usage errors exit with status 2, build errors with status 1.
    public static func main() {
        main(CommandLine.arguments.dropFirst().map { $0 })
    }

    /// The subcommands `LeafCommandLineParser` reads (`LeafOption` lists their options).
    static let leafSubcommands: [any ParsableCommand.Type] = [BundleCommand.self, BuildCommand.self, WatchCommand.self]

    /// Runs `arguments` (without the program name). Ordinary `bundle`, `build`, `watch` and `rules check` lines are
    /// parsed by `LeafCommandLineParser` (the one fast path: it saves ArgumentParser's start-up, 2.9-4.2 ms of CPU
    /// a run in BENCHMARKS.md); everything else by ArgumentParser.
    public static func main(_ arguments: [String]) {
        do {
            if let commandLine = LeafCommandLineParser.parse(arguments) {
                return try commandLine.run()
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            // A command's own failure, already reported: `exit(withError:)` would build ArgumentParser's usage text
            // for it (about a third of a failing run's time) and then print nothing. Status 2 keeps the path below.
            if let code = error as? ExitCode, code != .validationFailure {
                Foundation.exit(code.rawValue)
            }
            if exitCode(for: error) == .validationFailure {
                Console.standard.writeError(fullMessage(for: error) + "\n")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
