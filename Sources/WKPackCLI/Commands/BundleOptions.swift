import ArgumentParser
import ScriptBundler

extension BundleMode: ExpressibleByArgument {}
extension SourceMapMode: ExpressibleByArgument {}
extension ScriptTarget: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    /// Listed in help: the versions where features landed (any `safariN.M` from 11 to 26 is accepted).
    public static var allValueStrings: [String] { notableNames }
}

/// The options `wkpack bundle` and `wkpack watch` share; they override the `scripts:` section.
struct BundleOptions: ParsableArguments {
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

    @Option(
        help:
            "Oldest Safari the bundles must run on: safari11 ... safari26, safariN.M (default: scripts.target, else \(ScriptTarget.default))."
    )
    var target: ScriptTarget?

    /// The command-line values as overrides of the configuration.
    var overrides: ScriptsOverrides {
        ScriptsOverrides(root: root, output: out, mode: mode, sourceMaps: sourceMaps, target: target)
    }
}
