import ArgumentParser

/// The `wkpack` root command.
public struct WKPackCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "wkpack",
        abstract: "Build the web assets a WKWebView browser injects: user-script bundles and content-blocking lists.",
        subcommands: []
    )

    public init() {}
}
