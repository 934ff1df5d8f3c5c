import BlockListCompiler

/// Turns check results into text, JSON or GitHub workflow annotations.
public struct DiagnosticFormatter: Sendable {
    /// An output format.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, github
    }

    public var format: Format

    public init(format: Format) { self.format = format }

    /// The report on `results`, as text.
    public func format(_ results: [FileCheckResult]) -> String {
        switch format {
        case .text: return String(decoding: formattedUTF8(results), as: UTF8.self)
        case .github: return Self.joined(results.map(github))
        case .json: return "[" + Self.joined(results.map(json), separator: ",") + "\n]\n"
        }
    }

    /// The report on `results` as UTF-8 bytes, the form the CLI writes out: the text report is written as bytes,
    /// each diagnostic's message straight into them, and never made one string.
    public func formattedUTF8(_ results: [FileCheckResult]) -> [UInt8] {
        guard format == .text else { return Array(format(results).utf8) }
        var bytes: [UInt8] = []
        for result in results { text(result, into: &bytes) }
        return bytes
    }

    /// `parts` with `separator` between them, made by appending: the standard library's `joined(separator:)` is
    /// generic code whose first call looks up a conformance at run time, which walks the binary's conformance
    /// table (about 260,000 instructions, a fifth of checking a one-rule list).
    private static func joined(_ parts: [String], separator: String = "") -> String {
        var text = ""
        for (position, part) in parts.enumerated() {
            if position > 0 { text += separator }
            text += part
        }
        return text
    }

    private func summary(_ report: RuleListReport) -> String {
        let actions = Self.joined(report.actionCounts.sorted { $0.key < $1.key }.map { $0.key + " " + String($0.value) }, separator: ", ")
        return "\(report.ruleCount) rules, \(report.byteCount) bytes" + (actions.isEmpty ? "" : " (\(actions))")
    }

    /// Appends the text report on `result` to `lines`.
    private func text(_ result: FileCheckResult, into lines: inout [UInt8]) {
        guard let report = result.report else {
            lines += "\(result.path): error: \(result.readError ?? "cannot read the file")\n".utf8
            return
        }
        // Lists can have thousands of diagnostics: their lines are written as bytes, messages included (room for
        // the path and about 170 bytes more per line, so that a long report is not copied as it grows).
        let path = Array(result.path.utf8)
        lines.reserveCapacity(lines.count + report.diagnostics.count * (path.count + 170))
        // What follows the place (`: error: MESSAGE\n`), kept from one line to the next: lists repeat a message
        // diagnostic after diagnostic (the same unknown action type, the same selector problem), and a line whose
        // message is the previous line's copies its end rather than writing the message again.
        var end: [UInt8] = []
        var endOf: Int?
        // Read in place: a diagnostic is not copied out of the report (a copy retains and releases each of its
        // strings); its message is written and compared by the report, which reads it where it is.
        path.withUnsafeBufferPointer { path in
            report.diagnostics.withUnsafeBufferPointer { diagnostics in
                for index in diagnostics.indices {
                    lines.append(contentsOf: path)
                    Self.appendPlace(line: diagnostics[index].line, column: diagnostics[index].column, to: &lines)
                    let isRepeated =
                        endOf.map { previous in
                            !diagnostics[index].reportedByWebKit && !diagnostics[previous].reportedByWebKit
                                && diagnostics[index].severity == diagnostics[previous].severity
                                && report.hasSameMessage(diagnosticAt: index, as: previous)
                        } ?? false
                    if !isRepeated {
                        end.removeAll(keepingCapacity: true)
                        Self.appendPiece(diagnostics[index].severity == .error ? ": error: " : ": warning: ", to: &end)
                        report.appendMessage(ofDiagnosticAt: index, to: &end)
                        if diagnostics[index].reportedByWebKit, let webKitMessage = diagnostics[index].webKitMessage {
                            Self.appendPiece(" (WebKit reports: ", to: &end)
                            Self.append(webKitMessage, to: &end)
                            end.append(UInt8(ascii: ")"))
                        }
                        end.append(UInt8(ascii: "\n"))
                        endOf = index
                    }
                    end.withUnsafeBufferPointer { lines.append(contentsOf: $0) }
                }
            }
        }
        for budget in result.budgetErrors { lines += "\(result.path):1:1: error: \(budget)\n".utf8 }
        let errorCount = report.errorCount + result.budgetErrors.count
        let warningCount = report.warningCount
        lines +=
            "\(result.path): \(result.isValid ? "valid" : "invalid"): \(summary(report)); \(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")\n"
            .utf8
    }

    /// Appends the fixed text `piece` to `bytes` (its UTF-8 is in the binary: nothing to retain or check).
    private static func appendPiece(_ piece: StaticString, to bytes: inout [UInt8]) {
        piece.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text`'s UTF-8 to `bytes` in one copy (appending a `String.UTF8View` goes element by element).
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += text.utf8 }
    }

    /// Appends `:LINE:COLUMN` to `bytes` in one append (lines and columns are never negative in practice; a
    /// negative one is written as its decimal text).
    private static func appendPlace(line: Int, column: Int, to bytes: inout [UInt8]) {
        guard line > 0, column > 0 else {
            bytes += ":\(line):\(column)".utf8
            return
        }
        // The digits from the last, into a fixed buffer, then appended in order.
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            func put(_ value: Int) {
                var rest = value
                while rest > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                start -= 1
                buffer[start] = UInt8(ascii: ":")
            }
            put(column)
            put(line)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]).assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    private func github(_ result: FileCheckResult) -> String {
        let file = Self.escapeProperty(result.path)
        guard let report = result.report else {
            return "::error file=\(file)::\(Self.escapeData(result.readError ?? "cannot read the file"))\n"
        }
        var output = ""
        for diagnostic in report.diagnostics {
            var message = diagnostic.message
            if diagnostic.reportedByWebKit, let webKitMessage = diagnostic.webKitMessage {
                message += " (WebKit reports: \(webKitMessage))"
            }
            output +=
                "::\(diagnostic.severity.rawValue) file=\(file),line=\(diagnostic.line),col=\(diagnostic.column)::\(Self.escapeData(message))\n"
        }
        for budget in result.budgetErrors { output += "::error file=\(file),line=1,col=1::\(Self.escapeData(budget))\n" }
        return output
    }

    private func json(_ result: FileCheckResult) -> String {
        var fields: [String] = ["\"file\":" + JSONEscaper.quoted(result.path), "\"valid\":" + (result.isValid ? "true" : "false")]
        if let report = result.report {
            fields.append("\"rules\":\(report.ruleCount)")
            fields.append("\"bytes\":\(report.byteCount)")
            let actions = report.actionCounts.sorted { $0.key < $1.key }.map { JSONEscaper.quoted($0.key) + ":" + String($0.value) }
            fields.append("\"actions\":{" + Self.joined(actions, separator: ",") + "}")
            var errors = report.errors.map(diagnosticJSON)
            errors += result.budgetErrors.map {
                "{\"rule\":null,\"pointer\":\"\",\"line\":1,\"column\":1,\"message\":" + JSONEscaper.quoted($0) + ",\"webkitMessage\":null}"
            }
            fields.append("\"errors\":[" + Self.joined(errors, separator: ",") + "]")
            fields.append("\"warnings\":[" + Self.joined(report.warnings.map(diagnosticJSON), separator: ",") + "]")
        } else {
            fields.append("\"rules\":0")
            fields.append("\"bytes\":0")
            fields.append("\"actions\":{}")
            fields.append(
                "\"errors\":[{\"rule\":null,\"pointer\":\"\",\"line\":null,\"column\":null,\"message\":"
                    + JSONEscaper.quoted(result.readError ?? "cannot read the file") + ",\"webkitMessage\":null}]")
            fields.append("\"warnings\":[]")
        }
        return "\n{" + Self.joined(fields, separator: ",") + "}"
    }

    private func diagnosticJSON(_ diagnostic: Diagnostic) -> String {
        var fields = [
            "\"rule\":" + (diagnostic.ruleIndex.map(String.init) ?? "null"),
            "\"pointer\":" + JSONEscaper.quoted(diagnostic.pointer),
            "\"line\":\(diagnostic.line)",
            "\"column\":\(diagnostic.column)",
            "\"message\":" + JSONEscaper.quoted(diagnostic.message),
            "\"webkitMessage\":" + (diagnostic.webKitMessage.map(JSONEscaper.quoted) ?? "null"),
        ]
        if let detail = diagnostic.webKitDetail { fields.append("\"webkitDetail\":" + JSONEscaper.quoted(detail)) }
        if diagnostic.reportedByWebKit { fields.append("\"reportedByWebKit\":true") }
        return "{" + Self.joined(fields, separator: ",") + "}"
    }
}
