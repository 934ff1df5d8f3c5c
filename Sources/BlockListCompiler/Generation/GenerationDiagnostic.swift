/// A warning or error about an input of list generation or merging, with its place in the input file.
public struct GenerationDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// `error`: nothing is produced; `warning`: the entry is skipped or adjusted.
        case error, warning
    }

    /// Whether generation stops (`error`) or goes on (`warning`).
    public var severity: Severity
    /// The input's path as given by the caller.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counting bytes of the line.
    public var column: Int
    /// What is wrong, naming the entry.
    public var message: String

    /// Creates a diagnostic at `path:line:column`.
    public init(severity: Severity, path: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:col: severity: message`.
    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// A failure of list generation or merging; nothing is produced.
public struct GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where and why.
    public var diagnostic: GenerationDiagnostic

    /// Creates an error from its diagnostic.
    public init(_ diagnostic: GenerationDiagnostic) { self.diagnostic = diagnostic }

    /// `path:line:col: error: message`.
    public var description: String { diagnostic.description }
}
