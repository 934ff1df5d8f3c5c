/// Finds the rules of a segment (rules between two exception rules, whose order does not matter) that another
/// rule of the segment makes redundant: same action, same trigger apart from the url-filter, and a url-filter
/// whose URLs include all of the rule's (`URLFilterContainment`). Dropping such a rule keeps every decision: each
/// request it matches is matched by the keeper with the same action, and an exception later in the list cancels
/// both or neither.
///
/// Candidate keepers come from literals: a keeper whose longest required literal is not inside one of the rule's
/// literal runs is only tried in small groups. Candidates only save time; the automata decide.
enum ContainedRuleFinder {
    /// Groups up to this size compare every pair.
    static let exhaustiveGroupSize = 48
    /// Keepers without a literal of 4 units are tried against every rule of a large group only up to this many.
    static let shortKeeperLimit = 16

    private struct GroupKey: Hashable {
        var shape: TriggerShape
        var action: Action.Kind
    }

    /// A rule of a group. Its parsed pattern is not kept (the patterns of a large group were most of the
    /// optimizer's peak memory): the automaton is built from the url-filter when a comparison needs it.
    private struct Entry {
        var index: Int
        var urlFilter: String
        var isCaseSensitive: Bool
        var runs: [[UInt8]]
        var literal: [UInt8]
    }

    /// Indices (into `segment`'s base list) of the rules to drop, never both of two rules matching the same URLs.
    static func droppedIndices(_ segment: ArraySlice<Rule>) -> Set<Int> {
        var groups: [GroupKey: [Int]] = [:]
        var order: [GroupKey] = []
        for index in segment.indices where !RuleListOptimizer.isException(segment[index]) {
            let rule = segment[index]
            // The url-filter left out of the key (one number for all, no text).
            var shape = TriggerShape(rule.trigger, urlFilterID: 0)
            shape.urlFilterIsCaseSensitive = false
            let key = GroupKey(shape: shape, action: rule.action.kind)
            // One hash of the key for a rule of a known group (the common case), two for a new group.
            if let known = groups.index(forKey: key) {
                groups.values[known].append(index)
            } else {
                groups[key] = [index]
                order.append(key)
            }
        }
        var dropped: Set<Int> = []
        let parser = URLFilterParser()
        for key in order {
            guard let members = groups[key], members.count > 1 else { continue }
            var entries: [Entry] = []
            for index in members {
                let trigger = segment[index].trigger
                let isCaseSensitive = trigger.urlFilterIsCaseSensitive ?? false
                // The converter's forms are read from the text; others are parsed.
                let runs: [[UInt8]]
                if let read = URLFilterLiteralRuns.runs(of: trigger.urlFilter) {
                    runs = read
                } else {
                    guard let pattern = parser.parseTerms(trigger.urlFilter, isCaseSensitive: isCaseSensitive).pattern
                    else { continue }
                    runs = RequiredLiterals.of(pattern)
                }
                entries.append(
                    Entry(
                        index: index, urlFilter: trigger.urlFilter, isCaseSensitive: isCaseSensitive, runs: runs,
                        literal: runs.max { $0.count < $1.count } ?? []))
            }
            dropped.formUnion(droppedInGroup(entries))
        }
        return dropped
    }

    private static func droppedInGroup(_ entries: [Entry]) -> [Int] {
        var isDropped = [Bool](repeating: false, count: entries.count)
        // Automata are built when a comparison needs them: most rules of a large group have no candidate keeper.
        var automata = [URLAutomaton?](repeating: nil, count: entries.count)
        // A string each rule's url-filter matches (`URLFilterContainment.witness`), found once per rule as the
        // inner side: a keeper that does not match it cannot contain the rule, decided without the product search.
        var witnesses = [[UInt8]?](repeating: nil, count: entries.count)
        var witnessFound = [Bool](repeating: false, count: entries.count)
        let parser = URLFilterParser()
        func automaton(_ position: Int) -> URLAutomaton? {
            if let built = automata[position] { return built }
            // The same text parses to the same pattern it did when the entry was made.
            guard let pattern = parser.parseTerms(entries[position].urlFilter, isCaseSensitive: entries[position].isCaseSensitive).pattern
            else { return nil }
            let built = URLAutomaton(pattern: pattern)
            automata[position] = built
            return built
        }
        func witness(_ position: Int, _ inner: URLAutomaton) -> [UInt8]? {
            if witnessFound[position] { return witnesses[position] }
            witnessFound[position] = true
            witnesses[position] = URLFilterContainment.witness(of: inner)
            return witnesses[position]
        }
        var result: [Int] = []
        let exhaustive = entries.count <= exhaustiveGroupSize
        var literals = LiteralTrie()
        var short: [Int] = []
        if !exhaustive {
            var long: [(string: [UInt8], value: Int)] = []
            for (position, entry) in entries.enumerated() {
                if entry.literal.count >= 4 {
                    long.append((entry.literal, position))
                } else {
                    short.append(position)
                }
            }
            literals = LiteralTrie(long)
            if short.count > shortKeeperLimit { short = [] }
        }
        // The candidate keepers of every rule, found once (the trie walk is a large part of the pass) and kept
        // flat: rule `position`'s are `found[foundStart[position]..<foundStart[position + 1]]`.
        var found: [Int32] = []
        var foundStart: [Int] = [0]
        if !exhaustive {
            foundStart.reserveCapacity(entries.count + 1)
            for position in entries.indices {
                // Keepers whose longest literal occurs in one of the rule's literal runs, after the short ones.
                for keeper in short { found.append(Int32(truncatingIfNeeded: keeper)) }
                for run in entries[position].runs where run.count >= 4 {
                    literals.forEachOccurrence(in: run) { found.append(Int32(truncatingIfNeeded: $0)) }
                }
                foundStart.append(found.count)
            }
        }
        // The last position at which each automaton can be asked for (as the rule itself or as a candidate
        // keeper); after it the automaton is released, so a large group does not hold all of them at once.
        var lastUse = Array(entries.indices)
        if !exhaustive {
            for position in entries.indices {
                for keeper in found[foundStart[position]..<foundStart[position + 1]] where lastUse[Int(keeper)] < position {
                    lastUse[Int(keeper)] = position
                }
            }
        }
        var triedBy = [Int](repeating: -1, count: entries.count)
        let everyPosition = entries.indices.map { Int32(truncatingIfNeeded: $0) }
        for position in entries.indices {
            // `triedBy[keeper] == position` marks a keeper already tried for this rule (no set per rule).
            let candidates = exhaustive ? everyPosition[...] : found[foundStart[position]..<foundStart[position + 1]]
            for candidate in candidates {
                let keeper = Int(candidate)
                guard keeper != position && !isDropped[keeper] && triedBy[keeper] != position else { continue }
                triedBy[keeper] = position
                guard let outer = automaton(keeper), let inner = automaton(position) else { continue }
                if let witness = witness(position, inner), !outer.matches(witness) { continue }
                if URLFilterContainment.contains(outer, inner) {
                    isDropped[position] = true
                    result.append(entries[position].index)
                    break
                }
            }
            if !exhaustive {
                witnesses[position] = nil
                if lastUse[position] <= position { automata[position] = nil }
                for keeper in candidates where lastUse[Int(keeper)] <= position { automata[Int(keeper)] = nil }
            }
        }
        return result
    }
}
