/// One line of a filter list, read.
public enum ParsedFilter: Sendable, Hashable {
    /// A network filter: a URL pattern with options.
    case network(NetworkFilter)
    /// A cosmetic filter: a selector to hide, or an exception for one.
    case cosmetic(CosmeticFilter)
    /// A filter WebKit cannot express, with the reason.
    case unsupported(FilterProblem)
}
