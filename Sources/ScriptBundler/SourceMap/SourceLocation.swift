/// A position in a file: 1-based line and column.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:col`.
    public var description: String { "\(path):\(line):\(column)" }
}
