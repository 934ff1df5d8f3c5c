import BlockListCompiler

/// The JSON form of a conversion report (`wkpack rules convert --report`): keys in a fixed order, one entry a line.
enum ConversionReportJSON {
    static func render(_ report: ConversionReport, outputs: [String], target: WebKitTarget) -> String {
        func quoted(_ value: String) -> String { JSONEscaper.quoted(value) }
        var text = "{\n"
        text += "\"target\": \(quoted(target.rawValue)),\n"
        text +=
            "\"summary\": {\"filters\": \(report.filterCount), \"converted\": \(report.convertedCount), \"partial\": \(report.partialCount), \"approximated\": \(report.approximatedCount), "
        text += "\"reported\": \(report.reportedCount), \"dead\": \(report.deadCount), \"rulesGenerated\": \(report.rulesGenerated), "
        text += "\"rulesChecked\": \(report.rulesChecked), \"rulesOptimized\": \(report.rulesOptimized)},\n"
        let kinds = report.countsByKind.sorted { $0.key.rawValue < $1.key.rawValue }
        text += "\"byKind\": {" + kinds.map { "\(quoted($0.key.rawValue)): \($0.value)" }.joined(separator: ", ") + "},\n"
        text +=
            "\"outputs\": ["
            + zip(outputs, report.partRuleCounts).map { "{\"file\": \(quoted($0.0)), \"rules\": \($0.1)}" }.joined(separator: ", ") + "],\n"
        text += "\"entries\": ["
        for (index, entry) in report.entries.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"file\": \(quoted(entry.location.file)), \"line\": \(entry.location.line), \"column\": \(entry.location.column), "
            text += "\"kind\": \(quoted(entry.kind.rawValue)), \"message\": \(quoted(entry.message)), \"filter\": \(quoted(entry.filter))}"
        }
        text += report.entries.isEmpty ? "]\n}\n" : "\n]\n}\n"
        return text
    }
}
