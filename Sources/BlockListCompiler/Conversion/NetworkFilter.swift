/// A network filter: a URL pattern with options, blocking or (`@@`) excepting requests.
public struct NetworkFilter: Sendable, Hashable {
    /// The URL pattern.
    public enum Pattern: Sendable, Hashable {
        /// An adblock pattern: `*` wildcards, `^` separators, with the anchors taken off.
        case plain(String, hostAnchored: Bool, startAnchored: Bool, endAnchored: Bool)
        /// A `/regular expression/`, without its slashes.
        case regex(String)
    }

    /// Whether this is an `@@` exception.
    public var isException: Bool
    /// The URL pattern.
    public var pattern: Pattern
    /// The `$options` the converter understands.
    public var options: FilterOptions
    /// 1-based column where the pattern starts.
    public var patternColumn: Int
    /// The filter's text without `badfilter`, with its options sorted: equal for a filter and its `$badfilter`.
    public var identity: String

    /// Creates a network filter read from a list.
    public init(isException: Bool, pattern: Pattern, options: FilterOptions, patternColumn: Int, identity: String) {
        self.isException = isException
        self.pattern = pattern
        self.options = options
        self.patternColumn = patternColumn
        self.identity = identity
    }
}
