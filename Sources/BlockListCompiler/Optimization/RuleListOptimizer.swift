/// Shrinks a rule list without changing any decision WebKit makes for any request.
///
/// The list is cut into segments at `ignore-previous-rules` and `ignore-following-rules` rules, which stay where
/// they are. Within a segment the order of rules does not matter: the segment contributes the union of the actions
/// of its matching rules, and an exception later in the list cancels all of them or none. So inside a segment the
/// passes may drop, merge and reorder rules as long as the set of (request, action) pairs is unchanged:
/// 1. url-filter canonicalisation (`URLFilterCanonicalizer`) and dropping flags that say the default;
/// 2. exact and semantic duplicates (equal `TriggerShape` and action);
/// 3. rules dead because a later `ignore-previous-rules` (with no `ignore-following-rules` in between) matches
///    every request they match (universal url-filter or the same url-filter, no condition, wider flags);
/// 4. rules subsumed by a same-action rule of the segment with a universal url-filter, no condition and wider flags;
/// 5. rules whose url-filter language is contained in the url-filter of another rule of the segment with the same
///    action and the same rest of trigger (`URLFilterContainment`, decided on automata);
/// 6. merging rules that differ only in their `if-domain` / `if-top-url` / `if-frame-url` list, `resource-type` or
///    `load-type` (the union of the values matches the union of the requests);
/// 7. packing `css-display-none` selectors of identical triggers into one rule (at most `maximumSelectorsPerRule`);
/// 8. with `forWebKit`, passes aimed at WebKit's compile cost (`CompileCostModel`) that rewrite rules more freely:
///    `URLFilterReshaper` (right after step 1, so later passes see the reshaped filters), `DomainEntryPruner` and
///    `ConditionEntryRegrouper`.
public struct RuleListOptimizer: Sendable {
    /// Most selectors packed into one `css-display-none` rule.
    public var maximumSelectorsPerRule: Int
    /// Also run the passes aimed at WebKit's compile time and compiled size.
    public var forWebKit: Bool

    /// Creates an optimizer; `forWebKit` adds the passes aimed at WebKit's compile cost.
    public init(maximumSelectorsPerRule: Int = 250, forWebKit: Bool = false) {
        self.maximumSelectorsPerRule = maximumSelectorsPerRule
        self.forWebKit = forWebKit
    }

    /// The optimized rules and a per-pass report. `byteCount`, when given, measures the list's size before and
    /// after each pass for the report (the caller serializes: the optimizer works on rules only).
    public func optimize(_ rules: [Rule], measuringWith byteCount: (([Rule]) -> Int)? = nil) -> (rules: [Rule], report: OptimizationReport)
    {
        // Without a hook nothing stops the passes, so the result is always there.
        optimize(rules, measuringWith: byteCount, beforeEachPass: nil) ?? (rules, OptimizationReport())
    }

    /// The number of passes `optimize` runs with these settings.
    public var passCount: Int { 6 + TriggerShape.MergeDimension.allCases.count + (forWebKit ? 3 : 0) }

