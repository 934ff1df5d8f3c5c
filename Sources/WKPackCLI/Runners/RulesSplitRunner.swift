import BlockListCompiler
import Foundation

/// The work behind `wkpack rules split`.
public enum RulesSplitRunner {
    public static func run(
        input: String, maxRules: Int, output: String,
        fileSystem: any ListFileSystem = LocalListFileSystem()
    ) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        func fail(_ message: String, code: Int32 = 1) -> RulesCheckRunner.Outcome {
            outcome.standardError = message + "\n"
            outcome.exitCode = code
            return outcome
        }
        guard maxRules >= 2 else {
            return fail("error: --max-rules must be at least 2\nUsage: wkpack rules split IN --max-rules N -o DIR", code: 2)
        }
        let checked: LoadedRuleList
        switch CheckedListReader(fileSystem: fileSystem).read(input) {
        case .failure(let problem): return fail(problem.message)
        case .success(let list): checked = list.list
        }
        let parts: [[Rule]]
        do {
            parts = try RuleListSplitter(maximumRules: maxRules).split(checked.rules)
        } catch {
            return fail("\(input): error: \(error.message)")
        }
        let base = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        let serializer = RuleListSerializer()
        var summary = ""
        for (number, part) in parts.enumerated() {
            let path = output + "/\(base)-\(number + 1).json"
            do {
                try fileSystem.writeAtomically(Array(serializer.serialize(part).utf8), to: path)
            } catch {
                return fail("\(path): error: \(error.message)")
            }
            summary += "\(path): \(part.count) rules\n"
        }
        outcome.standardOutput = summary
        return outcome
    }
}
