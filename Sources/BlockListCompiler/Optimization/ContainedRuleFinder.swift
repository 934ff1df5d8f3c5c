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

    /// A rule of a group. Its parsed pattern is not kept (the patterns of a large group were most of the
    /// optimizer's peak memory): the automaton is built from the url-filter when a comparison needs it.
    /// Kept in 24 bytes (positions as `Int32`, the url-filter read from the segment when needed): the largest
    /// group of EasyList + EasyPrivacy has 94,702 entries, which at 64 bytes each, grown by doubling, were 8.4 MB
    /// of the conversion's peak.
    private struct Entry {
        private var indexStorage: Int32
        private var runStart: Int32
        private var runEnd: Int32
        private var literalStart: Int32
        private var literalEnd: Int32
        var isCaseSensitive: Bool

        init(index: Int, isCaseSensitive: Bool, runs: Range<Int>, literal: Range<Int>) {
            indexStorage = Int32(truncatingIfNeeded: index)
            runStart = Int32(truncatingIfNeeded: runs.lowerBound)
            runEnd = Int32(truncatingIfNeeded: runs.upperBound)
            literalStart = Int32(truncatingIfNeeded: literal.lowerBound)
            literalEnd = Int32(truncatingIfNeeded: literal.upperBound)
            self.isCaseSensitive = isCaseSensitive
        }

        /// The rule's index in the list.
        var index: Int { Int(indexStorage) }
        /// The entry's literal runs, in the group's `LiteralRunStore`.
        var runs: Range<Int> { Int(runStart)..<Int(runEnd) }
        /// The bytes of its longest run (the first of the longest), in the store.
        var literal: Range<Int> { Int(literalStart)..<Int(literalEnd) }
    }

    /// Indices (into `list`) of the rules of `segment` to drop, never both of two rules matching the same URLs.
    /// The list is numbered (`RuleListOptimizer.WorkingList.number`).
    static func droppedIndices(in list: RuleListOptimizer.WorkingList, segment range: Range<Int>) -> Set<Int> {
        let segment = list.rules[range]
        var dropped: Set<Int> = []
        let parser = URLFilterParser()
        for members in groups(in: list, segment: range) {
            guard members.count > 1 else { continue }
            var entries: [Entry] = []
            entries.reserveCapacity(members.count)
            var store = LiteralRunStore()
            for index in members {
                let trigger = segment[index].trigger
                let isCaseSensitive = trigger.urlFilterIsCaseSensitive ?? false
                // The converter's forms are read from the text; others are parsed.
                let firstRun = store.ends.count
                if !URLFilterLiteralRuns.append(trigger.urlFilter, to: &store) {
                    guard let pattern = parser.parseTerms(trigger.urlFilter, isCaseSensitive: isCaseSensitive).pattern
                    else { continue }
                    for run in RequiredLiterals.of(pattern) { store.append(run) }
                }
                var literal = 0..<0
                for run in firstRun..<store.ends.count where store.run(run).count > literal.count { literal = store.run(run) }
                entries.append(
                    Entry(index: index, isCaseSensitive: isCaseSensitive, runs: firstRun..<store.ends.count, literal: literal))
            }
            dropped.formUnion(droppedInGroup(entries, store, segment))
        }
        return dropped
    }

    /// The non-exception rules of `range` grouped by their key without the url-filter and its case flag, the
    /// groups in order of their first rule. The key table is freed on return: it was 8.4 MB for EasyList +
    /// EasyPrivacy's largest segment, kept alive through the group's containment search (the conversion's peak).
    private static func groups(in list: RuleListOptimizer.WorkingList, segment range: Range<Int>) -> [[Int]] {
        let segment = list.rules[range]
        var groupNumbers = RuleShapeKeyTable()
        groupNumbers.reset(capacity: range.count)
        var groups: [[Int]] = []
        for index in segment.indices where !RuleListOptimizer.isException(segment[index]) {
            var key = list.key(index)
            key.urlFilterID = RuleShapeKey.blank
            key.flags &= ~1
            let number = Int(groupNumbers.value(for: key, orInserting: Int32(truncatingIfNeeded: groups.count)))
            if number == groups.count {
                groups.append([index])
            } else {
                groups[number].append(index)
            }
        }
        return groups
    }

    /// A rule's witness, as containment asks for it.
    private enum Witness {
        /// A string the rule's url-filter matches.
        case found([UInt8])
        /// The search found none.
        case none
        /// The rule's automaton cannot be built.
        case unknown
    }

    private static func droppedInGroup(_ entries: [Entry], _ store: LiteralRunStore, _ segment: ArraySlice<Rule>) -> [Int] {
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
            guard
                let pattern = parser.parseTerms(
                    segment[entries[position].index].trigger.urlFilter, isCaseSensitive: entries[position].isCaseSensitive
                ).pattern
            else { return nil }
            let built = URLAutomaton(pattern: pattern)
            automata[position] = built
            return built
        }
        /// The rule's witness; `.unknown` when its automaton, needed to find one, cannot be built (the rule is then
        /// never compared, as before).
        func witness(_ position: Int) -> Witness {
            if witnessFound[position] { return witnesses[position].map(Witness.found) ?? .none }
            let filter = segment[entries[position].index].trigger.urlFilter
            // The converter's forms give one from their text, checked on the text (as the automaton would decide).
            if let read = URLFilterLiteralRuns.witness(of: filter),
                read.withUnsafeBufferPointer({
                    URLFilterTextMatcher.matches(filter, isCaseSensitive: entries[position].isCaseSensitive, $0)
                }) == true
            {
                witnessFound[position] = true
                witnesses[position] = read
                return .found(read)
            }
            guard let inner = automaton(position) else { return .unknown }
            witnessFound[position] = true
            if let read = URLFilterLiteralRuns.witness(of: filter), inner.matches(read) {
                witnesses[position] = read
            } else {
                witnesses[position] = URLFilterContainment.witness(of: inner)
            }
            return witnesses[position].map(Witness.found) ?? .none
        }
        /// Whether the keeper at `position` matches `witness`: from its text for the converter's forms, else on
        /// its automaton (nil when that cannot be built).
        func keeperMatches(_ position: Int, _ witness: [UInt8]) -> Bool? {
            let filter = segment[entries[position].index].trigger.urlFilter
            if let decided = witness.withUnsafeBufferPointer({
                URLFilterTextMatcher.matches(filter, isCaseSensitive: entries[position].isCaseSensitive, $0)
            }) {
                return decided
            }
            return automaton(position)?.matches(witness)
        }
        var result: [Int] = []
        let exhaustive = entries.count <= exhaustiveGroupSize
        var literals = LiteralTrie()
        var short: [Int] = []
        if !exhaustive {
            var long: [(range: Range<Int>, value: Int)] = []
            long.reserveCapacity(entries.count)
            for (position, entry) in entries.enumerated() {
                if entry.literal.count >= 4 {
                    long.append((entry.literal, position))
                } else {
                    short.append(position)
                }
            }
            literals = LiteralTrie(bytes: store.bytes, spans: long)
            if short.count > shortKeeperLimit { short = [] }
        }
        // The candidate keepers of every rule, found once (the trie walk is a large part of the pass) and kept
        // flat: rule `position`'s are `found[foundStart[position]..<foundStart[position + 1]]`.
        var found: [Int32] = []
        var foundStart: [Int] = [0]
        if !exhaustive {
            foundStart.reserveCapacity(entries.count + 1)
            store.bytes.withUnsafeBufferPointer { bytes in
                for position in entries.indices {
                    // Keepers whose longest literal occurs in one of the rule's literal runs, after the short ones.
                    for keeper in short { found.append(Int32(truncatingIfNeeded: keeper)) }
                    for run in entries[position].runs {
                        let range = store.run(run)
                        guard range.count >= 4 else { continue }
                        literals.forEachOccurrence(in: UnsafeBufferPointer(rebasing: bytes[range])) {
                            found.append(Int32(truncatingIfNeeded: $0))
                        }
                    }
                    foundStart.append(found.count)
                }
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
                // A keeper that does not match the rule's witness cannot contain it: most candidates end here,
                // decided on the text without building either automaton.
                switch witness(position) {
                case .unknown: continue
                case .found(let witness): if keeperMatches(keeper, witness) != true { continue }
                case .none: break
                }
                guard let outer = automaton(keeper), let inner = automaton(position) else { continue }
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
