import ArgumentParser
import ScriptBundler

/// `wkpack watch`: bundles the user scripts, then rebuilds on every change until interrupted.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Bundle user scripts, then rebuild the bundles whose inputs change (Ctrl-C stops)."
    )

    @Option(help: "User-script root folder (default: scripts.root, else UserScripts).")
    var root: String?

    @Option(help: "Output folder (default: scripts.output, else Assets).")
    var out: String?

    @Option(help: "development (a banner per file, inline maps) or production (minified).")
    var mode: BundleMode?

    @Option(help: "Configuration file (default: wkpack.yml in the current directory, if present).")
    var config: String?

    @Option(name: .customLong("source-maps"), help: "external, inline or none.")
    var sourceMaps: SourceMapMode?

    func run() throws {
        let overrides = ScriptsOverrides(root: root, output: out, mode: mode, sourceMaps: sourceMaps)
        try ScriptsWatchRunner(configPath: config, overrides: overrides).run()
    }
}
