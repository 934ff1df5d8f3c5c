@testable import BlockListCompiler

/// A decision with WebKit's deduplication of identical actions: what the optimizer and splitter must keep.
///
/// Hidden selectors are a bit set over a `SelectorTable` shared by the two sides of a comparison. The IDs of each
/// hidden selector text are found through the rule that fired it (precomputed per rule), after checking that the
/// text is that rule's; should the decision and its fired rules ever disagree, every text is split and looked up.
struct DecisionSummary: Hashable {
    var blocked: Bool
    var cookiesBlocked: Bool
    var upgradedToHTTPS: Bool
    var makeHTTPSMatched: Bool
    var redirects: Set<Redirect>
    var notifications: Set<String>
    /// Bit `id` is set when the selector with that ID in the table is hidden.
    var hiddenSelectors: [UInt64]
    /// Hidden selectors the table does not know (none when the table was built from the compared rules).
    var unknownSelectors: Set<String>
    var headerChanges: Set<ModifyHeaders>

    /// Summarizes `evaluation`, a result of `RuleListSet.evaluate`, whose lists were built from the rules that
    /// `selectors` describes (by list, then rule index).
    init(_ evaluation: (decision: MatchDecision, results: [ListMatchResult]), selectors: [[RuleSelectors?]], table: SelectorTable) {
        let decision = evaluation.decision
        blocked = decision.blocked
        cookiesBlocked = decision.cookiesBlocked
        upgradedToHTTPS = decision.upgradedToHTTPS
        makeHTTPSMatched = decision.makeHTTPSMatched
        redirects = Set(decision.redirects)
        notifications = Set(decision.notifications)
        headerChanges = Set(decision.headerChanges)
        unknownSelectors = []
        let hidden = decision.hiddenSelectors
        var bits = [UInt64](repeating: 0, count: table.wordCount)
        var position = 0
        var consistent = true
        lists: for (listIndex, result) in evaluation.results.enumerated() {
            let rules = listIndex < selectors.count ? selectors[listIndex] : []
            for fired in result.fired {
                guard case .cssDisplayNone = fired.action else { continue }
                // The decision lists the selectors of its fired rules in order; String == is a pointer compare
                // when both share the rule's storage.
                guard position < hidden.count, fired.index < rules.count, let rule = rules[fired.index], hidden[position] == rule.text
                else {
                    consistent = false
                    break lists
                }
                for id in rule.ids { bits[Int(id >> 6)] |= 1 << UInt64(id & 63) }
                position += 1
            }
        }
        if !consistent || position != hidden.count {
            bits = [UInt64](repeating: 0, count: table.wordCount)
            for text in hidden {
                for part in SelectorTable.parts(of: text) {
                    if let id = table.id(of: part) { bits[Int(id >> 6)] |= 1 << UInt64(id & 63) } else { unknownSelectors.insert(part) }
                }
            }
        }
        hiddenSelectors = bits
    }

    /// The hidden selectors' names, sorted.
    func selectorNames(in table: SelectorTable) -> [String] {
        var names: [String] = []
        for (word, value) in hiddenSelectors.enumerated() where value != 0 {
            for bit in 0..<64 where value & (1 << UInt64(bit)) != 0 { names.append(table.names[word * 64 + bit]) }
        }
        return (names + unknownSelectors).sorted()
    }

    /// A readable account of how this summary differs from `other`.
    func difference(from other: DecisionSummary, in table: SelectorTable) -> String {
        var parts: [String] = []
        if blocked != other.blocked { parts.append("blocked \(blocked) vs \(other.blocked)") }
        if cookiesBlocked != other.cookiesBlocked { parts.append("cookies \(cookiesBlocked) vs \(other.cookiesBlocked)") }
        if upgradedToHTTPS != other.upgradedToHTTPS || makeHTTPSMatched != other.makeHTTPSMatched {
            parts.append("https \(upgradedToHTTPS)/\(makeHTTPSMatched) vs \(other.upgradedToHTTPS)/\(other.makeHTTPSMatched)")
        }
        if redirects != other.redirects { parts.append("redirects \(redirects.count) vs \(other.redirects.count)") }
        if notifications != other.notifications {
            parts.append("notifications \(notifications.sorted()) vs \(other.notifications.sorted())")
        }
        if headerChanges != other.headerChanges { parts.append("header changes \(headerChanges.count) vs \(other.headerChanges.count)") }
        let mine = Set(selectorNames(in: table)), theirs = Set(other.selectorNames(in: table))
        if mine != theirs {
            parts.append(
                "selectors only before \(mine.subtracting(theirs).sorted().prefix(5)), only after \(theirs.subtracting(mine).sorted().prefix(5))"
            )
        }
        return parts.joined(separator: "; ")
    }
}
