import BlockListCompiler

/// The size limits a checked list must stay within (`--max-rules`, `--max-bytes`, or the configuration's).
struct ListBudget: Sendable {
    var maximumRules: Int?
    var maximumBytes: Int?

    /// Reads the command-line values; the usage message when one is not a non-negative integer.
    static func parse(maxRules: String?, maxBytes: String?) -> Result<ListBudget, UsageProblem> {
        var budget = ListBudget()
        if let maxRules {
            guard let value = Int(maxRules), value >= 0 else {
                return .failure(UsageProblem("--max-rules needs a non-negative integer, not '\(maxRules)'"))
            }
            budget.maximumRules = value
        }
        if let maxBytes {
            guard let value = Int(maxBytes), value >= 0 else {
                return .failure(UsageProblem("--max-bytes needs a non-negative integer, not '\(maxBytes)'"))
            }
            budget.maximumBytes = value
        }
        return .success(budget)
    }

    /// One message per limit the checked list exceeds.
    func violations(of report: RuleListReport) -> [String] {
        var messages: [String] = []
        if let maximumRules, report.ruleCount > maximumRules {
            messages.append("\(report.ruleCount) rules exceed the budget of \(maximumRules) (--max-rules)")
        }
        if let maximumBytes, report.byteCount > maximumBytes {
            messages.append("\(report.byteCount) bytes exceed the budget of \(maximumBytes) (--max-bytes)")
        }
        return messages
    }

    /// A command-line value the runner refuses (exit status 2).
    struct UsageProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
