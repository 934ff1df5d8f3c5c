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
    public func optimize(
        _ rules: [Rule], measuringWith byteCount: (([Rule]) -> Int)? = nil,
        beforeEachPass: ((_ done: Int, _ total: Int) -> Bool)?
    ) -> (rules: [Rule], report: OptimizationReport)? {
        var report = OptimizationReport()
        var current = rules
        var bytes = byteCount?(current)
        var stopped = false
        let total = passCount
        func run(_ name: String, _ pass: ([Rule]) -> [Rule]) {
            guard !stopped else { return }
            if let beforeEachPass, !beforeEachPass(report.passes.count, total) {
                stopped = true
                return
            }
            let before = current.count, bytesBefore = bytes
            current = pass(current)
            bytes = byteCount?(current)
            report.passes.append(
                OptimizationReport.Pass(
                    name: name, rulesBefore: before, rulesAfter: current.count, bytesBefore: bytesBefore, bytesAfter: bytes))
        }
        run("canonicalize url-filters and default flags", canonicalize)
        if forWebKit {
            run("reshape url-filters into forms WebKit cuts into smaller automata (for WebKit)") { URLFilterReshaper.reshape($0) }
        }
        run("remove duplicates", removeDuplicates)
        run("remove rules cancelled by a later exception", removeCancelled)
        run("remove rules subsumed by a universal rule", removeSubsumed)
        run("remove rules whose url-filter is contained in a same-action rule's", removeContained)
        for dimension in TriggerShape.MergeDimension.allCases {
            run("merge rules differing only in \(name(of: dimension))") { merge($0, along: dimension) }
        }
        run("pack css-display-none selectors", packSelectors)
        if forWebKit {
            run("drop domain entries another entry covers (for WebKit)", DomainEntryPruner.prune)
            let regrouper = ConditionEntryRegrouper(maximumSelectorsPerRule: maximumSelectorsPerRule)
            run("regroup css-display-none rules by if-condition entry (for WebKit)", regrouper.regroup)
        }
        if stopped { return nil }
        if let beforeEachPass, !beforeEachPass(report.passes.count, total) { return nil }
        return (current, report)
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

    /// Applies `transform` to each segment between exception rules, keeping the exceptions in place.
    private func perSegment(_ rules: [Rule], _ transform: ([Rule]) -> [Rule]) -> [Rule] {
        var output: [Rule] = []
        output.reserveCapacity(rules.count)
        var segment: [Rule] = []
        for rule in rules {
            if RuleListOptimizer.isException(rule) {
                output += transform(segment)
                segment = []
                output.append(rule)
            } else {
                segment.append(rule)
            }
        }
        output += transform(segment)
        return output
    }

    // MARK: Passes

    private func canonicalize(_ rules: [Rule]) -> [Rule] {
        rules.map { rule in
            var rule = rule
            let caseSensitive = rule.trigger.urlFilterIsCaseSensitive ?? false
            rule.trigger.urlFilter = URLFilterCanonicalizer.canonicalize(rule.trigger.urlFilter, isCaseSensitive: caseSensitive)
            if rule.trigger.urlFilterIsCaseSensitive == false { rule.trigger.urlFilterIsCaseSensitive = nil }
            if rule.trigger.resourceTypes?.isEmpty == true { rule.trigger.resourceTypes = nil }
            if rule.trigger.loadTypes?.isEmpty == true || Set(rule.trigger.loadTypes ?? []).count == LoadType.allCases.count {
                rule.trigger.loadTypes = nil
            }
            if rule.trigger.loadContexts?.isEmpty == true || Set(rule.trigger.loadContexts ?? []).count == LoadContext.allCases.count {
                rule.trigger.loadContexts = nil
            }
            if rule.trigger.condition == nil {
                if rule.trigger.topURLFilterIsCaseSensitive == false { rule.trigger.topURLFilterIsCaseSensitive = nil }
                if rule.trigger.frameURLFilterIsCaseSensitive == false { rule.trigger.frameURLFilterIsCaseSensitive = nil }
            }
            rule.unknownMembers = []
            rule.trigger.unknownMembers = []
            rule.action.unknownMembers = []
            return rule
        }
    }

    private struct RuleKey: Hashable {
        var shape: TriggerShape
        var action: Action.Kind
    }

    private func removeDuplicates(_ rules: [Rule]) -> [Rule] {
        // Exceptions: an earlier copy of an identical exception is redundant when nothing but non-exception rules
        // and copies lie between them (the later copy cancels the same and more).
        let deduplicated = perSegment(rules) { segment in
            var seen: Set<RuleKey> = []
            seen.reserveCapacity(segment.count)
            return segment.filter { seen.insert(RuleKey(shape: TriggerShape($0.trigger), action: $0.action.kind)).inserted }
        }
        var output: [Rule] = []
        for rule in deduplicated {
            if case .ignorePreviousRules = rule.action.kind, let last = output.last, case .ignorePreviousRules = last.action.kind,
                TriggerShape(last.trigger) == TriggerShape(rule.trigger)
            {
                output.removeLast()
            }
            output.append(rule)
        }
        return output
    }

    /// Whether every request `inner` matches, `outer` matches too (decided on shapes, conservatively).
    static func covers(_ outer: TriggerShape, _ inner: TriggerShape, outerIsUniversal: Bool) -> Bool {
        guard outer.masks.resourceMask & inner.masks.resourceMask == inner.masks.resourceMask,
            outer.masks.loadTypeMask & inner.masks.loadTypeMask == inner.masks.loadTypeMask,
            outer.masks.loadContextMask & inner.masks.loadContextMask == inner.masks.loadContextMask,
            outer.method == nil || outer.method == inner.method
        else { return false }
        let urlCovered =
            outerIsUniversal || (outer.urlFilter == inner.urlFilter && outer.urlFilterIsCaseSensitive == inner.urlFilterIsCaseSensitive)
        guard urlCovered else { return false }
        if outer.conditionKind == nil { return true }
        return outer.conditionKind == inner.conditionKind && outer.conditionValues == inner.conditionValues
            && outer.conditionIsCaseSensitive == inner.conditionIsCaseSensitive
    }

    static func isUniversal(_ filter: String) -> Bool {
        // Most filters have a term that cannot match the empty string, found without parsing.
        !URLFilterParser.hasMandatoryTerm(filter) && URLFilterParser().parse(filter).status == .matchesEverything
    }

    private func removeCancelled(_ rules: [Rule]) -> [Rule] {
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
        return rules.indices.filter { keep[$0] }.map { rules[$0] }
    }

    private func removeSubsumed(_ rules: [Rule]) -> [Rule] {
        perSegment(rules) { segment in
            let shapes = segment.map { TriggerShape($0.trigger) }
            let universal = shapes.map { $0.conditionKind == nil && RuleListOptimizer.isUniversal($0.urlFilter) }
            var universalByAction: [Action.Kind: [Int]] = [:]
            for index in segment.indices where universal[index] { universalByAction[segment[index].action.kind, default: []].append(index) }
            guard !universalByAction.isEmpty else { return segment }
            var kept: [Rule] = []
            for index in segment.indices {
                let dropped = (universalByAction[segment[index].action.kind] ?? []).contains { other in
                    guard other != index,
                        RuleListOptimizer.covers(shapes[other], shapes[index], outerIsUniversal: true)
                    else { return false }
                    // Two universal rules covering each other: keep the first.
                    guard universal[index], RuleListOptimizer.covers(shapes[index], shapes[other], outerIsUniversal: true) else {
                        return true
                    }
                    return other < index
                }
                if !dropped { kept.append(segment[index]) }
            }
            return kept
        }
    }

    private func removeContained(_ rules: [Rule]) -> [Rule] {
        perSegment(rules) { segment in
            let dropped = ContainedRuleFinder.droppedIndices(segment)
            guard !dropped.isEmpty else { return segment }
            return segment.indices.filter { !dropped.contains($0) }.map { segment[$0] }
        }
    }

    private func merge(_ rules: [Rule], along dimension: TriggerShape.MergeDimension) -> [Rule] {
        perSegment(rules) { segment in
            // Sized once: growing rehashes every key (a whole trigger shape and action) at each doubling.
            var groups: [RuleKey: Int] = [:]
            groups.reserveCapacity(segment.count)
            var output: [Rule] = []
            for rule in segment {
                let shape = TriggerShape(rule.trigger)
                if dimension == .ifDomain {
                    guard let kind = shape.conditionKind, kind == .ifDomain || kind == .ifTopURL || kind == .ifFrameURL else {
                        output.append(rule)
                        continue
                    }
                }
                let key = RuleKey(shape: shape.without(dimension), action: rule.action.kind)
                // One hash of the key: the rule's slot is filed when the key is new.
                let newSlot = output.count
                let slot = RuleListOptimizer.value(&groups[key, default: newSlot])
                guard slot != newSlot else {
                    output.append(rule)
                    continue
                }
                var merged = output[slot]
                switch dimension {
                case .ifDomain:
                    if var condition = merged.trigger.condition, let extra = rule.trigger.condition {
                        for value in extra.values where !condition.values.contains(value) { condition.values.append(value) }
                        merged.trigger.condition = condition
                    }
                case .resourceType:
                    if merged.trigger.resourceTypes == nil || merged.trigger.resourceTypes?.isEmpty == true { break }
                    if rule.trigger.resourceTypes == nil || rule.trigger.resourceTypes?.isEmpty == true {
                        merged.trigger.resourceTypes = nil
                    } else {
                        for type in rule.trigger.resourceTypes ?? [] where !(merged.trigger.resourceTypes ?? []).contains(type) {
                            merged.trigger.resourceTypes?.append(type)
                        }
                    }
                case .loadType:
                    if merged.trigger.loadTypes == nil { break }
                    let union = Set((merged.trigger.loadTypes ?? []) + (rule.trigger.loadTypes ?? []))
                    merged.trigger.loadTypes =
                        rule.trigger.loadTypes == nil || union.count == LoadType.allCases.count
                        ? nil : LoadType.allCases.filter(union.contains)
                }
                output[slot] = merged
            }
            return output
        }
    }

    /// The value at `slot`: reading a dictionary's `[key, default:]` through `inout` files the default when the
    /// key is new, with one hash of the key.
    @inline(__always) private static func value(_ slot: inout Int) -> Int { slot }

    private func packSelectors(_ rules: [Rule]) -> [Rule] {
        perSegment(rules) { segment in
            var groups: [TriggerShape: Int] = [:]
            var counts: [Int: Int] = [:]
            var output: [Rule] = []
            for rule in segment {
                guard case .cssDisplayNone(let selector) = rule.action.kind else {
                    output.append(rule)
                    continue
                }
                let shape = TriggerShape(rule.trigger)
                let selectorCount = selector.split(separator: ",").count
                if let slot = groups[shape], case .cssDisplayNone(let existing) = output[slot].action.kind,
                    (counts[slot] ?? 0) + selectorCount <= maximumSelectorsPerRule
                {
                    output[slot].action.kind = .cssDisplayNone(selector: existing + ", " + selector)
                    counts[slot, default: 0] += selectorCount
                    continue
                }
                groups[shape] = output.count
                counts[output.count] = selectorCount
                output.append(rule)
            }
            return output
        }
    }
}
