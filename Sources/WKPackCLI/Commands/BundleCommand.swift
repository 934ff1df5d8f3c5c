import ArgumentParser
import ScriptBundler

/// `wkpack bundle`: bundles the user scripts.
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        // Names the full command when parsed on its own (`WKPackCommand.parseDirectly`).
        _superCommandName: WKPackCommand.configuration.commandName ?? "wkpack",
        abstract: "Bundle user scripts (<root>/<Frame>/<Time>/*.js) into one script per group, with source maps."
    )

    @OptionGroup var options: BundleOptions

    @Flag(help: "Keep running and rebuild the bundles whose inputs change (same as `wkpack watch`).")
    var watch = false

    func run() throws {
        if watch {
            return try ScriptsWatchRunner(configPath: options.config, overrides: options.overrides).run()
        }
        do {
            let project = try ProjectConfig.load(path: options.config)
            let job = ScriptsJob(config: project, overrides: options.overrides)
            for line in try job.run() { print(line) }
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
