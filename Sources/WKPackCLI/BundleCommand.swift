import ArgumentParser
import ScriptBundler

extension BundleMode: ExpressibleByArgument {}
extension SourceMapMode: ExpressibleByArgument {}

/// `wkpack bundle`: bundles the user scripts.
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Bundle user scripts (<root>/<Frame>/<Time>/*.js) into one script per group, with source maps."
    )

    @Option(help: "User-script root folder (default: scripts.root, else UserScripts).")
    var root: String?

    @Option(help: "Output folder (default: scripts.output, else Assets).")
    var out: String?

    @Option(help: "development (a banner per file) or production.")
    var mode: BundleMode?

    @Option(help: "Configuration file (default: wkpack.yml in the current directory, if present).")
    var config: String?

    @Option(name: .customLong("source-maps"), help: "external, inline or none.")
    var sourceMaps: SourceMapMode?

    @Flag(help: "Keep running and rebuild the bundles whose inputs change (same as `wkpack watch`).")
    var watch = false

    func run() throws {
        if watch {
            let overrides = ScriptsOverrides(root: root, output: out, mode: mode, sourceMaps: sourceMaps)
            return try ScriptsWatchRunner(configPath: config, overrides: overrides).run()
        }
        do {
            let project = try ProjectConfig.load(path: config)
            let job = ScriptsJob(config: project, overrides: ScriptsOverrides(root: root, output: out, mode: mode, sourceMaps: sourceMaps))
            for line in try job.run() { print(line) }
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
