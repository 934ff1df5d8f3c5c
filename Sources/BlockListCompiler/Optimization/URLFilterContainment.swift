/// Decides whether every URL one url-filter matches is matched by another, on their automata.
///
/// A URL is searched for a match (from its first unit when the filter starts with `^`) and ends with the end
/// marker 0 that `$` matches. The check explores, breadth first, the product of the subset automata of the two
/// filters over every ASCII unit 1–127 and a unit above ASCII (a superset of the units a URL can hold, so a containment it claims holds
/// for every real URL): a counterexample is a string on which the inner filter has matched by its end marker and
/// the outer filter has not. Case folding is already in the automata's sets (case-insensitive filters hold both
/// cases). Past `stateBudget` product states, or for automata above 64 positions, it answers "not contained".
public enum URLFilterContainment {
    /// Product states explored before giving up (and answering false).
    public static let defaultStateBudget = 2_048

    /// Whether every URL `inner` matches, `outer` matches too.
    public static func contains(_ outer: URLAutomaton, _ inner: URLAutomaton, stateBudget: Int = defaultStateBudget) -> Bool {
        if outer.matchesEverything { return true }
        if inner.positionCount == 0 && !inner.matchesEverything { return true }
        if inner.matchesEverything || outer.positionCount == 0 { return false }
        guard inner.wordCount == 1, outer.wordCount == 1 else { return false }
        let innerSide = Side(inner), outerSide = Side(outer)
        // One representative unit per pair of classes.
        var representatives: [UInt8] = []
        var seen: Set<UInt16> = []
        for unit in UInt8(1)...127 {
            let key = UInt16(inner.classOfUnit[Int(unit)]) << 8 | UInt16(outer.classOfUnit[Int(unit)])
            if seen.insert(key).inserted { representatives.append(unit) }
        }
        // A unit above ASCII, which no set holds.
        representatives.append(128)
        let start = ProductState(inner: 0, innerMatched: false, outer: 0, atStart: true)
        var visited: Set<ProductState> = [start]
        var queue: [ProductState] = [start]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            // The URL ends here: a counterexample when inner has matched and outer does not.
            let innerAtEnd = state.innerMatched || innerSide.step(state.inner, atStart: state.atStart, unit: 0).accepted
            if innerAtEnd && !outerSide.step(state.outer, atStart: state.atStart, unit: 0).accepted { return false }
            for unit in representatives {
                let outerNext = outerSide.step(state.outer, atStart: state.atStart, unit: unit)
                if outerNext.accepted { continue }  // outer has matched: every longer URL is matched too
                var next = ProductState(inner: 0, innerMatched: state.innerMatched, outer: outerNext.state, atStart: false)
                if !state.innerMatched {
                    let innerNext = innerSide.step(state.inner, atStart: state.atStart, unit: unit)
                    if innerNext.accepted {
                        next.innerMatched = true
                    } else {
                        next.inner = innerNext.state
                        // An anchored inner filter with no live position can no longer match.
                        if inner.isAnchoredAtStart && next.inner == 0 { continue }
                    }
                }
                if visited.insert(next).inserted {
                    if visited.count > stateBudget { return false }
                    queue.append(next)
                }
            }
        }
        return true
    }

    private struct ProductState: Hashable {
        var inner: UInt64
        var innerMatched: Bool
        var outer: UInt64
        var atStart: Bool
    }

    /// One automaton's transition function on a one-word position set.
    private struct Side {
        let automaton: URLAutomaton
        let first: UInt64
        let last: UInt64

        init(_ automaton: URLAutomaton) {
            self.automaton = automaton
            first = automaton.first[0]
            last = automaton.last[0]
        }

        func step(_ state: UInt64, atStart: Bool, unit: UInt8) -> (state: UInt64, accepted: Bool) {
            var next: UInt64 = automaton.isAnchoredAtStart && !atStart ? 0 : first
            var live = state
            while live != 0 {
                next |= automaton.follow[live.trailingZeroBitCount]
                live &= live &- 1
            }
            next &= unit < 128 ? automaton.classMasks[Int(automaton.classOfUnit[Int(unit)])] : 0
            return (next, next & last != 0)
        }
    }
}
