/// Several independent rule lists, as a browser installs them: each list is evaluated on its own and the
/// decisions are combined (a load is blocked when any list blocks it).
public struct RuleListSet: Sendable {
    /// The lists, in the order they are evaluated.
    public let lists: [RuleListMatcher]

    /// Creates a set of independently evaluated lists.
    public init(lists: [RuleListMatcher]) {
        self.lists = lists
    }

    /// The combined decision and each list's result, in list order.
    public func evaluate(_ request: PreparedRequest) -> (decision: MatchDecision, results: [ListMatchResult]) {
        var decision = MatchDecision()
        var results: [ListMatchResult] = []
        results.reserveCapacity(lists.count)
        for (listIndex, list) in lists.enumerated() {
            var result = list.evaluate(request)
            for step in result.decision.redirectSteps.indices { result.decision.redirectSteps[step].listIndex = listIndex }
            result.decision.resolveRedirectTarget(requestURL: request.url)
            decision.merge(result.decision)
            results.append(result)
        }
        decision.resolveRedirectTarget(requestURL: request.url)
        return (decision, results)
    }
}
