/// Checks a content-blocking rule list exactly as WebKit's compiler would, reporting every problem: what
/// `RuleListLoader` finds, lints about rules that probably do not do what their author meant, and counts.
public struct RuleListChecker: Sendable {
    /// The Safari / WebKit release the list is checked for.
    public var target: WebKitTarget
    /// Whether the report holds the loaded rules (``RuleListReport/rules``). Without them the check reads the list
    /// in one pass over its bytes and builds no `Rule`: the diagnostics, counts and validity are the same.
    public var keepsRules: Bool

    /// Creates a checker for `target` (the newest release by default); `keepsRules: false` leaves the report's
    /// `rules` empty and checks faster.
    public init(target: WebKitTarget = .newest, keepsRules: Bool = true) {
        self.target = target
        self.keepsRules = keepsRules
    }

    /// Checks the JSON source `bytes`.
    public func check(_ bytes: [UInt8]) -> RuleListReport {
        bytes.withUnsafeBufferPointer { check(borrowing: $0) }
    }

    /// Checks the JSON source in `bytes` (a mapped file, the storage of a `Data`), reading it only during the call:
    /// the report holds nothing that points into it.
    public func check(_ bytes: UnsafeRawBufferPointer) -> RuleListReport {
        bytes.withMemoryRebound(to: UInt8.self) { check(borrowing: $0) }
    }

    private func check(borrowing bytes: UnsafeBufferPointer<UInt8>) -> RuleListReport {
        if !keepsRules, var scanned = RuleListScanCheck(target: target).check(bytes) {
            // The diagnostics are moved into the report, not copied.
            var sink = DiagnosticSink()
            swap(&sink, &scanned.sink)
            return report(
                bytes: bytes, sink: consume sink, ruleCount: scanned.ruleCount, ruleIndices: scanned.entries.map(\.index),
                typeCounts: scanned.typeCounts, rules: [])
        }
        var reading = RuleListLoader(target: target).read(borrowing: bytes)
        if var loader = reading.loader {
            let kept = reading.kept
            RuleListLints.addWarnings(
                RuleListLints.entries(kept, document: loader.document), sink: &loader.sink,
                sameRule: { kept[$0].rule == kept[$1].rule })
            reading.loader = loader
        }
        // Counted by position in `allTypeNames`, then named once (no string hashed per rule).
        var counts = [Int](repeating: 0, count: Action.Kind.allTypeNames.count)
        for slot in reading.kept.indices { counts[reading.kept[slot].rule.action.kind.typeIndex] += 1 }
        let indices = reading.kept.map(\.index)
        let rules = keepsRules ? reading.takeRules() : []
        return report(
            bytes: bytes, sink: reading.sink, ruleCount: reading.ruleCount, ruleIndices: indices, typeCounts: counts, rules: rules)
    }

    private func report(
        bytes: UnsafeBufferPointer<UInt8>, sink: consuming DiagnosticSink, ruleCount: Int, ruleIndices: [Int], typeCounts: [Int],
        rules: [Rule]
    )
        -> RuleListReport
    {
        let located = RuleListReading.locatedDiagnostics(of: sink, in: bytes)
        var report = RuleListReport(byteCount: bytes.count)
        report.ruleCount = ruleCount
        report.ruleIndices = ruleIndices
        report.rules = rules
        for (index, count) in typeCounts.enumerated() where count > 0 { report.actionCounts[Action.Kind.allTypeNames[index]] = count }
        report.diagnostics = located.diagnostics
        report.webKitError = located.webKitError
        report.isValid = !located.diagnostics.contains { $0.severity == .error }
        return report
    }
}
