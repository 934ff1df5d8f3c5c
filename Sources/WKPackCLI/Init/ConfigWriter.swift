import ScriptBundler

/// Writes an `InitDraft` as `wkpack.yml` text: the same draft always gives the same bytes.
enum ConfigWriter {
    static func text(_ draft: InitDraft) -> String {
        var lines = ["# Written by `\(draft.origin)`: a starting point; see docs/configuration.md.", "scripts:"]
        lines.append("  root: " + scalar(draft.root))
        if let output = draft.output { lines.append("  output: " + scalar(output)) }
        if let mode = draft.mode { lines.append("  mode: " + mode.rawValue) }
        if let sourceMaps = draft.sourceMaps { lines.append("  sourceMaps: " + sourceMaps.rawValue) }
        if let target = draft.target {
            var line = "  target: \(target)"
            if let reason = draft.targetReason { line += "   # oldest Safari with the syntax the sources use: " + reason }
            if let lowered = draft.loweringTarget, lowered < target {
                line += "; with lowering, builds go down to \(lowered)" + (draft.loweringReason.map { " (" + $0 + ")" } ?? "")
            }
            lines.append(line)
        }
        for (key, entries) in [("alias", draft.aliases), ("fallback", draft.fallbacks)] where !entries.isEmpty {
            lines.append("  \(key):")
            for entry in entries {
                let line = "    " + scalar(entry.name) + ": " + (entry.path.map(scalar) ?? "false")
                lines.append(entry.comment.map { line + "   # " + $0 } ?? line)
            }
        }
        if let directory = draft.resourceDirectory {
            lines.append("  resourceURIs:")
            lines.append("    directory: " + scalar(directory))
            if let overrides = draft.overridesFile { lines.append("    overrides: " + scalar(overrides)) }
        }
        if !draft.groups.isEmpty {
            lines.append("  groups:")
            for group in draft.groups {
                var parts = ["name: " + scalar(group.name)]
                if let folder = group.folder { parts.append("folder: " + scalar(folder)) }
                if let files = group.files { parts.append("files: [" + files.map(scalar).joined(separator: ", ") + "]") }
                if let output = group.output { parts.append("output: " + scalar(output)) }
                if let first = group.first { parts.append("first: " + scalar(first)) }
                lines.append("    - {" + parts.joined(separator: ", ") + "}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a YAML scalar: plain when that reads back as the same string (in block and flow context),
    /// double-quoted otherwise.
    static func scalar(_ text: String) -> String {
        let plainCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./@+$~-")
        let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", ".inf", ".nan"]
        let isPlain =
            !text.isEmpty && text.allSatisfy { plainCharacters.contains($0) }
            && !(text.first.map { "-@~+0123456789".contains($0) } ?? true)
            && !reserved.contains(text.lowercased())
        if isPlain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
