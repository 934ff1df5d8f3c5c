import BlockListCompiler
import Foundation

/// The work behind `wkpack rules cost`: loads each list, asks `CompileCostModel`, formats the estimate.
public enum RulesCostRunner {
    public static func run(
        inputs: [String], top topText: String, format formatName: String,
        model: CompileCostModel = CompileCostModel(),
        fileSystem: any ListFileSystem = LocalListFileSystem()
    ) -> ListCommandOutcome {
        var outcome = ListCommandOutcome()
        func usage(_ message: String) -> ListCommandOutcome {
            outcome.standardError = "error: \(message)\nUsage: wkpack rules cost LIST... [--top N] [--format text|json]\n"
            outcome.exitCode = 2
            return outcome
        }
        guard let top = Int(topText), top >= 0 else { return usage("--top expects a whole number ≥ 0, got '\(topText)'") }
        guard let format = RulesCostReport.Format(rawValue: formatName) else {
            return usage("unknown format '\(formatName)'; expected text or json")
        }
        guard !inputs.isEmpty else { return usage("no rule list given") }

        var reports: [RulesCostReport.ListCost] = []
        for path in inputs {
            let bytes: [UInt8], loaded: LoadedRuleList
            switch CheckedListReader(fileSystem: fileSystem).read(path) {
            case .failure(let problem):
                outcome.standardError = problem.message + "\n"
                outcome.exitCode = 1
                return outcome
            case .success(let checked): (bytes, loaded) = (checked.bytes, checked.list)
            }
            let spans = RuleSpans(bytes: bytes, ruleCount: loaded.ruleCount)
            let byteCounts = loaded.ruleIndices.map { spans.byteCount(of: $0) }
            let estimate = model.estimate(
                loaded.rules, ruleByteCounts: byteCounts, sourceBytes: bytes.count,
                storedSourceBytes: CompileCostModel.storedSourceBytes(of: bytes))
            reports.append(
                RulesCostReport.ListCost(
                    path: path, ruleCount: loaded.ruleCount, byteCount: bytes.count,
                    estimate: estimate, ruleIndices: loaded.ruleIndices, spans: spans))
        }
        outcome.standardOutput = RulesCostReport(format: format, top: top).format(reports)
        return outcome
    }
}
