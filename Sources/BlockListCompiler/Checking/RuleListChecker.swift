/// Checks a content-blocking rule list exactly as WebKit's compiler would, reporting every problem: what
/// `RuleListLoader` finds, lints about rules that probably do not do what their author meant, and counts.
public struct RuleListChecker: Sendable {
    /// The Safari / WebKit release the list is checked for.
    public var target: WebKitTarget

    /// Creates a checker for `target` (the newest release by default).
    public init(target: WebKitTarget = .newest) {
        self.target = target
    }

    /// Checks the JSON source `bytes`.
    public func check(_ bytes: [UInt8]) -> RuleListReport {
        var reading = RuleListLoader(target: target).read(bytes)
        if var loader = reading.loader {
            RuleListLints.addWarnings(reading.kept, loader: &loader)
            reading.loader = loader
        }
        let located = reading.locatedDiagnostics(in: bytes)
        var report = RuleListReport(byteCount: bytes.count)
        report.ruleCount = reading.ruleCount
        report.ruleIndices = reading.kept.map(\.index)
        // Counted by position in `allTypeNames`, then named once (no string hashed per rule).
        var counts = [Int](repeating: 0, count: Action.Kind.allTypeNames.count)
        for slot in reading.kept.indices { counts[reading.kept[slot].rule.action.kind.typeIndex] += 1 }
        report.rules = reading.takeRules()
        for (index, count) in counts.enumerated() where count > 0 { report.actionCounts[Action.Kind.allTypeNames[index]] = count }
        report.diagnostics = located.diagnostics
        report.webKitError = located.webKitError
        report.isValid = !located.diagnostics.contains { $0.severity == .error }
        return report
    }
}
