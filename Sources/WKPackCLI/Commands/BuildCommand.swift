import ArgumentParser

/// `wkpack build`: runs every job of the configuration.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Run every job in the configuration: the script bundles, then the content-blocking lists."
    )

    @Option(help: "Configuration file (default: wkpack.yml in the current directory, if present).")
    var config: String?

    @Option(help: "Also write esbuild's metafile (inputs, outputs, bytes per input in each output) to this file.")
    var metafile: String?

    @Flag(help: "Print each bundle's largest modules (bytes in the output and share), generated code included.")
    var report = false

    @Option(name: .customLong("report-format"), help: "text (default) or json (the report alone on standard output).")
    var reportFormat: ReportFormat?

    /// The jobs a configuration asks for, in run order.
    static func jobs(for project: ProjectConfig, size: SizeOutputOptions = SizeOutputOptions()) -> [any BuildJob] {
        var jobs: [any BuildJob] = []
        if project.path == nil || project.scripts != nil {
            jobs.append(ScriptsJob(config: project, size: size))
        }
        if let rules = project.rules {
            jobs.append(RulesJob(config: project, rules: rules))
        }
        return jobs
    }

    /// The resolved command line (`LeafCommandLineParser` resolves ordinary command lines to the same value).
    var commandLine: LeafCommandLine {
        .build(config: config, size: SizeOutputOptions(metafile: metafile, reportFlag: report, reportFormat: reportFormat))
    }

    func run() throws {
        try commandLine.run()
    }
}
