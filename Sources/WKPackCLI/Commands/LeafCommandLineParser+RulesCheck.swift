extension LeafCommandLineParser {
    /// The options of `wkpack rules check` the fast path reads (long names; each takes a value). Must match the
    /// ArgumentParser declarations in `RulesCheckCommand` (a test compares the two parsers).
    static let rulesCheckOptions = ["target", "max-rules", "max-bytes", "format"]

    /// Parses the arguments after `rules check`: list files and `--name value` / `--name=value` options. Returns
    /// `nil` for anything else (help, `--`, single-dash or unknown options, missing, empty or dash-led values, empty
    /// or dash-led file names, `help`), which ArgumentParser then parses as before.
    static func parseRulesCheck(_ arguments: ArraySlice<String>) -> LeafCommandLine? {
        var line = RulesCheckLine()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                guard !argument.isEmpty, !argument.hasPrefix("-"), argument != "help" else { return nil }
                line.files.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name: Substring
            var value: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                value = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            guard rulesCheckOptions.contains(String(name)) else { return nil }
            if value == nil {
                guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty else { return nil }
            // Like ArgumentParser for a single-value option, the last occurrence wins.
            switch name {
            case "target": line.target = value
            case "max-rules": line.maxRules = value
            case "max-bytes": line.maxBytes = value
            default: line.format = value
            }
        }
        return .rulesCheck(line)
    }
}
