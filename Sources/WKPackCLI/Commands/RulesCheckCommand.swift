import ArgumentParser
import BlockListCompiler

/// `wkpack rules check FILE...`: validates rule lists exactly like WebKit and reports every problem.
public struct RulesCheckCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate content-blocking JSON lists as WebKit would compile them.",
        discussion: "Exit status: 0 when every list is valid and within budgets, 1 otherwise, 2 on usage errors."
    )

    @Option(name: .long, help: "Safari / WebKit target: \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
    var target: String = WebKitTarget.newest.rawValue

    @Option(name: .customLong("max-rules"), help: "Fail when a list has more rules than this.")
    var maxRules: String?

    @Option(name: .customLong("max-bytes"), help: "Fail when a list is larger than this many bytes.")
    var maxBytes: String?

    @Option(name: .long, help: "Output format: text, json or github.")
    var format: String = "text"

    @Argument(parsing: .allUnrecognized, help: "Rule list files.")
    var files: [String] = []

    public init() {}

    /// The resolved command line (`LeafCommandLineParser` resolves ordinary command lines to the same value).
    var commandLine: LeafCommandLine {
        .rulesCheck(RulesCheckLine(files: files, target: target, maxRules: maxRules, maxBytes: maxBytes, format: format))
    }

    public func run() throws {
        try commandLine.run()
    }
}
