/// An element-hiding filter `domains##selector` or its exception `domains#@#selector`.
public struct CosmeticFilter: Sendable, Hashable {
    /// Whether this is a `#@#` exception rather than a `##` hiding filter.
    public var isException: Bool
    /// Domains without `~`, lowercased (empty with no excluded domains: generic).
    public var includedDomains: [String]
    /// Domains with `~`, lowercased.
    public var excludedDomains: [String]
    /// The CSS selector, as written.
    public var selector: String
    /// 1-based column of the selector.
    public var selectorColumn: Int

    /// Creates a cosmetic filter read from a list.
    public init(isException: Bool, includedDomains: [String], excludedDomains: [String], selector: String, selectorColumn: Int) {
        self.isException = isException
        self.includedDomains = includedDomains
        self.excludedDomains = excludedDomains
        self.selector = selector
        self.selectorColumn = selectorColumn
    }

    /// Whether the filter applies on every site not excluded.
    public var isGeneric: Bool { includedDomains.isEmpty }
}
