import ArgumentParser
import BlockListCompiler

/// `wkpack rules merge`: one list from several, with an optional safelist.
public struct RulesMergeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge rule lists in order, append an optional safelist rule, and check the result against the target.",
        discussion: """
            Output: '[', newline, every input rule's source text unchanged, joined by ',' and newline, the safelist rule \
            ({"trigger":{"url-filter":".*","if-domain":["*a.com",...]},"action":{"type":"ignore-previous-rules"}}) last, \
            newline, ']', newline. A safelist file is a JSON array of domains or one domain per line (# comments).
            Exit status: 0 on success, 1 on bad input or overflow (nothing is written).
            """
    )

    @Argument(help: "Rule lists, merged in this order.")
    var lists: [String]

    @Option(name: .shortAndLong, help: "The merged list file.")
    var output: String

    @Option(name: .long, help: "A file of safelisted domains.")
    var safelist: String?

    @Option(name: .customLong("safelist-domain"), help: "A safelisted domain (repeatable).")
    var safelistDomains: [String] = []

    @Option(name: .long, help: "Safari / WebKit target: \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
    var target: String = WebKitTarget.newest.rawValue

    @Option(name: .customLong("max-rules"), help: "Fail when the merged list has more rules than this.")
    var maxRules: Int?

    @Option(name: .customLong("max-bytes"), help: "Fail when the merged list is larger than this many bytes.")
    var maxBytes: Int?

    public init() {}

    public func run() throws {
        try RulesMergeRunner.run(
            lists: lists, output: output, safelist: safelist, safelistDomains: safelistDomains, target: target,
            maxRules: maxRules, maxBytes: maxBytes
        ).emit()
    }
}
