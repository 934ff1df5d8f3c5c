import ArgumentParser

/// `wkpack rules`: content-blocking rule lists.
public struct RulesCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Check, generate and merge WebKit content-blocking rule lists.",
        subcommands: [RulesCheckCommand.self, RulesGenerateCommand.self, RulesMergeCommand.self]
    )

    public init() {}
}
