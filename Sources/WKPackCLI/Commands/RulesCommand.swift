import ArgumentParser

/// `wkpack rules`: content-blocking rule lists.
public struct RulesCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Check, test, optimize, cost, split, convert, generate and merge WebKit content-blocking rule lists.",
        subcommands: [
            RulesCheckCommand.self,
            RulesMatchCommand.self,
            RulesTestCommand.self,
            RulesOptimizeCommand.self,
            RulesCostCommand.self,
            RulesSplitCommand.self,
            RulesConvertCommand.self,
            RulesGenerateCommand.self,
            RulesMergeCommand.self,
        ]
    )

    public init() {}
}
