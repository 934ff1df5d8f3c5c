import BlockListCompiler
import Foundation

/// The work behind `wkpack rules convert`, separated from printing so tests can call it.
public enum RulesConvertRunner {
    static let usage = "Usage: wkpack rules convert FILE... -o OUT [--target T] [--max-rules N] [--report FILE] [--quiet]"

    public static func run(
        inputs: [String], output: String, target targetName: String, maxRules: Int?, report reportPath: String?,
        quiet: Bool = false, fileSystem: any ListFileSystem = LocalListFileSystem(),
        progress: TerminalProgress? = nil
    ) -> ListCommandOutcome {
        var outcome = ListCommandOutcome()
        func fail(_ message: String, code: Int32 = 1) -> ListCommandOutcome {
            outcome.standardError += message + "\n"
            outcome.exitCode = code
            return outcome
        }
        guard !inputs.isEmpty else { return fail("error: no filter list given\n\(usage)", code: 2) }
        guard let target = WebKitTarget(rawValue: targetName) else {
            return fail(
                "error: unknown target '\(targetName)'; expected one of \(WebKitTarget.allCases.map(\.rawValue).joined(separator: ", "))\n\(usage)",
                code: 2)
        }
        if let maxRules, maxRules < 2 { return fail("error: --max-rules must be at least 2\n\(usage)", code: 2) }

        var sources: [ContentBlockerPipeline.FilterListSource] = []
        for path in inputs {
            switch fileSystem.read(path) {
            case .failure(let problem): return fail("\(path): error: \(problem.message)")
            case .success(let bytes): sources.append(.init(name: path, bytes: bytes))
            }
        }
        // The pipeline gives the bytes FilterListConversion's rules serialize to (ContentBlockerPipelineTests).
        let converted: ContentBlockerPipeline.ConvertedList
        do {
            converted = try ContentBlockerPipeline(target: target).convert(
                sources, maximumRules: maxRules, observer: progress?.observer ?? .none)
        } catch {
            switch error {
            case .cannotSplit(let message): return fail("\(output): error: \(message)")
            case .cancelled, .invalidList: return fail("\(output): error: the conversion stopped")
            }
        }
        let report = converted.report

        // Everything is computed before anything is written.
        var writes: [(path: String, bytes: [UInt8])] = []
        let outputPaths = partPaths(output, count: converted.parts.count)
        for (path, part) in zip(outputPaths, converted.parts) { writes.append((path, part)) }
        if let reportPath {
            writes.append((reportPath, Array(ConversionReportJSON.render(report, outputs: outputPaths, target: target).utf8)))
        }
        for write in writes {
            do {
                try fileSystem.writeAtomically(write.bytes, to: write.path)
            } catch {
                return fail("\(write.path): error: \(error.message)")
            }
        }

        if !quiet {
            for entry in report.entries {
                let severity = entry.kind.isDead || entry.kind.isPartial ? "note" : "warning"
                outcome.standardError +=
                    "\(entry.location.file):\(entry.location.line):\(entry.location.column): \(severity): \(entry.message) [\(entry.kind.rawValue)]\n"
            }
        }
        var summary =
            "\(report.filterCount) filters: \(report.convertedCount) converted (\(report.partialCount) in part, \(report.approximatedCount) approximated), "
            + "\(report.reportedCount) reported, \(report.deadCount) dead\n"
        summary +=
            "rules: \(report.rulesGenerated) generated, \(report.rulesChecked) after WebKit's checks, \(report.rulesOptimized) after optimization\n"
        for (path, count) in zip(outputPaths, report.partRuleCounts) { summary += "\(path): \(count) rules\n" }
        let kinds = report.countsByKind.sorted { $0.key.rawValue < $1.key.rawValue }
        if !kinds.isEmpty {
            summary += "reported by kind: " + kinds.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ") + "\n"
        }
        outcome.standardOutput = summary
        return outcome
    }

    /// OUT for one part; OUT's name with -1, -2, ... before the extension for several.
    static func partPaths(_ output: String, count: Int) -> [String] {
        guard count > 1 else { return [output] }
        let directory = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        let base = (name as NSString).deletingPathExtension
        let pathExtension = (name as NSString).pathExtension
        return (1...count).map { number in
            let file = base + "-\(number)" + (pathExtension.isEmpty ? "" : "." + pathExtension)
            return directory.isEmpty ? file : directory + "/" + file
        }
    }
}
