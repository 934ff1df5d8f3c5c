import ArgumentParser

/// `wkpack rules split IN --max-rules N -o DIR`: parts whose combined decisions equal the list's.
public struct RulesSplitCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Split a content-blocking list into parts of at most N rules with the same combined decisions.",
        discussion: """
            Writes DIR/<name>-1.json, DIR/<name>-2.json, ... Each ignore-previous-rules rule is copied into every earlier \
            part holding a rule it can cancel. Exit status: 0 on success, 1 when the list is invalid or cannot be split, \
            2 on usage errors.
            """
    )

    @Argument(help: "The rule list file.") var input: String
    @Option(name: .customLong("max-rules"), help: "Most rules per part.") var maxRules: Int
    @Option(name: .shortAndLong, help: "Output directory.") var output: String

    public init() {}

    public func run() throws {
        let outcome = RulesSplitRunner.run(input: input, maxRules: maxRules, output: output)
        try outcome.emit()
    }
}
