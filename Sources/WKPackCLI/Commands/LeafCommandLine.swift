/// A `bundle`, `build` or `watch` command line resolved to the values its command runs with, however it was
/// parsed (by `LeafCommandLineParser` or by ArgumentParser): the one place these commands' work is started.
enum LeafCommandLine: Equatable {
    /// `wkpack bundle`: the configuration file, the command-line overrides, and `--watch`.
    case bundle(config: String?, overrides: ScriptsOverrides, watch: Bool)
    /// `wkpack build`: the configuration file.
    case build(config: String?)
    /// `wkpack watch`: the configuration file and the command-line overrides.
    case watch(config: String?, overrides: ScriptsOverrides)

    /// Runs the command: prints its report lines, or throws a `CommandFailure` (or a watch error).
    func run() throws {
        switch self {
        case .bundle(let config, let overrides, let watch):
            if watch {
                return try ScriptsWatchRunner(configPath: config, overrides: overrides).run()
            }
            do {
                let project = try ProjectConfig.load(path: config)
                let job = ScriptsJob(config: project, overrides: overrides)
                Console.standard.writeLines(try job.run())
            } catch {
                throw CommandFailure.report(error)
            }
        case .build(let config):
            do {
                let project = try ProjectConfig.load(path: config)
                for job in BuildCommand.jobs(for: project) {
                    Console.standard.writeLines(try job.run())
                }
            } catch {
                throw CommandFailure.report(error)
            }
        case .watch(let config, let overrides):
            try ScriptsWatchRunner(configPath: config, overrides: overrides).run()
        }
    }
}
