import BlockListCompiler
import Foundation

/// The work behind `wkpack rules optimize`.
public enum RulesOptimizeRunner {
    public static func run(inputs: [String], output: String, report: Bool, forWebKit: Bool = false,
                           fileSystem: any ListFileSystem = LocalListFileSystem()) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        guard !inputs.isEmpty else {
            outcome.standardError = "error: no rule list given\nUsage: wkpack rules optimize IN... -o OUT [--report] [--for-webkit]\n"
            outcome.exitCode = 2
            return outcome
        }
        // Read and optimize everything first: no partial output.
        var results: [(path: String, text: String)] = []
        var text = ""
        for path in inputs {
            let bytes: [UInt8], checked: LoadedRuleList
            switch CheckedListReader(fileSystem: fileSystem).read(path) {
            case .failure(let problem):
                outcome.standardError = problem.message + "\n"
                outcome.exitCode = 1
                return outcome
            case .success(let list): (bytes, checked) = (list.bytes, list.list)
            }
            let serializer = RuleListSerializer(escapesNonASCII: forWebKit)
            let (rules, passes) = RuleListOptimizer(forWebKit: forWebKit).optimize(checked.rules, measuringWith: report ? { serializer.serialize($0).utf8.count } : nil)
            let destination = inputs.count == 1 ? output : output + "/" + (path as NSString).lastPathComponent
            results.append((destination, serializer.serialize(rules)))
            if report {
                text += "\(path): \(checked.ruleCount) rules, \(bytes.count) bytes -> \(rules.count) rules, \(results.last?.text.utf8.count ?? 0) bytes\n"
                for pass in passes.passes {
                    text += "  \(pass.name): \(pass.rulesBefore) -> \(pass.rulesAfter) rules, \(pass.bytesBefore ?? 0) -> \(pass.bytesAfter ?? 0) bytes\n"
                }
            }
        }
        for result in results {
            do {
                try fileSystem.writeAtomically(Array(result.text.utf8), to: result.path)
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