    /// Like `optimize(_:measuringWith:)`, calling `beforeEachPass(passesDone, passCount)` before each pass (and
    /// once more when all are done); when it returns false the optimization stops and the result is nil.
    ///
    /// The rules are taken as an owned argument: a caller that passes its last use of the list (`consume`) lets the
    /// passes change it in place instead of copying every rule first.
    public func optimize(
        _ rules: consuming [Rule], measuringWith byteCount: (([Rule]) -> Int)? = nil,
        beforeEachPass: ((_ done: Int, _ total: Int) -> Bool)?
    ) -> (rules: [Rule], report: OptimizationReport)? {
        var report = OptimizationReport()
        var current = WorkingList(rules: rules)
        var bytes = byteCount?(current.rules)
        var stopped = false
        let total = passCount
        // Passes change the list in place (rules are moved, not copied with their strings and arrays).
        func run(_ name: String, _ pass: (inout WorkingList) -> Void) {
            guard !stopped else { return }
            if let beforeEachPass, !beforeEachPass(report.passes.count, total) {
                stopped = true
                return
            }
            let before = current.rules.count, bytesBefore = bytes
            pass(&current)
            bytes = byteCount?(current.rules)
            report.passes.append(
                OptimizationReport.Pass(
                    name: name, rulesBefore: before, rulesAfter: current.rules.count, bytesBefore: bytesBefore, bytesAfter: bytes))
        }
        run("canonicalize url-filters and default flags", canonicalize)
        if forWebKit {
            run("reshape url-filters into forms WebKit cuts into smaller automata (for WebKit)") { URLFilterReshaper.reshape(&$0.rules) }
        }
        // The url-filters do not change after this point: each is numbered once for the passes' shapes.
        if !stopped { current.numberURLFilters() }
        run("remove duplicates", removeDuplicates)
        run("remove rules cancelled by a later exception", removeCancelled)
        run("remove rules subsumed by a universal rule", removeSubsumed)
        run("remove rules whose url-filter is contained in a same-action rule's", removeContained)
        for dimension in TriggerShape.MergeDimension.allCases {
            run("merge rules differing only in \(name(of: dimension))") { merge(&$0, along: dimension) }
        }
        run("pack css-display-none selectors", packSelectors)
        if forWebKit {
            run("drop domain entries another entry covers (for WebKit)") { DomainEntryPruner.prune(&$0.rules) }
            let regrouper = ConditionEntryRegrouper(maximumSelectorsPerRule: maximumSelectorsPerRule)
            run("regroup css-display-none rules by if-condition entry (for WebKit)") {
                $0 = WorkingList(rules: regrouper.regroup($0.rules))
            }
        }
        if stopped { return nil }
        if let beforeEachPass, !beforeEachPass(report.passes.count, total) { return nil }
        return (current.rules, report)
    }

    /// The list while the passes run: the rules and, once the url-filters no longer change, each rule's url-filter
    /// number (equal numbers for equal texts), which the passes' shapes hash and compare instead of the text.
    struct WorkingList {
        var rules: [Rule]
        /// Parallel to `rules` once numbered, else empty.
        private(set) var urlFilterIDs: [Int32] = []

        init(rules: [Rule]) {
            self.rules = rules
        }

        /// Numbers the url-filters in order of first appearance.
        mutating func numberURLFilters() {
            var numbers: [String: Int32] = [:]
            numbers.reserveCapacity(rules.count)
            urlFilterIDs = rules.map { rule in
                let next = Int32(truncatingIfNeeded: numbers.count)
                return RuleListOptimizer.value(&numbers[rule.trigger.urlFilter, default: next])
            }
        }

        /// The shape of rule `index`, its url-filter named by number when the list is numbered.
        func shape(_ index: Int) -> TriggerShape {
            urlFilterIDs.isEmpty ? TriggerShape(rules[index].trigger) : TriggerShape(rules[index].trigger, urlFilterID: urlFilterIDs[index])
        }

        /// Keeps the rules whose flag in `keep` is true, in order, moving them down in place.
        mutating func compact(keeping keep: [Bool]) {
            let numbered = !urlFilterIDs.isEmpty
            var write = 0
            for read in rules.indices where keep[read] {
                if write != read {
                    rules.swapAt(write, read)
                    if numbered { urlFilterIDs[write] = urlFilterIDs[read] }
                }
                write += 1
            }
            rules.removeLast(rules.count - write)
            if numbered { urlFilterIDs.removeLast(urlFilterIDs.count - write) }
        }
    }

    private func name(of dimension: TriggerShape.MergeDimension) -> String {
        switch dimension {
        case .ifDomain: return "if-domain/if-top-url/if-frame-url"
        case .resourceType: return "resource-type"
        case .loadType: return "load-type"
        }
    }

    static func isException(_ rule: Rule) -> Bool {
        switch rule.action.kind {
        case .ignorePreviousRules, .ignoreFollowingRules: return true
        default: return false
        }
    }

