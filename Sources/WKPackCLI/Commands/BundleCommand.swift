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

    @Option(help: "Also write esbuild's metafile (inputs, outputs, bytes per input in each output) to this file.")
    var metafile: String?

    @Flag(help: "Print each bundle's largest modules (bytes in the output and share), generated code included.")
    var report = false

    @Option(name: .customLong("report-format"), help: "text (default) or json (the report alone on standard output).")
    var reportFormat: ReportFormat?

    /// The resolved command line (`LeafCommandLineParser` resolves ordinary command lines to the same value).
    var commandLine: LeafCommandLine {
        .bundle(
            config: options.config, overrides: options.overrides, watch: watch,
            size: SizeOutputOptions(metafile: metafile, reportFlag: report, reportFormat: reportFormat))
    }

    func run() throws {
        try commandLine.run()
    }
}
