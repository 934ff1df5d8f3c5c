import BlockListCompiler

/// The outcome of checking one file.
public struct FileCheckResult: Sendable {
    public var path: String
    public var report: RuleListReport?
    public var readError: String?
    public var budgetErrors: [String]

    /// Valid, readable and within budgets.
    public var isValid: Bool { readError == nil && budgetErrors.isEmpty && (report?.isValid ?? false) }
}
