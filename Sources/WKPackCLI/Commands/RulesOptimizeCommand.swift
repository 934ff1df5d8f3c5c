import ArgumentParser

/// `wkpack rules optimize IN... -o OUT [--report] [--for-webkit]`: smaller lists with exactly the same decisions.
public struct RulesOptimizeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Shrink content-blocking lists without changing any blocking decision.",
        discussion: """
            Every pass keeps the decision of every request (see RuleListOptimizer). With one input, OUT is the output \
            file; with several, OUT is a directory that receives each optimized list under its own name (lists stay \
            independent). No lossy rewrite is applied. Exit status: 0 on success, 1 when an input is invalid, 2 on usage errors.
            """
    )

    @Argument(help: "Rule list files.") var inputs: [String] = []
    @Option(name: .shortAndLong, help: "Output file (one input) or directory (several inputs).") var output: String
    @Flag(name: .long, help: "Print rules and bytes before and after each pass.") var report = false
    @Flag(name: .customLong("for-webkit"), help: "Also rewrite rules to cut WebKit's compile time and size (see `wkpack rules cost`).")
    var forWebKit = false

    public init() {}

    public func run() throws {
        let progress = TerminalProgress.standardError(label: "wkpack rules optimize")
        let outcome = RulesOptimizeRunner.run(inputs: inputs, output: output, report: report, forWebKit: forWebKit, progress: progress)
        progress?.finish()
        try outcome.emit()
    }
}
