/// The `$options` of a network filter that the converter understands.
public struct FilterOptions: Sendable, Hashable {
    /// First- or third-party loads only.
    public enum Party: Sendable, Hashable { case first, third }

    /// Types named without `~` (empty: none named).
    public var includedTypes: Set<FilterResourceType> = []
    /// Types named with `~`.
    public var excludedTypes: Set<FilterResourceType> = []
    public var party: Party?
    /// `$domain=` entries without `~`, lowercased, in source order.
    public var includedDomains: [String] = []
    /// `$domain=` entries with `~`, lowercased, in source order.
    public var excludedDomains: [String] = []
    /// 1-based column of the `domain=` option, for reports.
    public var domainColumn = 0
    public var matchCase = false
    public var important = false
    public var badfilter = false
    /// Exception options that act on the page rather than on one request.
    public var elemhide = false
    public var generichide = false

    public init() {}
}
