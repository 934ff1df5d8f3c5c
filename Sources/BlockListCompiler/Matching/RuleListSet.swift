/// Several independent rule lists, as a browser installs them: each list is evaluated on its own and the
/// decisions are combined (a load is blocked when any list blocks it).
public struct RuleListSet: Sendable {
    public let lists: [RuleListMatcher]

    public init(lists: [RuleListMatcher]) {
        self.lists = lists
    }

    /// The combined decision and each list's result, in list order.
    public func evaluate(_ request: PreparedRequest) -> (decision: MatchDecision, results: [ListMatchResult]) {
        var decision = MatchDecision()
        var results: [ListMatchResult] = []
        results.reserveCapacity(lists.count)
        for list in lists {
            let result = list.evaluate(request)
            decision.merge(result.decision)
            results.append(result)
        }
        return (decision, results)
    }
}
