import ArgumentParser
import BlockListCompiler
import Foundation

/// `wkpack rules convert FILE... -o OUT`: Adblock Plus / uBlock Origin filter lists to a WebKit content-blocking list.
public struct RulesConvertCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert EasyList-syntax filter lists into a WebKit content-blocking list.",
        discussion: """
            The files are read in order as one list. The rules are checked as WebKit would compile them, optimized and \
            split under the target's rule limit (or --max-rules): one part is written to OUT, several to OUT's name with \
            -1, -2, ... before the extension. Every filter WebKit cannot express is printed as \
            'path:line:col: warning: ...'; --report FILE writes them all, with the summary, as JSON. \
            Exit status: 0 on success (also with warnings), 1 when an input cannot be read or nothing can be written, \
            2 on usage errors.
            """
    )

    @Argument(help: "Filter list files.") var inputs: [String] = []
    @Option(name: .shortAndLong, help: "Output file.") var output: String
    @Option(name: .long, help: "Safari / WebKit target: \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
    var target: String = WebKitTarget.newest.rawValue
    @Option(name: .customLong("max-rules"), help: "Most rules per output part (default: the target's limit).") var maxRules: Int?
    @Option(name: .long, help: "Write the conversion report as JSON to this file.") var report: String?
    @Flag(name: .long, help: "Print only the summary, not one warning per filter.") var quiet = false

    public init() {}

    public func run() throws {
        let progress = TerminalProgress.standardError(label: "wkpack rules convert")
        let outcome = RulesConvertRunner.run(
            inputs: inputs, output: output, target: target, maxRules: maxRules, report: report, quiet: quiet,
            progress: progress)
        progress?.finish()
        try outcome.emit()
    }
}
