import ArgumentParser
import ScriptBundler

/// `wkpack watch`: bundles the user scripts, then rebuilds on every change until interrupted.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Bundle user scripts, then rebuild the bundles whose inputs change (Ctrl-C stops)."
    )

    @OptionGroup var options: BundleOptions

    /// The resolved command line (`LeafCommandLineParser` resolves ordinary command lines to the same value).
    var commandLine: LeafCommandLine {
        .watch(config: options.config, overrides: options.overrides)
    }

    func run() throws {
        try commandLine.run()
    }
}