    /// The index ranges of the segments between exception rules (the exceptions themselves are in none), in order;
    /// empty segments are included, so each exception is followed by one.
    private func segments(_ rules: [Rule]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = rules.startIndex
        for index in rules.indices where RuleListOptimizer.isException(rules[index]) {
            result.append(start..<index)
            start = index + 1
        }
        result.append(start..<rules.endIndex)
        return result
    }

    // MARK: Passes

    private func canonicalize(_ list: inout WorkingList) {
        for index in list.rules.indices { RuleListOptimizer.canonicalize(&list.rules[index]) }
    }

    private static func canonicalize(_ rule: inout Rule) {
        let caseSensitive = rule.trigger.urlFilterIsCaseSensitive ?? false
        let canonical = URLFilterCanonicalizer.canonicalize(rule.trigger.urlFilter, isCaseSensitive: caseSensitive)
        if canonical != rule.trigger.urlFilter { rule.trigger.urlFilter = canonical }
        if rule.trigger.urlFilterIsCaseSensitive == false { rule.trigger.urlFilterIsCaseSensitive = nil }
        if rule.trigger.resourceTypes?.isEmpty == true { rule.trigger.resourceTypes = nil }
        if let loadTypes = rule.trigger.loadTypes, loadTypes.isEmpty || Set(loadTypes).count == LoadType.allCases.count {
            rule.trigger.loadTypes = nil
        }
        if let loadContexts = rule.trigger.loadContexts, loadContexts.isEmpty || Set(loadContexts).count == LoadContext.allCases.count {
            rule.trigger.loadContexts = nil
        }
        if rule.trigger.condition == nil {
            if rule.trigger.topURLFilterIsCaseSensitive == false { rule.trigger.topURLFilterIsCaseSensitive = nil }
            if rule.trigger.frameURLFilterIsCaseSensitive == false { rule.trigger.frameURLFilterIsCaseSensitive = nil }
        }
        if !rule.unknownMembers.isEmpty { rule.unknownMembers = [] }
        if !rule.trigger.unknownMembers.isEmpty { rule.trigger.unknownMembers = [] }
        if !rule.action.unknownMembers.isEmpty { rule.action.unknownMembers = [] }
    }

    private struct RuleKey: Hashable {
        var shape: TriggerShape
        var action: Action.Kind
    }

    private func removeDuplicates(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var seen: Set<RuleKey> = []
        for segment in segments(list.rules) {
            seen.removeAll(keepingCapacity: true)
            seen.reserveCapacity(segment.count)
            for index in segment where !seen.insert(RuleKey(shape: list.shape(index), action: list.rules[index].action.kind)).inserted {
                keep[index] = false
            }
        }
        // Exceptions: an earlier copy of an identical exception is redundant when nothing but non-exception rules
        // and copies lie between them (the later copy cancels the same and more). `last` is the last rule kept.
        var last: Int?
        for index in list.rules.indices where keep[index] {
            if case .ignorePreviousRules = list.rules[index].action.kind, let previous = last,
                case .ignorePreviousRules = list.rules[previous].action.kind,
                list.shape(previous) == list.shape(index)
            {
                keep[previous] = false
            }
            last = index
        }
        list.compact(keeping: keep)
    }

    /// Whether every request `inner` matches, `outer` matches too (decided on shapes, conservatively).
    static func covers(_ outer: TriggerShape, _ inner: TriggerShape, outerIsUniversal: Bool) -> Bool {
        guard outer.masks.resourceMask & inner.masks.resourceMask == inner.masks.resourceMask,
            outer.masks.loadTypeMask & inner.masks.loadTypeMask == inner.masks.loadTypeMask,
            outer.masks.loadContextMask & inner.masks.loadContextMask == inner.masks.loadContextMask,
            outer.method == nil || outer.method == inner.method
        else { return false }
        let urlCovered =
            outerIsUniversal
            || (outer.urlFilterID == inner.urlFilterID && outer.urlFilter == inner.urlFilter
                && outer.urlFilterIsCaseSensitive == inner.urlFilterIsCaseSensitive)
        guard urlCovered else { return false }
        if outer.conditionKind == nil { return true }
        return outer.conditionKind == inner.conditionKind && outer.conditionValues == inner.conditionValues
            && outer.conditionIsCaseSensitive == inner.conditionIsCaseSensitive
    }

