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

    /// Leaf subcommands that `parseDirectly` parses on their own.
    static let directSubcommands: [any ParsableCommand.Type] = [BundleCommand.self, BuildCommand.self, WatchCommand.self]

    /// Parses `bundle`, `build` or `watch` command lines as that subcommand alone, skipping the command tree and
    /// the completion-script request check (skipped for a command with a super-command name), about a tenth of a
    /// short build's time. Returns `nil` for anything else, for arguments the root handles (help, version,
    /// completion scripts), and when parsing fails: the full parser then runs, so help and errors are unchanged.
    static func parseDirectly(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first,
              let command = directSubcommands.first(where: { $0.configuration.commandName == name }) else { return nil }
        let rest = Array(arguments.dropFirst())
        let handledByRoot = rest.contains { argument in
            argument == "-h" || argument == "-help" || argument == "--help" || argument == "--version"
                || argument.hasPrefix("--generate-completion-script") || argument.hasPrefix("--experimental") || argument.hasPrefix("---")
        }
        guard !handledByRoot else { return nil }
        return try? command.parseAsRoot(rest)
    }

    /// Runs `arguments` (without the program name). Ordinary `bundle`, `build` and `watch` command lines are
    /// parsed by `LeafCommandLineParser`; everything else by ArgumentParser.
    public static func main(_ arguments: [String]) {
        do {
            if let commandLine = LeafCommandLineParser.parse(arguments) {
                return try commandLine.run()
            }
            var command = try parseDirectly(arguments) ?? parseAsRoot(arguments)
            try command.run()
        } catch {
            // A command's own failure, already reported: `exit(withError:)` would build ArgumentParser's usage text
            // for it (about a third of a failing run's time) and then print nothing. Status 2 keeps the path below.
            if let code = error as? ExitCode, code != .validationFailure {
                Foundation.exit(code.rawValue)
            }
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
