import BlockListCompiler
import Foundation

/// The work behind `wkpack rules check`, separated from printing so tests can call it.
public enum RulesCheckRunner {
    /// What the command prints and its exit status.
    public typealias Outcome = ListCommandOutcome

    public static func run(
        files: [String], target targetName: String, maxRules: String?, maxBytes: String?, format formatName: String,
        fileSystem: any ListFileSystem = LocalListFileSystem(), progress: TerminalProgress? = nil
    ) -> Outcome {
        var outcome = Outcome()
        func usage(_ message: String) -> Outcome {
            outcome.standardError =
                "error: \(message)\nUsage: wkpack rules check FILE... [--target T] [--max-rules N] [--max-bytes N] [--format text|json|github]\n"
            outcome.exitCode = 2
            return outcome
        }
        guard let target = WebKitTarget(rawValue: targetName) else {
            return usage("unknown target '\(targetName)'; expected one of \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let format = DiagnosticFormatter.Format(rawValue: formatName) else {
            return usage("unknown format '\(formatName)'; expected text, json or github")
        }
        let budget: ListBudget
        switch ListBudget.parse(maxRules: maxRules, maxBytes: maxBytes) {
        case .success(let parsed): budget = parsed
        case .failure(let problem): return usage(problem.message)
        }
        if let option = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            return usage("unknown option '\(option)'")
        }
        guard !files.isEmpty else { return usage("no rule list given") }

        let checker = RuleListChecker(target: target, keepsRules: false)
        var results: [FileCheckResult] = []
        for (position, path) in files.enumerated() {
            progress?.update(
                label: files.count > 1 ? "wkpack rules check: \(path) (\(position + 1) of \(files.count))" : "wkpack rules check: \(path)")
            // The checker reads the file's bytes in place (mapped, for a regular file) and keeps nothing of them.
            switch fileSystem.withContents(of: path, { checker.check($0) }) {
            case .failure(let problem):
                results.append(FileCheckResult(path: path, report: nil, readError: problem.message, budgetErrors: []))
            case .success(let report):
                results.append(FileCheckResult(path: path, report: report, readError: nil, budgetErrors: budget.violations(of: report)))
            }
        }
        outcome.standardOutputUTF8 = DiagnosticFormatter(format: format).formattedUTF8(results)
        outcome.exitCode = results.allSatisfy(\.isValid) ? 0 : 1
        return outcome
    }
}
