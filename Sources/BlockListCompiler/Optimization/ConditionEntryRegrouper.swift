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
        var rules = rules
        regroup(&rules)
        return rules
    }

    /// `regroup(_:)` in place: rules are moved into the result, not copied (each rule was copied three or four
    /// times on its way through a segment, a retain and a release of each of its strings and arrays every time).
    func regroup(_ rules: inout [Rule]) {
        var output: [Rule] = []
        output.reserveCapacity(rules.count)
        var start = 0
        for index in rules.indices where RuleListOptimizer.isException(rules[index]) {
            regroupSegment(&rules, start..<index, into: &output)
            output.append(ConditionEntryRegrouper.take(&rules, index))
            start = index + 1
        }
        regroupSegment(&rules, start..<rules.count, into: &output)
        rules = output
    }

    /// What a rule moved out of the list is left as (no storage of its own).
    private static let moved = Rule(trigger: Trigger(urlFilter: ""), action: Action(kind: .block))

    /// Rule `index` of `rules`, moved out (`moved` is left in its place).
    private static func take(_ rules: inout [Rule], _ index: Int) -> Rule {
        rules.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return moved }
            let rule = (base + index).move()
            (base + index).initialize(to: moved)
            return rule
        }
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
        /// The indices of the group's rules in the list.
        var originals: [Int] = []
    }

    private struct Pair: Hashable {
        var entry: String
        var selector: String
    }

    /// Appends the rules of `segment` (a range of `rules`, whose rules are moved out) to `output`, regrouped.
    private func regroupSegment(_ rules: inout [Rule], _ segment: Range<Int>, into output: inout [Rule]) {
        var groups: [Trigger: Int] = [:]
        var table: [Group] = []
        // Position of each output slot: a rule, or a group emitted at its first member's place.
        enum Slot { case rule(Int), group(Int) }
        var slots: [Slot] = []
        for position in segment {
            guard ConditionEntryRegrouper.isCandidate(rules[position]), let condition = rules[position].trigger.condition,
                case .cssDisplayNone(let selector) = rules[position].action.kind
            else {
                slots.append(.rule(position))
                continue
            }
            var key = rules[position].trigger
            key.condition = TriggerCondition(kind: condition.kind, values: [])
            key.unknownMembers = []
            let index: Int
            if let existing = groups[key] {
                index = existing
            } else {
                index = table.count
                groups[key] = index
                var template = rules[position]
                template.unknownMembers = []
                template.action.unknownMembers = []
                template.trigger = key
                table.append(Group(template: template))
                slots.append(.group(index))
            }
            table[index].entryCountBefore += condition.values.count
            table[index].selectorBytesBefore += selector.utf8.count
            table[index].originals.append(position)
            for entry in condition.values where table[index].seenPairs.insert(Pair(entry: entry, selector: selector)).inserted {
                if table[index].selectorsOfEntry[entry] == nil { table[index].entries.append(entry) }
                table[index].selectorsOfEntry[entry, default: []].append(selector)
            }
        }
        for slot in slots {
            switch slot {
            case .rule(let position): output.append(ConditionEntryRegrouper.take(&rules, position))
            case .group(let index):
                let regrouped = self.rules(of: table[index])
                if isWorthwhile(regrouped, over: table[index]) {
                    output += regrouped
                } else {
                    for position in table[index].originals { output.append(ConditionEntryRegrouper.take(&rules, position)) }
                }
            }
        }
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
