/// Everything a check found out about one rule list.
public struct RuleListReport: Sendable {
    /// All errors, then all warnings, each in source order.
    public var diagnostics: [Diagnostic]
    /// The error WebKit itself stops at (`reportedByWebKit`), or nil when WebKit compiles the list.
    public var webKitError: Diagnostic?
    /// Whether there is no error.
    public var isValid: Bool
    /// Number of elements of the top-level array.
    public var ruleCount: Int
    /// Size of the source.
    public var byteCount: Int
    /// Number of loaded rules per action type.
    public var actionCounts: [String: Int]
    /// The rules that loaded (all of them when the list is valid; rules WebKit drops are left out).
    public var rules: [Rule]
    /// The index in the source array of each rule of `rules`.
    public var ruleIndices: [Int] = []

    /// The errors, in source order.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The warnings, in source order.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    /// How many errors there are (the count of ``errors``, without making the array).
    public var errorCount: Int { count(of: .error) }
    /// How many warnings there are (the count of ``warnings``, without making the array).
    public var warningCount: Int { count(of: .warning) }

    /// Appends the UTF-8 of the message of `diagnostics[index]` to `bytes`, as ``Diagnostic/appendMessage(to:)``
    /// does, reading the diagnostic where the report keeps it: a caller that writes thousands of messages copies no
    /// diagnostic (calling a method of an element from another module copies the element first, retaining each of
    /// its strings, and destroys the copy after).
    public func appendMessage(ofDiagnosticAt index: Int, to bytes: inout [UInt8]) {
        diagnostics[index].text.append(to: &bytes)
    }

    /// Whether the messages of `diagnostics[index]` and `diagnostics[other]` are the same text, found from what they
    /// keep (the same kind and values make the same text; texts made another way are compared as texts).
    public func hasSameMessage(diagnosticAt index: Int, as other: Int) -> Bool {
        diagnostics[index].text.isSame(as: diagnostics[other].text)
    }

    private func count(of severity: Diagnostic.Severity) -> Int {
        var count = 0
        for index in diagnostics.indices where diagnostics[index].severity == severity { count += 1 }
        return count
    }

    /// Creates a report; a ``RuleListChecker`` makes the real ones.
    public init(
        diagnostics: [Diagnostic] = [], webKitError: Diagnostic? = nil, isValid: Bool = true, ruleCount: Int = 0,
        byteCount: Int = 0, actionCounts: [String: Int] = [:], rules: [Rule] = []
    ) {
        self.diagnostics = diagnostics
        self.webKitError = webKitError
        self.isValid = isValid
        self.ruleCount = ruleCount
        self.byteCount = byteCount
        self.actionCounts = actionCounts
        self.rules = rules
    }
}
