/// A list read up to the point where checking adds its lints (`RuleListLoader.read`): the rules kept and the
/// diagnostics so far, not yet sorted or located.
struct RuleListReading {
    /// Number of elements of the top-level array.
    var ruleCount = 0
    /// The rules that loaded and that WebKit keeps.
    var kept: [RuleLoader.LoadedRule] = []
    /// Set once the top level is an array: the loader, holding the document and the diagnostics.
    var loader: RuleLoader?
    /// The diagnostics when no loader was made (empty source, invalid JSON, top level not an array).
    var earlySink = DiagnosticSink()

    /// The kept rules, moved out (a copy would retain and then release every string and array of every rule);
    /// each kept entry is left holding an empty placeholder rule.
    mutating func takeRules() -> [Rule] {
        var rules: [Rule] = []
        rules.reserveCapacity(kept.count)
        for slot in kept.indices {
            var rule = RuleListReading.placeholder
            swap(&rule, &kept[slot].rule)
            rules.append(rule)
        }
        return rules
    }

    /// What a moved-out rule is left as (no storage of its own).
    private static let placeholder = Rule(trigger: Trigger(urlFilter: ""), action: Action(kind: .block))

    /// Every diagnostic so far.
    var sink: DiagnosticSink { loader?.sink ?? earlySink }

    /// The errors then the warnings, each in source order, with lines and columns; and the error WebKit stops at.
    func locatedDiagnostics(in bytes: [UInt8]) -> (diagnostics: [Diagnostic], webKitError: Diagnostic?) {
        RuleListReading.locatedDiagnostics(of: sink, in: bytes)
    }

    /// The errors then the warnings of `sink`, each in source order, with lines and columns; and the error WebKit
    /// stops at.
    static func locatedDiagnostics(of sink: DiagnosticSink, in bytes: [UInt8]) -> (diagnostics: [Diagnostic], webKitError: Diagnostic?) {
        var sink = sink
        if !sink.hasWebKitError {
            if let first = sink.firstLoadingError {
                sink.markReportedByWebKit(first)
            } else if let first = sink.compileErrors.first {
                sink.markReportedByWebKit(first)
            }
        }
        var errors = sink.errors.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        var warnings = sink.warnings.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        SourceLocator.resolve(&errors, in: bytes)
        SourceLocator.resolve(&warnings, in: bytes)
        return (errors + warnings, errors.first { $0.reportedByWebKit })
    }
}
