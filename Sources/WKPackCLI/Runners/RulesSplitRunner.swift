import ArgumentParser
import BlockListCompiler
import Foundation

/// `wkpack rules split IN --max-rules N -o DIR`: parts whose combined decisions equal the list's.
public struct RulesSplitCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Split a content-blocking list into parts of at most N rules with the same combined decisions.",
        discussion: """
        Writes DIR/<name>-1.json, DIR/<name>-2.json, ... Each ignore-previous-rules rule is copied into every earlier \
        part holding a rule it can cancel. Exit status: 0 on success, 1 when the list is invalid or cannot be split, \
        2 on usage errors.
        """
    )

    @Argument(help: "The rule list file.") var input: String
    @Option(name: .customLong("max-rules"), help: "Most rules per part.") var maxRules: Int
    @Option(name: .shortAndLong, help: "Output directory.") var output: String

    public init() {}

    public func run() throws {
        let outcome = RulesSplitRunner.run(input: input, maxRules: maxRules, output: output)
        try outcome.emit()
    }
}

/// The work behind `wkpack rules split`.
public enum RulesSplitRunner {
    public static func run(input: String, maxRules: Int, output: String,
                           fileSystem: any ListFileSystem = LocalListFileSystem()) -> RulesCheckRunner.Outcome {
        var outcome = RulesCheckRunner.Outcome()
        func fail(_ message: String, code: Int32 = 1) -> RulesCheckRunner.Outcome {
            outcome.standardError = message + "\n"
            outcome.exitCode = code
            return outcome
        }
        guard maxRules >= 2 else { return fail("error: --max-rules must be at least 2\nUsage: wkpack rules split IN --max-rules N -o DIR", code: 2) }
        let bytes: [UInt8]
        switch fileSystem.read(input) {
        case .failure(let problem): return fail("\(input): error: \(problem.message)")
        case .success(let read): bytes = read
        }
        let checked = RuleListChecker().check(bytes)
        if let error = checked.webKitError ?? checked.errors.first {
            return fail("\(input):\(error.line):\(error.column): error: \(error.message)")
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
