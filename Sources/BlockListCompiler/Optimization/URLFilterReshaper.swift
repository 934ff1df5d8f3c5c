/// Rewrites url-filters into forms that match exactly the same URLs but that WebKit compiles into fewer and
/// smaller automata. A url-filter matches a URL when some part of it (starting at its first unit with `^`) matches,
/// so two rewrites keep the set of matched URLs:
///
/// - **Trailing terms that can match nothing go** (`…\.com[/:&?]?` → `…\.com`, `…(\/.*)?` → `…`), and a
///   trailing `x+` becomes `x`: whatever follows the shortest match does not change whether there is a match.
///   WebKit cuts its prefix tree into one automaton per vertex after the last quantified term, so a trailing `?`
///   after an unshared host name costs an automaton per rule; without it the rules share one.
/// - **The first atom of an unanchored filter is repeated** (`tracker\.com` → `t+racker\.com`): a URL holds a run
///   of `t` followed by `racker.com` exactly when it holds `tracker.com`. WebKit puts every unanchored filter
///   under the implicit leading `.*` into one automaton whose states each carry a transition for every unit that
///   can start any filter; with the quantified first atom, filters are cut into one automaton per first atom,
///   whose states only restart on that atom.
///
/// A rewrite is kept only when WebKit accepts it with the same status and, on the two filters' automata, each
/// matches every URL the other matches (`URLFilterContainment`, both ways); otherwise the filter stays as it is.
public enum URLFilterReshaper {
    /// The reshaped form of `pattern` (or `pattern` itself when no rewrite applies or one cannot be verified).
    public static func reshape(_ pattern: String, isCaseSensitive: Bool) -> String {
        mayReshape(pattern) ? rewritten(pattern, isCaseSensitive: isCaseSensitive) : pattern
    }

    /// `reshape` without the look at the first and last byte: the terms are cut and the rewrites tried.
    static func rewritten(_ pattern: String, isCaseSensitive: Bool) -> String {
        let units = Array(pattern.utf8)
        guard var terms = TopLevelTerms(units) else { return pattern }
        var changed = terms.dropTrailingOptionalTerms()
        changed = terms.repeatFirstAtom() || changed
        guard changed else { return pattern }
        let candidate = String(decoding: terms.rendered(), as: UTF8.self)
        return isEquivalent(candidate, to: pattern, isCaseSensitive: isCaseSensitive) ? candidate : pattern
    }

    /// `rules` with every url-filter reshaped.
    public static func reshape(_ rules: [Rule]) -> [Rule] {
        var rules = rules
        reshape(&rules)
        return rules
    }

    /// Whether a rewrite can apply to `pattern`, from its first and last byte: the first atom is repeated only
    /// when the filter does not start with `^`, and a trailing term is dropped or changed only when it is
    /// quantified, and then the filter's last byte is its quantifier. Most url-filters (the converter's host-anchored
    /// and `^`-anchored forms) are answered here without cutting them into terms, which was a third of
    /// `--for-webkit`'s passes.
    static func mayReshape(_ pattern: String) -> Bool {
        let units = pattern.utf8
        guard let first = units.first, let last = units.last else { return false }
        if first != UInt8(ascii: "^") { return true }
        return last == UInt8(ascii: "?") || last == UInt8(ascii: "*") || last == UInt8(ascii: "+")
    }

    /// Reshapes every url-filter of `rules` in place (each distinct filter that a rewrite can apply to once).
    static func reshape(_ rules: inout [Rule]) {
        // Per case flag, so the key is the url-filter itself (a key made per rule, with most filters distinct,
        // cost more than the rewrites).
        var caches: [[String: String]] = [[:], [:]]
        for index in rules.indices {
            guard mayReshape(rules[index].trigger.urlFilter) else { continue }
            let caseSensitive = rules[index].trigger.urlFilterIsCaseSensitive ?? false
            let flag = caseSensitive ? 1 : 0
            let reshaped: String
            if let known = caches[flag][rules[index].trigger.urlFilter] {
                reshaped = known
            } else {
                reshaped = reshape(rules[index].trigger.urlFilter, isCaseSensitive: caseSensitive)
                caches[flag][rules[index].trigger.urlFilter] = reshaped
            }
            if reshaped != rules[index].trigger.urlFilter { rules[index].trigger.urlFilter = reshaped }
        }
    }

    /// Whether WebKit accepts both with the same status and they match the same URLs (decided on automata).
    static func isEquivalent(_ candidate: String, to pattern: String, isCaseSensitive: Bool) -> Bool {
        let parser = URLFilterParser()
        let before = parser.parseTerms(pattern, isCaseSensitive: isCaseSensitive)
        let after = parser.parseTerms(candidate, isCaseSensitive: isCaseSensitive)
        guard before.result.isAccepted, after.result.isAccepted, before.result.status == after.result.status,
            before.result.status != .matchesEverything,
            let beforePattern = before.pattern, let afterPattern = after.pattern
        else { return false }
        let original = URLAutomaton(pattern: beforePattern), reshaped = URLAutomaton(pattern: afterPattern)
        return URLFilterContainment.contains(original, reshaped) && URLFilterContainment.contains(reshaped, original)
    }
}