    static func isUniversal(_ filter: String) -> Bool {
        // Most filters have a term that cannot match the empty string, found without parsing.
        !URLFilterParser.hasMandatoryTerm(filter) && URLFilterParser().parse(filter).status == .matchesEverything
    }

    private func removeCancelled(_ list: inout WorkingList) {
        let keep = keptAfterCancelling(list.rules)
        list.compact(keeping: keep)
    }

    /// Which rules `removeCancelled` keeps.
    private func keptAfterCancelling(_ rules: [Rule]) -> [Bool] {
        // Walk backwards, collecting the exceptions that apply to everything before them (until an
        // ignore-following-rules, which may stop them from being reached). An exception covers a rule only when its
        // url-filter is universal or the rule's own, so the exceptions are kept by url-filter and a rule is compared
        // with the universal ones and those of its url-filter only.
        var keep = [Bool](repeating: true, count: rules.count)
        var universalExceptions: [TriggerShape] = []
        var exceptionsByFilter: [String: [TriggerShape]] = [:]
        var exceptionCount = 0
        var universalCache: [String: Bool] = [:]
        func universal(_ filter: String) -> Bool {
            if let known = universalCache[filter] { return known }
            let value = RuleListOptimizer.isUniversal(filter)
            universalCache[filter] = value
            return value
        }
        for index in rules.indices.reversed() {
            let rule = rules[index]
            switch rule.action.kind {
            case .ignoreFollowingRules:
                universalExceptions = []
                exceptionsByFilter = [:]
                exceptionCount = 0
            case .ignorePreviousRules:
                let shape = TriggerShape(rule.trigger)
                // Exceptions with a condition only cover rules with the very same condition; keep the list short.
                if shape.conditionKind == nil || exceptionCount < 64 {
                    exceptionCount += 1
                    if universal(shape.urlFilter) {
                        universalExceptions.append(shape)
                    } else {
                        exceptionsByFilter[shape.urlFilter, default: []].append(shape)
                    }
                }
            // An exception covered by a later exception is cancelled too, but it also cancels; leave it.
            default:
                guard exceptionCount > 0 else { continue }
                let shape = TriggerShape(rule.trigger)
                if universalExceptions.contains(where: { RuleListOptimizer.covers($0, shape, outerIsUniversal: true) })
                    || (exceptionsByFilter[shape.urlFilter] ?? []).contains(where: {
                        RuleListOptimizer.covers($0, shape, outerIsUniversal: false)
                    })
                {
                    keep[index] = false
                }
            }
        }
        return keep
    }

    private func removeSubsumed(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        for segment in segments(list.rules) {
            // Shapes only for segments that hold a universal rule (most hold none).
            let universal = segment.map {
                list.rules[$0].trigger.condition == nil && RuleListOptimizer.isUniversal(list.rules[$0].trigger.urlFilter)
            }
            var universalByAction: [Action.Kind: [Int]] = [:]
            for offset in universal.indices where universal[offset] {
                universalByAction[list.rules[segment.lowerBound + offset].action.kind, default: []].append(offset)
            }
            guard !universalByAction.isEmpty else { continue }
            let shapes = segment.map { list.shape($0) }
            for offset in shapes.indices {
                let dropped = (universalByAction[list.rules[segment.lowerBound + offset].action.kind] ?? []).contains { other in
                    guard other != offset,
                        RuleListOptimizer.covers(shapes[other], shapes[offset], outerIsUniversal: true)
                    else { return false }
                    // Two universal rules covering each other: keep the first.
                    guard universal[offset], RuleListOptimizer.covers(shapes[offset], shapes[other], outerIsUniversal: true) else {
                        return true
                    }
                    return other < offset
                }
                if dropped { keep[segment.lowerBound + offset] = false }
            }
        }
        list.compact(keeping: keep)
    }

