import ArgumentParser
import BlockListCompiler
import Foundation

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

    public func run() throws {
        let outcome = RulesCheckRunner.run(files: files, target: target, maxRules: maxRules, maxBytes: maxBytes, format: format)
        try outcome.emit()
    }
}

/// The work behind `wkpack rules check`, separated from printing so tests can call it.
public enum RulesCheckRunner {
    /// What the command prints and its exit status.
    public typealias Outcome = ListCommandOutcome

    public static func run(files: [String], target targetName: String, maxRules: String?, maxBytes: String?, format formatName: String,
                           fileSystem: any ListFileSystem = LocalListFileSystem()) -> Outcome {
        var outcome = Outcome()
        func usage(_ message: String) -> Outcome {
            outcome.standardError = "error: \(message)\nUsage: wkpack rules check FILE... [--target T] [--max-rules N] [--max-bytes N] [--format text|json|github]\n"
            outcome.exitCode = 2
            return outcome
        }
        guard let target = WebKitTarget(rawValue: targetName) else {
            return usage("unknown target '\(targetName)'; expected one of \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let format = DiagnosticFormatter.Format(rawValue: formatName) else {
            return usage("unknown format '\(formatName)'; expected text, json or github")
        }
        var ruleBudget: Int?
        if let maxRules {
            guard let value = Int(maxRules), value >= 0 else { return usage("--max-rules needs a non-negative integer, not '\(maxRules)'") }
            ruleBudget = value
        }
        var byteBudget: Int?
        if let maxBytes {
            guard let value = Int(maxBytes), value >= 0 else { return usage("--max-bytes needs a non-negative integer, not '\(maxBytes)'") }
            byteBudget = value
        }
        if let option = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            return usage("unknown option '\(option)'")
        }
        guard !files.isEmpty else { return usage("no rule list given") }

        let checker = RuleListChecker(target: target)
        var results: [FileCheckResult] = []
        for path in files {
            switch fileSystem.read(path) {
            case .failure(let problem):
                results.append(FileCheckResult(path: path, report: nil, readError: problem.message, budgetErrors: []))
            case .success(let bytes):
                let report = checker.check(bytes)
                var budgetErrors: [String] = []
                if let ruleBudget, report.ruleCount > ruleBudget {
                    budgetErrors.append("\(report.ruleCount) rules exceed the budget of \(ruleBudget) (--max-rules)")
                }
                if let byteBudget, report.byteCount > byteBudget {
                    budgetErrors.append("\(report.byteCount) bytes exceed the budget of \(byteBudget) (--max-bytes)")
                }
                results.append(FileCheckResult(path: path, report: report, readError: nil, budgetErrors: budgetErrors))
            }
        }
        outcome.standardOutput = DiagnosticFormatter(format: format).format(results)
        outcome.exitCode = results.allSatisfy(\.isValid) ? 0 : 1
        return outcome
    }
}

/// The outcome of checking one file.
public struct FileCheckResult: Sendable {
    public var path: String
    public var report: RuleListReport?
    public var readError: String?
    public var budgetErrors: [String]

    /// Valid, readable and within budgets.
    public var isValid: Bool { readError == nil && budgetErrors.isEmpty && (report?.isValid ?? false) }
}
