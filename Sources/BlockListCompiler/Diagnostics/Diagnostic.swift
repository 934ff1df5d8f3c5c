/// One error or warning about a rule list, with its exact place.
///
/// A diagnostic keeps what its message and pointer need (their kind and a few values) and makes their text only
/// when ``message`` or ``pointer`` is read, or when ``appendMessage(to:)`` writes the message: a report with
/// thousands of diagnostics costs no text its caller does not use. Two diagnostics are equal when everything a
/// user sees of them is: the same texts, place, severity and WebKit messages, however their texts are kept.
public struct Diagnostic: Sendable, Equatable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// `error`: WebKit refuses the list; `warning`: WebKit accepts it, but the rule probably does not do what it seems to.
        case error, warning
    }

    /// Whether the list is refused (`error`) or only suspicious (`warning`).
    public var severity: Severity
    /// What the message says, as data.
    var text: DiagnosticText
    /// Our precise message, made when read (setting it replaces it with the given text).
    public var message: String {
        get { text.string }
        set { text = .literal(newValue) }
    }
    /// Exactly the text WebKit returns for this error, when WebKit has one.
    public var webKitMessage: String?
    /// WebKit's logged reason, where it logs one (e.g. "Disjunctions are not supported yet.").
    public var webKitDetail: String?
    /// The 0-based index of the rule.
    public var ruleIndex: Int?
    /// Where the pointer leads, as data.
    var place: DiagnosticPointer
    /// A JSON pointer to the value, e.g. "/74975/trigger/if-domain/0", made when read.
    public var pointer: String {
        get { place.string }
        set { place = .literal(newValue) }
    }
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
        self.init(
            severity: severity, text: .literal(message), webKitMessage: webKitMessage, webKitDetail: webKitDetail, ruleIndex: ruleIndex,
            place: .literal(pointer), line: line, column: column, reportedByWebKit: reportedByWebKit, offset: offset)
    }

    /// Creates a diagnostic whose message and pointer are kept as data.
    init(
        severity: Severity, text: consuming DiagnosticText, webKitMessage: String?, webKitDetail: String?, ruleIndex: Int?,
        place: consuming DiagnosticPointer, line: Int, column: Int, reportedByWebKit: Bool, offset: Int
    ) {
        self.severity = severity
        self.text = text
        self.webKitMessage = webKitMessage
        self.webKitDetail = webKitDetail
        self.ruleIndex = ruleIndex
        self.place = place
        self.line = line
        self.column = column
        self.reportedByWebKit = reportedByWebKit
        self.offset = offset
    }

    /// Appends the UTF-8 of ``message`` to `bytes`, without making the message a string first.
    public func appendMessage(to bytes: inout [UInt8]) {
        text.append(to: &bytes)
    }

    /// Whether `left` and `right` show the same: every property, with the message and pointer compared as text.
    public static func == (left: Diagnostic, right: Diagnostic) -> Bool {
        left.severity == right.severity && left.webKitMessage == right.webKitMessage && left.webKitDetail == right.webKitDetail
            && left.ruleIndex == right.ruleIndex && left.line == right.line && left.column == right.column
            && left.reportedByWebKit == right.reportedByWebKit && left.offset == right.offset && left.message == right.message
            && left.pointer == right.pointer
    }
}
