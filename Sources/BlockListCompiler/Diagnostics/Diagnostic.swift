/// One error or warning about a rule list, with its exact place.
public struct Diagnostic: Sendable, Equatable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// `error`: WebKit refuses the list; `warning`: WebKit accepts it, but the rule probably does not do what it seems to.
        case error, warning
    }

    /// Whether the list is refused (`error`) or only suspicious (`warning`).
    public var severity: Severity
    /// Our precise message.
    public var message: String
    /// Exactly the text WebKit returns for this error, when WebKit has one.
    public var webKitMessage: String?
    /// WebKit's logged reason, where it logs one (e.g. "Disjunctions are not supported yet.").
    public var webKitDetail: String?
    /// The 0-based index of the rule.
    public var ruleIndex: Int?
    /// A JSON pointer to the value, e.g. "/74975/trigger/if-domain/0".
    public var pointer: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counting bytes of the line.
    public var column: Int
    /// Whether this is the error WebKit itself stops at.
    public var reportedByWebKit: Bool
    /// Byte offset in the source.
    public var offset: Int

    /// Creates a diagnostic; ``RuleListChecker`` and ``RuleListLoader`` make the real ones.
    public init(
        severity: Severity, message: String, webKitMessage: String? = nil, webKitDetail: String? = nil, ruleIndex: Int? = nil,
        pointer: String, line: Int, column: Int, reportedByWebKit: Bool = false, offset: Int = 0
    ) {
        self.severity = severity
        self.message = message
        self.webKitMessage = webKitMessage
        self.webKitDetail = webKitDetail
        self.ruleIndex = ruleIndex
        self.pointer = pointer
        self.line = line
        self.column = column
        self.reportedByWebKit = reportedByWebKit
        self.offset = offset
    }
}
