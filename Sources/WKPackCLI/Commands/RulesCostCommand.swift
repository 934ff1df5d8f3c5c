import ArgumentParser

/// `wkpack rules cost LIST... [--top N] [--format text|json]`: what WebKit's compiler pays for each list.
public struct RulesCostCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cost",
        abstract: "Estimate WebKit's compile time and compiled size of content-blocking lists, and the rules that cost most.",
        discussion: """
            The estimate rebuilds the automata WebKit's content-rule-list compiler builds (prefix trees of url-filters \
            cut into NFAs at quantifiers, domain conditions as top-URL patterns, merged actions) with coefficients fitted \
            to WebKitGTK 2.50 (see Benchmarks/webkit-compile-cost.md). Times are CPU seconds of the compile. \
            Exit status: 0 on success, 1 when a list is invalid, 2 on usage errors.
            """
    )

    @Argument(help: "Rule list files.") var inputs: [String] = []
    @Option(name: .long, help: "How many of the costliest rules and automata to list.") var top: String = "10"
    @Option(name: .long, help: "Output format: text or json.") var format: String = "text"

    public init() {}

    public func run() throws {
        let outcome = RulesCostRunner.run(inputs: inputs, top: top, format: format)
        try outcome.emit()
    }
}
