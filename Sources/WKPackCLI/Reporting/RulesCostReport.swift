import BlockListCompiler
import Foundation

/// Formats `wkpack rules cost` estimates as text or JSON (deterministic, keys in a fixed order).
struct RulesCostReport {
    enum Format: String {
        case text, json
    }

    /// One list's estimate with what is needed to locate its rules.
    struct ListCost {
        var path: String
        var ruleCount: Int
        var byteCount: Int
        var estimate: CompileCostEstimate
        /// Index in the file of each rule the estimate saw.
        var ruleIndices: [Int]
        var spans: RuleSpans
    }

    var format: Format
    var top: Int

    func format(_ lists: [ListCost]) -> String {
        switch format {
        case .text: return lists.map(text).joined()
        case .json: return "[\n" + lists.map(json).joined(separator: ",\n") + "\n]\n"
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
    private static func milliseconds(_ value: Double) -> String { String(format: "%.2f ms", value * 1000) }
    private static func megabytes(_ value: Int) -> String { String(format: "%.2f MB", Double(value) / 1_000_000) }

    private func fileIndex(_ list: ListCost, _ index: Int) -> Int {
        index < list.ruleIndices.count ? list.ruleIndices[index] : index
    }

    private func text(_ list: ListCost) -> String {
        let estimate = list.estimate
        let features = estimate.features
        var out =
            "\(list.path): \(list.ruleCount) rules, \(list.byteCount) bytes: WebKit compile ≈ \(Self.seconds(estimate.seconds)) s CPU, compiled ≈ \(Self.megabytes(estimate.compiledBytes)) (\(estimate.compiledBytes) bytes)\n"
        for group in AutomatonGroup.allCases {
            guard let summary = features.groups[group], summary.patterns > 0 else { continue }
            out +=
                "  \(group.rawValue): \(summary.patterns) patterns, \(summary.automata) automata, \(summary.nfaNodes) NFA nodes (largest \(summary.largestAutomatonNodes))\n"
        }
        out +=
            "  actions: \(features.actionBytes) bytes serialized; \(features.selectorBytes) bytes of selectors; \(features.universalRules) rules match every URL; \(features.conditionValues) condition entries\n"
        let rules = estimate.costliestRules(top)
        if !rules.isEmpty {
            out += "  costliest rules:\n"
            for rule in rules {
                let index = fileIndex(list, rule.index)
                let location = list.spans.location(of: index)
                out +=
                    "    \(list.path):\(location.line):\(location.column): rule \(index) (/\(index)): \(Self.milliseconds(rule.seconds)), \(rule.bytes) bytes: \(rule.reasons.prefix(2).joined(separator: "; "))\n"
            }
        }
        let automata = estimate.costliestAutomata(top)
        if !automata.isEmpty {
            out += "  costliest automata:\n"
            for automaton in automata {
                let index = fileIndex(list, automaton.openingRule)
                out +=
                    "    \(automaton.group.rawValue) automaton opened by rule \(index) (/\(index)): \(automaton.patterns) patterns, \(automaton.nfaNodes) NFA nodes, \(automaton.loopsInPrefix) quantified terms before its fixed part: \(Self.milliseconds(automaton.seconds)), \(automaton.bytes) bytes\n"
            }
        }
        return out
    }

    private static func quoted(_ text: String) -> String { JSONEscaper.quoted(text) }
    private static func number(_ value: Double) -> String { String(format: "%.6f", value) }

    private func json(_ list: ListCost) -> String {
        let estimate = list.estimate
        let features = estimate.features
        var groups: [String] = []
        for group in AutomatonGroup.allCases {
            let summary = features.groups[group] ?? CompileCostFeatures.Group()
            groups.append(
                "      \(Self.quoted(group.rawValue)): {\"patterns\": \(summary.patterns), \"treeEdges\": \(summary.treeEdges), \"automata\": \(summary.automata), \"nfaNodes\": \(summary.nfaNodes), \"loopWeightedNodes\": \(summary.loopWeightedNodes), \"restartWeightedNodes\": \(summary.restartWeightedNodes), \"largestAutomatonNodes\": \(summary.largestAutomatonNodes), \"restrictedRestartWeightedNodes\": \(summary.restrictedRestartWeightedNodes), \"loopsInSequenceAutomata\": \(summary.loopsInSequenceAutomata), \"loopsInSequenceNodes\": \(summary.loopsInSequenceNodes)}"
            )
        }
        let rules = estimate.costliestRules(top).map { rule -> String in
            let index = fileIndex(list, rule.index)
            let location = list.spans.location(of: index)
            let reasons = rule.reasons.map(Self.quoted).joined(separator: ", ")
            return
                "      {\"index\": \(index), \"pointer\": \(Self.quoted("/\(index)")), \"line\": \(location.line), \"column\": \(location.column), \"seconds\": \(Self.number(rule.seconds)), \"bytes\": \(rule.bytes), \"reasons\": [\(reasons)]}"
        }
        let automata = estimate.costliestAutomata(top).map { automaton -> String in
            let index = fileIndex(list, automaton.openingRule)
            return
                "      {\"group\": \(Self.quoted(automaton.group.rawValue)), \"openingRule\": \(index), \"pointer\": \(Self.quoted("/\(index)")), \"patterns\": \(automaton.patterns), \"nfaNodes\": \(automaton.nfaNodes), \"loopsInPrefix\": \(automaton.loopsInPrefix), \"seconds\": \(Self.number(automaton.seconds)), \"bytes\": \(automaton.bytes)}"
        }
        func array(_ items: [String]) -> String { items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n    ]" }
        return """
              {
                "path": \(Self.quoted(list.path)),
                "rules": \(list.ruleCount),
                "bytes": \(list.byteCount),
                "estimatedSeconds": \(Self.number(estimate.seconds)),
                "estimatedCompiledBytes": \(estimate.compiledBytes),
                "features": {
                  "sourceBytes": \(features.sourceBytes), "storedSourceBytes": \(features.storedSourceBytes), "ruleCount": \(features.ruleCount), "selectorBytes": \(features.selectorBytes), "actionBytes": \(features.actionBytes), "universalRules": \(features.universalRules), "conditionValues": \(features.conditionValues),
                  "groups": {
              \(groups.joined(separator: ",\n"))
                  }
                },
                "costliestRules": \(array(rules)),
                "costliestAutomata": \(array(automata))
              }
            """
    }
}
