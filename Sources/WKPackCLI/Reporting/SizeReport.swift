import BlockListCompiler
import ScriptBundler

/// Formats the size report of `--report`: per bundle, the modules that weigh most (bytes in the written file and
/// their share of it), the generated code and the source-map comment, which together add up to the file's size.
enum SizeReport {
    /// Modules listed per bundle in the text report.
    static let topCount = 10

    /// The text report: a block per bundle built with a size analysis.
    static func textLines(_ bundles: [GroupBundle]) -> [String] {
        var lines: [String] = []
        for bundle in bundles {
            guard let size = bundle.size else { continue }
            let attribution = size.attribution
            let total = attribution.outputBytes
            let contributing = attribution.inputs.count
            lines.append(
                "\(bundle.group.outputFileName)  \(grouped(total)) B, \(size.modules.count) module\(size.modules.count == 1 ? "" : "s")"
                    + (contributing == size.modules.count ? "" : " (\(contributing) with bytes in the output)"))
            var rows: [(bytes: Int, label: String)] = attribution.inputs.prefix(topCount).map { ($0.bytesInOutput, $0.path) }
            let rest = attribution.inputs.dropFirst(topCount)
            if !rest.isEmpty {
                rows.append((rest.reduce(0) { $0 + $1.bytesInOutput }, "\(rest.count) more module\(rest.count == 1 ? "" : "s")"))
            }
            rows.append((attribution.generatedBytes, "generated code (wrappers, module runtime, banners)"))
            if attribution.urlCommentBytes > 0 {
                rows.append((attribution.urlCommentBytes, "//# sourceURL / sourceMappingURL comments"))
            }
            let width = rows.map { grouped($0.bytes).count }.max() ?? 0
            for row in rows {
                let bytes = grouped(row.bytes)
                let share = percent(row.bytes, of: total)
                lines.append(
                    "  " + String(repeating: " ", count: width - bytes.count) + bytes + " B  "
                        + String(repeating: " ", count: max(0, 6 - share.count)) + share + "  " + row.label)
            }
        }
        return lines
    }

    /// The JSON report: `{"bundles": [{"name", "output", "bytes", "generatedBytes", "urlCommentBytes",
    /// "modules": [{"path", "bytesInOutput", "percent"}]}]}`, every module with bytes in the output, largest first.
    static func json(_ bundles: [GroupBundle]) -> String {
        var out = "{\n  \"bundles\": ["
        var first = true
        for bundle in bundles {
            guard let attribution = bundle.size?.attribution else { continue }
            out += first ? "\n" : ",\n"
            first = false
            out += "    {\n      \"name\": \(JSONEscaper.quoted(bundle.group.name)),\n"
            out += "      \"output\": \(JSONEscaper.quoted(bundle.group.outputFileName)),\n"
            out += "      \"bytes\": \(attribution.outputBytes),\n"
            out += "      \"generatedBytes\": \(attribution.generatedBytes),\n"
            out += "      \"urlCommentBytes\": \(attribution.urlCommentBytes),\n"
            out += "      \"modules\": ["
            for (index, share) in attribution.inputs.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                out +=
                    "        {\"path\": \(JSONEscaper.quoted(share.path)), \"bytesInOutput\": \(share.bytesInOutput), "
                    + "\"percent\": \(percentNumber(share.bytesInOutput, of: attribution.outputBytes))}"
            }
            out += attribution.inputs.isEmpty ? "]\n    }" : "\n      ]\n    }"
        }
        out += first ? "]\n}" : "\n  ]\n}"
        return out
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// The share in percent with one decimal (`39.2%`).
    static func percent(_ part: Int, of total: Int) -> String { percentNumber(part, of: total) + "%" }

    private static func percentNumber(_ part: Int, of total: Int) -> String {
        guard total > 0 else { return "0.0" }
        let tenths = (part * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)"
    }
}
