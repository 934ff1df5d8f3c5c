import ArgumentParser
import ScriptBundler

/// `wkpack bundle`: bundles the user scripts.
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Bundle user scripts (<root>/<Frame>/<Time>/*.js) into one script per group, with source maps."
    )

    @OptionGroup var options: BundleOptions

    @Flag(help: "Keep running and rebuild the bundles whose inputs change (same as `wkpack watch`).")
    var watch = false

    /// The resolved command line (`LeafCommandLineParser` resolves ordinary command lines to the same value).
    var commandLine: LeafCommandLine {
        .bundle(config: options.config, overrides: options.overrides, watch: watch)
    }

    func run() throws {
        try commandLine.run()
    }
}