    private func removeContained(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var anyDropped = false
        for segment in segments(list.rules) {
            for index in ContainedRuleFinder.droppedIndices(list.rules[segment]) {
                keep[index] = false
                anyDropped = true
            }
        }
        if anyDropped { list.compact(keeping: keep) }
    }

    private func merge(_ list: inout WorkingList, along dimension: TriggerShape.MergeDimension) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        // Sized once: growing rehashes every key (a whole trigger shape and action) at each doubling.
        var groups: [RuleKey: Int] = [:]
        for segment in segments(list.rules) {
            groups.removeAll(keepingCapacity: true)
            groups.reserveCapacity(segment.count)
            for index in segment {
                if dimension == .ifDomain {
                    guard let kind = list.rules[index].trigger.condition?.kind,
                        kind == .ifDomain || kind == .ifTopURL || kind == .ifFrameURL
                    else { continue }
                }
                let shape = list.shape(index)
                let key = RuleKey(shape: shape.without(dimension), action: list.rules[index].action.kind)
                // One hash of the key: the rule's index is filed when the key is new. A later rule of the group is
                // merged into the group's first rule, in place, and dropped.
                let slot = RuleListOptimizer.value(&groups[key, default: index])
                guard slot != index else { continue }
                keep[index] = false
                let rule = list.rules[index]
                switch dimension {
                case .ifDomain:
                    if let extra = rule.trigger.condition, list.rules[slot].trigger.condition != nil {
                        for value in extra.values where !(list.rules[slot].trigger.condition?.values.contains(value) ?? true) {
                            list.rules[slot].trigger.condition?.values.append(value)
                        }
                    }
                case .resourceType:
                    if list.rules[slot].trigger.resourceTypes == nil || list.rules[slot].trigger.resourceTypes?.isEmpty == true { break }
                    if rule.trigger.resourceTypes == nil || rule.trigger.resourceTypes?.isEmpty == true {
                        list.rules[slot].trigger.resourceTypes = nil
                    } else {
                        for type in rule.trigger.resourceTypes ?? [] where !(list.rules[slot].trigger.resourceTypes ?? []).contains(type) {
                            list.rules[slot].trigger.resourceTypes?.append(type)
                        }
                    }
                case .loadType:
                    if list.rules[slot].trigger.loadTypes == nil { break }
                    let union = Set((list.rules[slot].trigger.loadTypes ?? []) + (rule.trigger.loadTypes ?? []))
                    list.rules[slot].trigger.loadTypes =
                        rule.trigger.loadTypes == nil || union.count == LoadType.allCases.count
                        ? nil : LoadType.allCases.filter(union.contains)
                }
            }
        }
        list.compact(keeping: keep)
    }

    /// The value at `slot`: reading a dictionary's `[key, default:]` through `inout` files the default when the
    /// key is new, with one hash of the key.
    @inline(__always) static func value<Value>(_ slot: inout Value) -> Value { slot }

    private func packSelectors(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var groups: [TriggerShape: Int] = [:]
        var counts: [Int: Int] = [:]
        for segment in segments(list.rules) {
            groups.removeAll(keepingCapacity: true)
            for index in segment {
                guard case .cssDisplayNone(let selector) = list.rules[index].action.kind else { continue }
                let shape = list.shape(index)
                let selectorCount = selector.split(separator: ",").count
                if let slot = groups[shape], case .cssDisplayNone(let existing) = list.rules[slot].action.kind,
                    (counts[slot] ?? 0) + selectorCount <= maximumSelectorsPerRule
                {
                    list.rules[slot].action.kind = .cssDisplayNone(selector: existing + ", " + selector)
                    counts[slot, default: 0] += selectorCount
                    keep[index] = false
                    continue
                }
                groups[shape] = index
                counts[index] = selectorCount
            }
        }
        list.compact(keeping: keep)
    }
}
