/// The `$options` of a network filter that the converter understands.
public struct FilterOptions: Sendable, Hashable {
    /// First- or third-party loads only.
    public enum Party: Sendable, Hashable {
        /** First-party (`$~third-party`) or third-party (`$third-party`) loads. */
        case first, third
    }

    /// Types named without `~` (empty: none named).
    public var includedTypes: Set<FilterResourceType> = []
    /// Types named with `~`.
    public var excludedTypes: Set<FilterResourceType> = []
    /// `$third-party` or `$~third-party` (and their short forms), if given.
    public var party: Party?
    /// `$domain=` entries without `~`, lowercased, in source order.
    public var includedDomains: [String] = []
    /// `$domain=` entries with `~`, lowercased, in source order.
    public var excludedDomains: [String] = []
    /// 1-based column of the `domain=` option, for reports.
    public var domainColumn = 0
    /// `$match-case`: the pattern is matched case-sensitively.
    public var matchCase = false
    /// `$important`: no exception cancels the filter.
    public var important = false
    /// `$badfilter`: the filter removes the filter it names instead of acting itself.
    public var badfilter = false
    /// Exception options that act on the page rather than on one request.
    public var elemhide = false
    /// `$generichide`: the page's generic cosmetic filters are off.
    public var generichide = false

    /// Creates options with nothing set.
    public init() {}
}
