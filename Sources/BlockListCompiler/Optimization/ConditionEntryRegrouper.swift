/// Regroups `css-display-none` rules that share a trigger except for their `if-domain` / `if-top-url` /
/// `if-frame-url` list, so that each condition entry appears once: WebKit compiles every entry of every rule into
/// its condition automaton (a domain entry becomes a top-URL regex with three loops), so a cosmetic list where the
/// same domains recur across rules pays for each repetition.
///
/// Within a segment between exception rules, the selectors hidden on a page are the union of the selectors of the
/// rules whose condition has an entry matching the page. Mapping each entry to the selectors of the rules that list
/// it, and then each distinct selector set to the entries that have it, gives rules with the same union for every
/// page, with every entry once. A rule's selector text is kept whole (never split at commas); the joined selectors
/// of one rule stay within `maximumSelectorsPerRule`. `unless-` conditions are left alone (their meaning is "no
/// entry matches", which does not distribute over entries).
public struct ConditionEntryRegrouper: Sendable {
    /// Most selectors joined into one rule.
    public var maximumSelectorsPerRule: Int

    /// Creates a regrouper.
    public init(maximumSelectorsPerRule: Int = 250) {
        self.maximumSelectorsPerRule = maximumSelectorsPerRule
    }

    /// The rules regrouped segment by segment; other rules keep their place.
    public func regroup(_ rules: [Rule]) -> [Rule] {
        var output: [Rule] = []
        output.reserveCapacity(rules.count)
        var segment: [Rule] = []
        for rule in rules {
            if RuleListOptimizer.isException(rule) {
                output += regroupSegment(segment)
                segment = []
                output.append(rule)
            } else {
                segment.append(rule)
            }
        }
        output += regroupSegment(segment)
        return output
    }

    private static func isCandidate(_ rule: Rule) -> Bool {
        guard case .cssDisplayNone = rule.action.kind, let condition = rule.trigger.condition else { return false }
        switch condition.kind {
        case .ifDomain, .ifTopURL, .ifFrameURL: return true
        case .unlessDomain, .unlessTopURL, .unlessFrameURL: return false
        }
    }

    private struct Group {
        var template: Rule
        /// Entries in first-appearance order, each with its selector texts in first-appearance order.
        var entries: [String] = []
        var selectorsOfEntry: [String: [String]] = [:]
        var seenPairs: Set<Pair> = []
        var entryCountBefore = 0
        var selectorBytesBefore = 0
        var originals: [Rule] = []
    }

    private struct Pair: Hashable {
        var entry: String
        var selector: String
    }

    private func regroupSegment(_ segment: [Rule]) -> [Rule] {
        var groups: [Trigger: Int] = [:]
        var table: [Group] = []
        // Position of each output slot: a rule, or a group emitted at its first member's place.
        enum Slot { case rule(Rule), group(Int) }
        var slots: [Slot] = []
        for rule in segment {
            guard ConditionEntryRegrouper.isCandidate(rule), let condition = rule.trigger.condition,
                case .cssDisplayNone(let selector) = rule.action.kind
            else {
                slots.append(.rule(rule))
                continue
            }
            var key = rule.trigger
            key.condition = TriggerCondition(kind: condition.kind, values: [])
            key.unknownMembers = []
            let index: Int
            if let existing = groups[key] {
                index = existing
            } else {
                index = table.count
                groups[key] = index
                var template = rule
                template.unknownMembers = []
                template.action.unknownMembers = []
                template.trigger = key
                table.append(Group(template: template))
                slots.append(.group(index))
            }
            table[index].entryCountBefore += condition.values.count
            table[index].selectorBytesBefore += selector.utf8.count
            table[index].originals.append(rule)
            for entry in condition.values where table[index].seenPairs.insert(Pair(entry: entry, selector: selector)).inserted {
                if table[index].selectorsOfEntry[entry] == nil { table[index].entries.append(entry) }
                table[index].selectorsOfEntry[entry, default: []].append(selector)
            }
        }
        var output: [Rule] = []
        output.reserveCapacity(segment.count)
        for slot in slots {
            switch slot {
            case .rule(let rule): output.append(rule)
            case .group(let index):
                let regrouped = rules(of: table[index])
                output += isWorthwhile(regrouped, over: table[index]) ? regrouped : table[index].originals
            }
        }
        return output
    }

    /// Keeps a regrouping only when it removes entries without repeating more selector text than those entries
    /// cost (a domain entry's regex is about 40 bytes of automaton input).
    private func isWorthwhile(_ regrouped: [Rule], over group: Group) -> Bool {
        var entries = 0, selectorBytes = 0
        for rule in regrouped {
            entries += rule.trigger.condition?.values.count ?? 0
            if case .cssDisplayNone(let selector) = rule.action.kind { selectorBytes += selector.utf8.count }
        }
        guard entries < group.entryCountBefore else { return false }
        return selectorBytes <= group.selectorBytesBefore + 40 * (group.entryCountBefore - entries)
    }

    /// One rule per chunk of each distinct selector set, listing the entries that have exactly that set.
    private func rules(of group: Group) -> [Rule] {
        var order: [[String]] = []
        var entriesOfSet: [[String]: [String]] = [:]
        for entry in group.entries {
            let selectors = group.selectorsOfEntry[entry] ?? []
            if entriesOfSet[selectors] == nil { order.append(selectors) }
            entriesOfSet[selectors, default: []].append(entry)
        }
        var result: [Rule] = []
        for selectors in order {
            let entries = entriesOfSet[selectors] ?? []
            var chunk: [String] = []
            var count = 0
            func flush() {
                guard !chunk.isEmpty else { return }
                var rule = group.template
                rule.trigger.condition?.values = entries
                rule.action.kind = .cssDisplayNone(selector: chunk.joined(separator: ", "))
                result.append(rule)
                chunk = []
                count = 0
            }
            for selector in selectors {
                let size = RuleListOptimizer.selectorCount(selector)
                if count > 0 && count + size > maximumSelectorsPerRule { flush() }
                chunk.append(selector)
                count += size
            }
            flush()
        }
        return result
    }
}
