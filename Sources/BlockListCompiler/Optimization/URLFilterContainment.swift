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
        // One representative unit per pair of classes (few pairs: a linear search of those seen is enough).
        var representatives: [UInt8] = []
        var seen: [UInt16] = []
        for unit in UInt8(1)...127 {
            let key = UInt16(inner.classOfUnit[Int(unit)]) << 8 | UInt16(outer.classOfUnit[Int(unit)])
            if !seen.contains(key) {
                seen.append(key)
                representatives.append(unit)
            }
        }
        // A unit above ASCII, which no set holds.
        representatives.append(128)
        let start = ProductState(inner: 0, innerMatched: false, outer: 0, atStart: true)
        var visited = ProductStateSet(capacity: min(stateBudget, 64))
        _ = visited.insert(start)
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
                if visited.insert(next) {
                    if visited.count > stateBudget { return false }
                    queue.append(next)
                }
            }
        }
        return true
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
