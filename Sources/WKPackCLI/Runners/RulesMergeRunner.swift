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
        try RulesMergeRunner.run(lists: lists, output: output, safelist: safelist, safelistDomains: safelistDomains, target: target,
                                 maxRules: maxRules, maxBytes: maxBytes).emit()
    }
}

/// The work behind `wkpack rules merge`.
public enum RulesMergeRunner {
    public static func run(lists: [String], output: String, safelist: String?, safelistDomains: [String], target targetName: String,
                           maxRules: Int?, maxBytes: Int?, fileSystem: any ListFileSystem = LocalListFileSystem()) -> ListCommandOutcome {
        var outcome = ListCommandOutcome()
        func fail(_ message: String, code: Int32 = 1) -> ListCommandOutcome {
            outcome.standardError += message + "\n"
            outcome.exitCode = code
            return outcome
        }
        guard let target = WebKitTarget(rawValue: targetName) else {
            return fail("error: unknown target '\(targetName)'; expected one of \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", "))", code: 2)
        }
        if let maxRules, maxRules < 0 { return fail("error: --max-rules needs a non-negative integer", code: 2) }
        if let maxBytes, maxBytes < 0 { return fail("error: --max-bytes needs a non-negative integer", code: 2) }
        guard !lists.isEmpty else { return fail("error: no rule list given", code: 2) }

        var inputs: [SourceInput] = []
        for path in lists {
            switch fileSystem.read(path) {
            case .success(let bytes): inputs.append(SourceInput(path: path, bytes: bytes))
            case .failure(let problem): return fail("\(path): error: \(problem.message)")
            }
        }
        var allowed = Safelist()
        var warnings: [GenerationDiagnostic] = []
        do {
            if let safelist {
                switch fileSystem.read(safelist) {
                case .success(let bytes): warnings += try allowed.add(contentsOf: SourceInput(path: safelist, bytes: bytes))
                case .failure(let problem): return fail("\(safelist): error: \(problem.message)")
                }
            }
            for domain in safelistDomains { warnings += try allowed.add(domain: domain, path: "--safelist-domain") }
            let merged = try RuleListMerger(target: target, maximumRuleCount: maxRules, maximumByteCount: maxBytes)
                .merge(inputs, safelist: allowed, outputPath: output)
            warnings += merged.warnings
            for warning in warnings { outcome.standardError += warning.description + "\n" }
            do {
                try fileSystem.writeAtomically(merged.bytes, to: output)
            } catch {
                return fail("\(output): error: \(error.message)")
            }
            outcome.standardOutput += "\(output): \(merged.ruleCount) rules, \(merged.bytes.count) bytes\n"
        } catch {
            for warning in warnings { outcome.standardError += warning.description + "\n" }
            return fail(error.description)
        }
        return outcome
    }
}
