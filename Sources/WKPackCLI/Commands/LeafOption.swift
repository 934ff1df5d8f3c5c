import ScriptBundler

/// An option of `bundle`, `build` or `watch`, as `LeafCommandLineParser` knows it: its long name (the raw
/// value), whether it takes a value, and which values it accepts. Must match the ArgumentParser declarations in
/// `BundleOptions`, `BundleCommand`, `BuildCommand` and `WatchCommand` (a test compares them).
enum LeafOption: String, CaseIterable, Sendable {
    case root
    case out
    case mode
    case config
    case sourceMaps = "source-maps"
    case target
    case watch
    case metafile
    case report
    case reportFormat = "report-format"

    /// Whether the option takes a value (`--name value` or `--name=value`); otherwise it is a flag.
    var takesValue: Bool { self != .watch && self != .report }

    /// The values the option accepts, or `nil` for any string.
    var allowedValues: [String]? {
        switch self {
        case .mode: BundleMode.allCases.map(\.rawValue)
        case .sourceMaps: SourceMapMode.allCases.map(\.rawValue)
        case .target: ScriptTarget.notableNames
        case .reportFormat: ReportFormat.allCases.map(\.rawValue)
        case .root, .out, .config, .watch, .metafile, .report: nil
        }
    }

    /// The leaf commands' names.
    static let commands = ["bundle", "build", "watch"]

    /// The options of the leaf command `command`, or `nil` for another command. (A switch rather than a
    /// dictionary: instantiating a `Dictionary` type at run time scans every protocol conformance record of the
    /// binary for `Hashable`, about 0.1 ms.)
    static func options(of command: String) -> [LeafOption]? {
        switch command {
        case "bundle": [.root, .out, .mode, .config, .sourceMaps, .target, .watch, .metafile, .report, .reportFormat]
        case "build": [.config, .metafile, .report, .reportFormat]
        case "watch": [.root, .out, .mode, .config, .sourceMaps, .target]
        default: nil
        }
    }
}
