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
        bytes.withUnsafeBufferPointer { locatedDiagnostics(of: sink, in: $0) }
    }

    /// The errors then the warnings of `sink`, each in source order, with lines and columns in `buffer`; and the
    /// error WebKit stops at.
    static func locatedDiagnostics(of sink: DiagnosticSink, in buffer: UnsafeBufferPointer<UInt8>) -> (
        diagnostics: [Diagnostic], webKitError: Diagnostic?
    ) {
        var sink = sink
        if !sink.hasWebKitError {
            if let first = sink.firstLoadingError {
                sink.markReportedByWebKit(first)
            } else if let first = sink.compileErrors.first {
                sink.markReportedByWebKit(first)
            }
        }
        // Errors, then warnings, each by offset (in the order added where offsets tie): the positions are sorted, not
        // the diagnostics, and each diagnostic is copied once, into the result.
        var located: [Diagnostic] = []
        located.reserveCapacity(sink.count)
        var webKitError: Diagnostic?
        for list in [sink.errors, sink.warnings] {
            let order = list.indices.sorted { (list[$0].offset, $0) < (list[$1].offset, $1) }
            let places = SourceLocator.locations(of: order.map { list[$0].offset }, in: buffer)
            for (rank, index) in order.enumerated() {
                var diagnostic = list[index]
                diagnostic.line = places[rank].line
                diagnostic.column = places[rank].column
                if webKitError == nil && diagnostic.severity == .error && diagnostic.reportedByWebKit { webKitError = diagnostic }
                located.append(diagnostic)
            }
        }
        return (located, webKitError)
    }
}
