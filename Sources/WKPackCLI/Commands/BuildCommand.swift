import ArgumentParser

/// `wkpack build`: runs every job of the configuration.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Run every job in the configuration: the script bundles, then the content-blocking lists."
    )

    @Option(help: "Configuration file (default: wkpack.yml in the current directory, if present).")
    var config: String?

    /// The jobs a configuration asks for, in run order.
    static func jobs(for project: ProjectConfig) -> [any BuildJob] {
        var jobs: [any BuildJob] = []
        if project.path == nil || project.scripts != nil {
            jobs.append(ScriptsJob(config: project))
        }
        if let rules = project.rules {
            jobs.append(RulesJob(config: project, rules: rules))
        }
        return jobs
    }

    /// The resolved command line (`LeafCommandLineParser` resolves ordinary command lines to the same value).
    var commandLine: LeafCommandLine {
        .build(config: config)
    }

    func run() throws {
        try commandLine.run()
    }
}
