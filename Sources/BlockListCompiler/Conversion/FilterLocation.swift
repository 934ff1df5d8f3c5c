/// Where something is in a filter-list file: 1-based line and column (columns count characters).
public struct FilterLocation: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}
