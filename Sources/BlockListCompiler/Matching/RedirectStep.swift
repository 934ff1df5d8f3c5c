/// One `redirect` action that applies to a request, with what WebKit needs to apply it.
public struct RedirectStep: Sendable, Hashable {
    /// The rule's redirect.
    public var redirect: Redirect
    /// The rule's url-filter (a `regex-substitution` applies it as a JavaScript regular expression).
    public var urlFilter: String
    /// Index of the rule in its list's JSON array.
    public var ruleIndex: Int
    /// Position of the rule's list among the lists evaluated.
    public var listIndex: Int

    /// Creates a step for the redirect of rule `ruleIndex` of list `listIndex`.
    public init(redirect: Redirect, urlFilter: String, ruleIndex: Int, listIndex: Int = 0) {
        self.redirect = redirect
        self.urlFilter = urlFilter
        self.ruleIndex = ruleIndex
        self.listIndex = listIndex
    }
}
