import ArgumentParser

/// `wkpack rules generate`: rule lists generated from tracker data.
public struct RulesGenerateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate content-blocking lists from tracker data.",
        subcommands: [RulesGenerateDisconnectCommand.self]
    )

    public init() {}
}
