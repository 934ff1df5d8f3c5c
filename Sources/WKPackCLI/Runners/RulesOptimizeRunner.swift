import ArgumentParser
import BlockListCompiler
import Foundation

/// `wkpack rules optimize IN... -o OUT [--report]`: smaller lists with exactly the same decisions.
public struct RulesOptimizeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Shrink content-blocking lists without changing any blocking decision.",
        discussion: """
        Every pass keeps the decision of every request (see RuleListOptimizer). With one input, OUT is the output \
        file; with several, OUT is a directory that receives each optimized list under its own name (lists stay \
        independent). No lossy rewrite is applied. Exit status: 0 on success, 1 when an input is invalid, 2 on usage errors.
        """
    )

    @Argument(help: "Rule list files.") var inputs: [String] = []
    @Option(name: .shortAndLong, help: "Output file (one input) or directory (several inputs).") var output: String
    @Flag(name: .long, help: "Print rules and bytes before and after each pass.") var report = false

    public init() {}

    public func run() throws {
        let outcome = RulesOptimizeRunner.run(inputs: inputs, output: output, report: report)
        try outcome.emit()
    }
}

/// The work behind `wkpack rules optimize`.
public enum RulesOptimizeRunner {
    public static func run(inputs: [String], output: String, report: Bool,
                           fileSystem: any ListFileSystem = LocalListFileSystem()) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        guard !inputs.isEmpty else {
            outcome.standardError = "error: no rule list given\nUsage: wkpack rules optimize IN... -o OUT [--report]\n"
            outcome.exitCode = 2
            return outcome
        }
        // Read and optimize everything first: no partial output.
        var results: [(path: String, text: String)] = []
        var text = ""
        for path in inputs {
            let bytes: [UInt8]
            switch fileSystem.read(path) {
            case .failure(let problem):
                outcome.standardError = "\(path): error: \(problem.message)\n"
                outcome.exitCode = 1
                return outcome
            case .success(let read): bytes = read
            }
            let checked = RuleListChecker().check(bytes)
            if let error = checked.webKitError ?? checked.errors.first {
                outcome.standardError = "\(path):\(error.line):\(error.column): error: \(error.message)\n"
                outcome.exitCode = 1
                return outcome
            }
            let (rules, passes) = RuleListOptimizer().optimize(checked.rules)
            let destination = inputs.count == 1 ? output : output + "/" + (path as NSString).lastPathComponent
            results.append((destination, RuleListSerializer().serialize(rules)))
            if report {
                text += "\(path): \(checked.ruleCount) rules, \(bytes.count) bytes -> \(rules.count) rules, \(results.last?.text.utf8.count ?? 0) bytes\n"
                for pass in passes.passes {
                    text += "  \(pass.name): \(pass.rulesBefore) -> \(pass.rulesAfter) rules, \(pass.bytesBefore) -> \(pass.bytesAfter) bytes\n"
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
