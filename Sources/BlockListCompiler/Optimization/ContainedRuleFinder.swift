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

    private struct Entry {
        var index: Int
        var pattern: URLFilterPattern
        var runs: [[UInt8]]
        var literal: [UInt8]
    }

    /// Indices (into `segment`) of the rules to drop, never both of two rules matching the same URLs.
    static func droppedIndices(_ segment: [Rule]) -> Set<Int> {
        var groups: [GroupKey: [Int]] = [:]
        var order: [GroupKey] = []
        for (index, rule) in segment.enumerated() where !RuleListOptimizer.isException(rule) {
            var shape = TriggerShape(rule.trigger)
            shape.urlFilter = ""
            shape.urlFilterIsCaseSensitive = false
            let key = GroupKey(shape: shape, action: rule.action.kind)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        var dropped: Set<Int> = []
        let parser = URLFilterParser()
        for key in order {
            guard let members = groups[key], members.count > 1 else { continue }
            var entries: [Entry] = []
            for index in members {
                let trigger = segment[index].trigger
                guard let pattern = parser.parseTerms(trigger.urlFilter, isCaseSensitive: trigger.urlFilterIsCaseSensitive ?? false).pattern
                else { continue }
                let runs = RequiredLiterals.of(pattern)
                entries.append(Entry(index: index, pattern: pattern, runs: runs,
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
        func automaton(_ position: Int) -> URLAutomaton {
            if let built = automata[position] { return built }
            let built = URLAutomaton(pattern: entries[position].pattern)
            automata[position] = built
            return built
        }
        var result: [Int] = []
        let exhaustive = entries.count <= exhaustiveGroupSize
        var byGram: [UInt32: [Int]] = [:]
        var short: [Int] = []
        if !exhaustive {
            for (position, entry) in entries.enumerated() {
                let literal = entry.literal
                if literal.count >= 4 {
                    byGram[GramIndex.gram(literal[0], literal[1], literal[2], literal[3]), default: []].append(position)
                } else {
                    short.append(position)
                }
            }
            if short.count > shortKeeperLimit { short = [] }
        }
        var triedBy = [Int](repeating: -1, count: entries.count)
        for position in entries.indices {
            let entry = entries[position]
            var candidates: [Int]
            if exhaustive {
                candidates = Array(entries.indices)
            } else {
                candidates = short
                for run in entry.runs where run.count >= 4 {
                    for start in 0...(run.count - 4) {
                        for keeper in byGram[GramIndex.gram(run[start], run[start + 1], run[start + 2], run[start + 3])] ?? [] {
                            let literal = entries[keeper].literal
                            if start + literal.count <= run.count, run[start..<(start + literal.count)].elementsEqual(literal) {
                                candidates.append(keeper)
                            }
                        }
                    }
                }
            }
            // `triedBy[keeper] == position` marks a keeper already tried for this rule (no set per rule).
            for keeper in candidates where keeper != position && !isDropped[keeper] && triedBy[keeper] != position {
                triedBy[keeper] = position
                if URLFilterContainment.contains(automaton(keeper), automaton(position)) {
                    isDropped[position] = true
                    result.append(entry.index)
                    break
                }
            }
        }
        return result
    }
}
