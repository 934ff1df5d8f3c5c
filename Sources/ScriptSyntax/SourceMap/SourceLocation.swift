/// A position in a file: 1-based line and column.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a location; line and column default to the file's start.
    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:col`.
    public var description: String { "\(path):\(line):\(column)" }
}
