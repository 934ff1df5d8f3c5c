import ArgumentParser
import BlockListCompiler

/// A `bundle`, `build`, `watch` or `rules check` command line resolved to the values its command runs with, however
/// it was parsed (by `LeafCommandLineParser` or by ArgumentParser): the one place these commands' work is started.
enum LeafCommandLine: Equatable {
    /// `wkpack bundle`: the configuration file, the command-line overrides, `--watch`, and the size outputs.
    case bundle(config: String?, overrides: ScriptsOverrides, watch: Bool, size: SizeOutputOptions = SizeOutputOptions())
    /// `wkpack build`: the configuration file and the size outputs.
    case build(config: String?, size: SizeOutputOptions = SizeOutputOptions())
    /// `wkpack watch`: the configuration file and the command-line overrides.
    case watch(config: String?, overrides: ScriptsOverrides)
    /// `wkpack rules check`: the list files and the options, as written (the runner validates them).
    case rulesCheck(RulesCheckLine)

    /// Runs the command: prints its report lines, or throws a `CommandFailure` (or a watch error).
    func run() throws {
        switch self {
        case .bundle(let config, let overrides, let watch, let size):
            if watch {
                guard size == SizeOutputOptions() else {
                    Console.standard.writeError("error: --metafile and --report are not available with --watch\n")
                    throw ExitCode(2)
                }
                return try ScriptsWatchRunner(configPath: config, overrides: overrides).run()
            }
            do {
                let project = try ProjectConfig.load(path: config)
                Self.print(try ScriptsJob(config: project, overrides: overrides, size: size).outcome())
            } catch {
                throw CommandFailure.report(error)
            }
        case .build(let config, let size):
            do {
                let project = try ProjectConfig.load(path: config)
                // Lines are printed job by job; a JSON report keeps standard output for itself, after every job.
                var json: String?
                for job in BuildCommand.jobs(for: project, size: size) {
                    var lines: [String]
                    if let job = job as? ScriptsJob {
                        let outcome = try job.outcome()
                        lines = outcome.lines + outcome.reportLines
                        json = outcome.reportJSON
                    } else {
                        lines = try job.run()
                    }
                    if size.report == .json {
                        Console.standard.writeError(lines.map { $0 + "\n" }.joined())
                    } else {
                        Console.standard.writeLines(lines)
                    }
                }
                if let json { Console.standard.writeLines([json]) }
            } catch {
                throw CommandFailure.report(error)
            }
        case .watch(let config, let overrides):
            try ScriptsWatchRunner(configPath: config, overrides: overrides).run()
        case .rulesCheck(let line):
            let progress = TerminalProgress.standardError(label: "wkpack rules check")
            let outcome = RulesCheckRunner.run(
                files: line.files, target: line.target, maxRules: line.maxRules, maxBytes: line.maxBytes,
                format: line.format, progress: progress)
            progress?.finish()
            try outcome.emit()
        }
    }

    /// Prints a scripts job's outcome: build lines and a text report on standard output; with a JSON report, the
    /// build lines on standard error and only the JSON document on standard output.
    private static func print(_ outcome: ScriptsJob.Outcome) {
        if let json = outcome.reportJSON {
            Console.standard.writeError(Console.text(outcome.lines))
            Console.standard.writeLines([json])
        } else {
            Console.standard.writeLines(outcome.lines + outcome.reportLines)
        }
    }
}

/// The values of a `wkpack rules check` command line: the files and the options as written (the defaults where an
/// option is absent), which `RulesCheckRunner` validates and reports on.
struct RulesCheckLine: Equatable, Sendable {
    var files: [String] = []
    var target = WebKitTarget.newest.rawValue
    var maxRules: String?
    var maxBytes: String?
    var format = "text"
}
