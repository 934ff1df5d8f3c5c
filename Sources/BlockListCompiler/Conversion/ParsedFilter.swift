/// One line of a filter list, read.
public enum ParsedFilter: Sendable, Hashable {
    case network(NetworkFilter)
    case cosmetic(CosmeticFilter)
    /// A filter WebKit cannot express, with the reason.
    case unsupported(FilterProblem)
}
