import BlockListCompiler
import Foundation

/// The work behind `wkpack rules optimize`.
public enum RulesOptimizeRunner {
    public static func run(
        inputs: [String], output: String, report: Bool, forWebKit: Bool = false,
        fileSystem: any ListFileSystem = LocalListFileSystem(), progress: TerminalProgress? = nil
    ) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        guard !inputs.isEmpty else {
            outcome.standardError = "error: no rule list given\nUsage: wkpack rules optimize IN... -o OUT [--report] [--for-webkit]\n"
            outcome.exitCode = 2
            return outcome
        }
        // Read and optimize everything first: no partial output.
        var results: [(path: String, bytes: [UInt8])] = []
        var text = ""
        for (position, path) in inputs.enumerated() {
            progress?.update(
                label: inputs.count > 1
                    ? "wkpack rules optimize: \(path) (\(position + 1) of \(inputs.count))" : "wkpack rules optimize: \(path)")
            progress?.update(ContentBlockerPipeline.Progress(stage: .reading, completed: 0, total: 0))
            let byteCount: Int, ruleCount: Int
            var checkedRules: [Rule] = []
            switch CheckedListReader(fileSystem: fileSystem).read(path) {
            case .failure(let problem):
                outcome.standardError = problem.message + "\n"
                outcome.exitCode = 1
                return outcome
            case .success(var list):
                (byteCount, ruleCount) = (list.bytes.count, list.list.ruleCount)
                // Moved out of the loaded list, so the optimizer changes the only copy in place.
                swap(&checkedRules, &list.list.rules)
            }
            let serializer = RuleListSerializer(escapesNonASCII: forWebKit)
            let optimizer = RuleListOptimizer(forWebKit: forWebKit)
            let optimized = optimizer.optimize(
                consume checkedRules, measuringWith: report ? { serializer.serializedBytes($0).count } : nil,
                beforeEachPass: { done, total in
                    progress?.update(
                        ContentBlockerPipeline.Progress(stage: done < total ? .optimizing : .writing, completed: done, total: total))
                    return true
                })
            // Never nil: the hook above never stops the passes.
            let (rules, passes) = optimized ?? ([], OptimizationReport())
            let destination = inputs.count == 1 ? output : output + "/" + (path as NSString).lastPathComponent
            results.append((destination, serializer.serializedBytes(rules)))
            if report {
                text +=
                    "\(path): \(ruleCount) rules, \(byteCount) bytes -> \(rules.count) rules, \(results.last?.bytes.count ?? 0) bytes\n"
                for pass in passes.passes {
                    text +=
                        "  \(pass.name): \(pass.rulesBefore) -> \(pass.rulesAfter) rules, \(pass.bytesBefore ?? 0) -> \(pass.bytesAfter ?? 0) bytes\n"
                }
            }
        }
        for result in results {
            do {
                try fileSystem.writeAtomically(result.bytes, to: result.path)
            } catch {
                outcome.standardError = "\(result.path): error: \(error.message)\n"
                outcome.exitCode = 1
                return outcome
            }
        }
        outcome.standardOutput = text
        return outcome
    }
}
