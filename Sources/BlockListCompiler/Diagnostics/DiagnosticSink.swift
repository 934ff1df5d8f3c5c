/// Collects diagnostics while a list is checked and remembers which error WebKit would stop at.
struct DiagnosticSink {
    private(set) var errors: [Diagnostic] = []
    private(set) var warnings: [Diagnostic] = []
    /// The first error WebKit meets while loading rules (index into `errors`).
    private(set) var firstLoadingError: Int?
    /// Regular-expression errors in WebKit's compile order (indices into `errors`).
    private(set) var compileErrors: [Int] = []

    init() {}

    /// How many diagnostics have been added.
    var count: Int { errors.count + warnings.count }

    /// When WebKit meets an error.
    enum Phase { case loading, compiling, notWebKit }

    mutating func error(
        _ message: String, webKit: String?, detail: String? = nil, at offset: Int, pointer: @autoclosure () -> String, rule: Int?,
        phase: Phase
    ) {
        error(.literal(message), webKit: webKit, detail: detail, at: offset, place: .literal(pointer()), rule: rule, phase: phase)
    }

    /// Adds an error whose message and pointer are kept as data (their text is made when read). (Not inlined: made
    /// in its caller, the diagnostic was built in a temporary, copied into the list and the temporary destroyed.)
    @inline(never) mutating func error(
        _ text: consuming DiagnosticText, webKit: String?, detail: String? = nil, at offset: Int, place: consuming DiagnosticPointer,
        rule: Int?, phase: Phase
    ) {
        errors.append(
            Diagnostic(
                severity: .error, text: text, webKitMessage: webKit, webKitDetail: detail, ruleIndex: rule,
                place: place, line: 0, column: 0, reportedByWebKit: false, offset: offset))
        switch phase {
        case .loading: if firstLoadingError == nil { firstLoadingError = errors.count - 1 }
        case .compiling: compileErrors.append(errors.count - 1)
        case .notWebKit: break
        }
    }

    mutating func warning(_ message: String, webKit: String? = nil, at offset: Int, pointer: @autoclosure () -> String, rule: Int?) {
        warning(.literal(message), webKit: webKit, at: offset, place: .literal(pointer()), rule: rule)
    }

    /// Adds a warning whose message and pointer are kept as data (their text is made when read). (Not inlined, as
    /// `error`.)
    @inline(never) mutating func warning(
        _ text: consuming DiagnosticText, webKit: String? = nil, at offset: Int, place: consuming DiagnosticPointer, rule: Int?
    ) {
        warnings.append(
            Diagnostic(
                severity: .warning, text: text, webKitMessage: webKit, webKitDetail: nil, ruleIndex: rule,
                place: place, line: 0, column: 0, reportedByWebKit: false, offset: offset))
    }

    /// Adds an error WebKit reports itself at a fixed point (JSON, top level, empty list).
    mutating func webKitError(_ message: String, webKit: String, at offset: Int, pointer: String) {
        errors.append(
            Diagnostic(
                severity: .error, message: message, webKitMessage: webKit, ruleIndex: nil, pointer: pointer,
                line: 0, column: 0, reportedByWebKit: true, offset: offset))
    }

    /// The errors and the warnings, moved out of the sink (not copied).
    consuming func takeDiagnostics() -> (errors: [Diagnostic], warnings: [Diagnostic]) {
        (errors, warnings)
    }

    /// Whether an error was already chosen as WebKit's.
    var hasWebKitError: Bool { errors.contains { $0.reportedByWebKit } }
}
