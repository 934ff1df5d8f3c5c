/// The four sets of patterns WebKit compiles into separate automata (`CombinedURLFilters` each).
public enum AutomatonGroup: String, CaseIterable, Sendable, Hashable {
    /// url-filters of rules without a condition.
    case urlFilters = "url-filters"
    /// url-filters of rules with an `if-`/`unless-` condition.
    case conditionalURLFilters = "conditional-url-filters"
    /// `if-domain`/`unless-domain` entries (each a top-URL regex) and `if-top-url`/`unless-top-url` patterns.
    case topURLFilters = "top-url-filters"
    /// `if-frame-url`/`unless-frame-url` patterns.
    case frameURLFilters = "frame-url-filters"
}
