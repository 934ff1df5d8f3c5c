import ScriptBundler

/// Parses ordinary `bundle`, `build`, `watch` and `rules check` command lines without ArgumentParser, whose option-set
/// construction (reflection and protocol-conformance lookups) costs about a third of a small build's start-up.
///
/// It understands only `--name value`, `--name=value`, flags and a final `--`; for anything else (help,
/// completion scripts, unknown or repeated-in-an-odd-way options, missing or invalid values, values starting
/// with `-` in the separate form, empty values, arguments after `--`) it returns `nil`, and ArgumentParser
/// parses the line as before, so its help and error messages are unchanged.
enum LeafCommandLineParser {
    /// The resolved command line, or `nil` when ArgumentParser must parse `arguments` (without the program name).
    static func parse(_ arguments: [String]) -> LeafCommandLine? {
        if arguments.count >= 2, arguments[0] == "rules", arguments[1] == "check" {
            return parseRulesCheck(arguments.dropFirst(2))
        }
        guard let command = arguments.first, let options = LeafOption.options(of: command) else { return nil }
        // Plain variables rather than a dictionary keyed by option: see `LeafOption.options(of:)`.
        var root: String?, out: String?, mode: BundleMode?, config: String?, sourceMaps: SourceMapMode?, target: ScriptTarget?
        var watch = false
        var metafile: String?, report = false, reportFormat: ReportFormat?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                // The commands take no positional arguments: only a final `--` leaves nothing to parse.
                guard index == arguments.count else { return nil }
                break
            }
            guard argument.hasPrefix("--") else { return nil }
            let body = argument.dropFirst(2)
            let name: Substring
            var value: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                value = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            guard let option = LeafOption(rawValue: String(name)), options.contains(option) else { return nil }
            guard option.takesValue else {
                guard value == nil else { return nil }
                if option == .report { report = true } else { watch = true }
                continue
            }
            if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty else { return nil }
            // Like ArgumentParser for a single-value option, the last occurrence wins.
            switch option {
            case .root: root = value
            case .out: out = value
            case .config: config = value
            case .mode:
                guard let parsed = BundleMode(rawValue: value) else { return nil }
                mode = parsed
            case .sourceMaps:
                guard let parsed = SourceMapMode(rawValue: value) else { return nil }
                sourceMaps = parsed
            case .target:
                // An unknown name: ArgumentParser reports it.
                guard let parsed = ScriptTarget(name: value) else { return nil }
                target = parsed
            case .metafile: metafile = value
            case .reportFormat:
                guard let parsed = ReportFormat(rawValue: value) else { return nil }
                reportFormat = parsed
            case .watch, .report: return nil
            }
        }
        let overrides = ScriptsOverrides(root: root, output: out, mode: mode, sourceMaps: sourceMaps, target: target)
        let size = SizeOutputOptions(metafile: metafile, reportFlag: report, reportFormat: reportFormat)
        switch command {
        case "bundle": return .bundle(config: config, overrides: overrides, watch: watch, size: size)
        case "build": return .build(config: config, size: size)
        default: return .watch(config: config, overrides: overrides)
        }
    }
}
