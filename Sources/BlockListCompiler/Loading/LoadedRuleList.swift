/// A rule list read from JSON by `RuleListLoader`: the rules WebKit would compile, and every problem found.
public struct LoadedRuleList: Sendable {
    /// Number of elements of the top-level array (0 when there is none).
    public var ruleCount: Int
    /// The rules that loaded (all of them when the list is valid; rules WebKit drops are left out).
    public var rules: [Rule]
    /// The index in the source array of each rule of `rules`.
    public var ruleIndices: [Int]
    /// All errors, then all warnings, each in source order.
    public var diagnostics: [Diagnostic]
    /// The error WebKit itself stops at (`reportedByWebKit`), or nil when WebKit compiles the list.
    public var webKitError: Diagnostic?

    /// The errors, in source order.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Whether there is no error.
    public var isValid: Bool { !diagnostics.contains { $0.severity == .error } }

    /// Creates a loaded list; ``RuleListLoader/load(_:)`` makes the real ones.
    public init(ruleCount: Int, rules: [Rule], ruleIndices: [Int], diagnostics: [Diagnostic], webKitError: Diagnostic?) {
        self.ruleCount = ruleCount
        self.rules = rules
        self.ruleIndices = ruleIndices
        self.diagnostics = diagnostics
        self.webKitError = webKitError
    }
}
