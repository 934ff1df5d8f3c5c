/// Where something is in a filter-list file: 1-based line and column (columns count characters).
public struct FilterLocation: Sendable, Hashable {
    /// The filter list's path.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}
