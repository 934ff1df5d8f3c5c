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
        // One representative unit per pair of classes (few pairs: a linear search of those seen is enough), with
        // each side's class mask for it; a unit above ASCII, which no set holds, comes last (masks 0).
        var innerMasks: [UInt64] = []
        var outerMasks: [UInt64] = []
        var seen: [UInt16] = []
        innerMasks.reserveCapacity(32)
        outerMasks.reserveCapacity(32)
        seen.reserveCapacity(32)
        for unit in 1...127 {
            let key = UInt16(inner.classOfUnit[unit]) << 8 | UInt16(outer.classOfUnit[unit])
            if !seen.contains(key) {
                seen.append(key)
                innerMasks.append(innerSide.mask(unit))
                outerMasks.append(outerSide.mask(unit))
            }
        }
        innerMasks.append(0)
        outerMasks.append(0)
        let innerEndMask = innerSide.mask(0), outerEndMask = outerSide.mask(0)
        let start = ProductState(inner: 0, innerMatched: false, outer: 0, atStart: true)
        var visited = ProductStateSet(capacity: min(stateBudget, 64))
        _ = visited.insert(start)
        var queue: [ProductState] = [start]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            // The positions each side reaches from this state before the next unit's class is applied: the same
            // for every unit, so computed once per state.
            let outerReach = outerSide.reach(state.outer, atStart: state.atStart)
            let innerReach = state.innerMatched ? 0 : innerSide.reach(state.inner, atStart: state.atStart)
            // The URL ends here: a counterexample when inner has matched and outer does not.
            let innerAtEnd = state.innerMatched || innerReach & innerEndMask & innerSide.last != 0
            if innerAtEnd && outerReach & outerEndMask & outerSide.last == 0 { return false }
            for index in outerMasks.indices {
                let outerNext = outerReach & outerMasks[index]
                if outerNext & outerSide.last != 0 { continue }  // outer has matched: every longer URL is matched too
                var next = ProductState(inner: 0, innerMatched: state.innerMatched, outer: outerNext, atStart: false)
                if !state.innerMatched {
                    let innerNext = innerReach & innerMasks[index]
                    if innerNext & innerSide.last != 0 {
                        next.innerMatched = true
                    } else {
                        next.inner = innerNext
                        // An anchored inner filter with no live position can no longer match.
                        if inner.isAnchoredAtStart && next.inner == 0 { continue }
                    }
                }
                if visited.insert(next) {
                    if visited.count > stateBudget { return false }
                    queue.append(next)
                }
            }
        }
        return true
    }

    /// A short string of units 1–127 that `automaton` matches (a shortest one over one unit per class of its
    /// units), or nil past `stateBudget` subset states, for automata above 64 positions, or when it matches
    /// nothing or everything.
    ///
    /// A witness of the inner filter decides most pairs at the cost of one match: when the outer automaton does
    /// not match it, the product search would reach that string's counterexample (or give up), so `contains` is
    /// false without searching.
    static func witness(of automaton: URLAutomaton, stateBudget: Int = 512) -> [UInt8]? {
        // Checked by matching it: a witness the automaton did not match would make `contains` answers unsound.
        guard let found = shortestMatch(of: automaton, stateBudget: stateBudget), automaton.matches(found) else { return nil }
        return found
    }

    private static func shortestMatch(of automaton: URLAutomaton, stateBudget: Int) -> [UInt8]? {
        guard automaton.wordCount == 1, automaton.positionCount > 0, !automaton.matchesEverything else { return nil }
        let side = Side(automaton)
        // One representative unit per class of the automaton's units.
        var units: [UInt8] = []
        var seenClasses: UInt64 = 0
        for unit in 1...127 {
            let unitClass = Int(automaton.classOfUnit[unit])
            guard unitClass < 64 else { return nil }
            if seenClasses & (1 << UInt64(unitClass)) == 0 {
                seenClasses |= 1 << UInt64(unitClass)
                units.append(UInt8(unit))
            }
        }
        let endMask = side.mask(0)
        // Breadth first over (position set, at start): each state with its parent and the unit that led to it.
        var states: [(positions: UInt64, atStart: Bool, parent: Int, unit: UInt8)] = [(0, true, -1, 0)]
        // The position sets seen, in the product search's table (inner side only): `Set` hashed each with SipHash.
        var seen = ProductStateSet(capacity: 64)
        var head = 0
        func path(to index: Int, then last: UInt8?) -> [UInt8] {
            var result: [UInt8] = []
            var cursor = index
            while states[cursor].parent >= 0 {
                result.append(states[cursor].unit)
                cursor = states[cursor].parent
            }
            result.reverse()
            if let last { result.append(last) }
            return result
        }
        while head < states.count {
            let state = states[head]
            let current = head
            head += 1
            let reach = side.reach(state.positions, atStart: state.atStart)
            if reach & endMask & side.last != 0 { return path(to: current, then: nil) }
            for unit in units {
                let next = reach & side.mask(Int(unit))
                if next & side.last != 0 { return path(to: current, then: unit) }
                if next == 0 && automaton.isAnchoredAtStart { continue }
                if seen.insert(ProductState(inner: next, innerMatched: false, outer: 0, atStart: false)) {
                    if seen.count > stateBudget { return nil }
                    states.append((next, false, current, unit))
                }
            }
        }
        return nil
    }

    private struct ProductState: Equatable {
        var inner: UInt64
        var innerMatched: Bool
        var outer: UInt64
        var atStart: Bool
    }

    /// The product states seen so far: an open-addressing table with a multiplicative hash (the states are two
    /// position words and two flags; `Set` with its seeded SipHash was most of the search's time).
    private struct ProductStateSet {
        private var inner: [UInt64]
        private var outer: [UInt64]
        /// 0 = empty slot, else 1 | innerMatched << 1 | atStart << 2.
        private var flags: [UInt8]
        private var mask: Int
        private(set) var count = 0

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            inner = [UInt64](repeating: 0, count: size)
            outer = [UInt64](repeating: 0, count: size)
            flags = [UInt8](repeating: 0, count: size)
            mask = size - 1
        }

        @inline(__always) private static func flagByte(_ state: ProductState) -> UInt8 {
            1 | (state.innerMatched ? 2 : 0) | (state.atStart ? 4 : 0)
        }

        @inline(__always) private func slot(of state: ProductState) -> Int {
            let mixed =
                (state.inner &* 0x9E37_79B9_7F4A_7C15) ^ (state.outer &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(ProductStateSet.flagByte(state))
            return Int(truncatingIfNeeded: ((mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> 17) & mask
        }

        /// Adds `state`; whether it was new.
        mutating func insert(_ state: ProductState) -> Bool {
            let flag = ProductStateSet.flagByte(state)
            var index = slot(of: state)
            while flags[index] != 0 {
                if flags[index] == flag && inner[index] == state.inner && outer[index] == state.outer { return false }
                index = (index + 1) & mask
            }
            flags[index] = flag
            inner[index] = state.inner
            outer[index] = state.outer
            count += 1
            if count * 2 > flags.count { grow() }
            return true
        }

        private mutating func grow() {
            let oldInner = inner, oldOuter = outer, oldFlags = flags
            let size = oldFlags.count * 2
            inner = [UInt64](repeating: 0, count: size)
            outer = [UInt64](repeating: 0, count: size)
            flags = [UInt8](repeating: 0, count: size)
            mask = size - 1
            for index in oldFlags.indices where oldFlags[index] != 0 {
                var target = slot(
                    of: ProductState(
                        inner: oldInner[index], innerMatched: oldFlags[index] & 2 != 0,
                        outer: oldOuter[index], atStart: oldFlags[index] & 4 != 0))
                while flags[target] != 0 { target = (target + 1) & mask }
                flags[target] = oldFlags[index]
                inner[target] = oldInner[index]
                outer[target] = oldOuter[index]
            }
        }
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

        /// The positions reachable in one step from `state` before the unit's class is applied: the first
        /// positions (unless the filter is anchored and this is not the start) and every live position's followers.
        @inline(__always) func reach(_ state: UInt64, atStart: Bool) -> UInt64 {
            var next: UInt64 = automaton.isAnchoredAtStart && !atStart ? 0 : first
            var live = state
            while live != 0 {
                next |= automaton.follow[live.trailingZeroBitCount]
                live &= live &- 1
            }
            return next
        }

        /// The positions accepting the ASCII `unit` (0 is the end marker).
        func mask(_ unit: Int) -> UInt64 {
            automaton.classMasks[Int(automaton.classOfUnit[unit])]
        }
    }
}
