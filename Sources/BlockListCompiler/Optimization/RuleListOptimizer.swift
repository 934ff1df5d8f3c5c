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
        // The url-filters do not change after this point: each is numbered once for the passes' keys, with the
        // condition entries and actions (which the passes that change them number again).
        if !stopped { current.number() }
        run("remove duplicates", removeDuplicates)
        run("remove rules cancelled by a later exception", removeCancelled)
        run("remove rules subsumed by a universal rule", removeSubsumed)
        run("remove rules whose url-filter is contained in a same-action rule's", removeContained)
        for dimension in TriggerShape.MergeDimension.allCases {
            run("merge rules differing only in \(name(of: dimension))") { merge(&$0, along: dimension) }
        }
        run("pack css-display-none selectors", packSelectors)
        if forWebKit {
            run("drop domain entries another entry covers (for WebKit)") {
                DomainEntryPruner.prune(&$0.rules)
                $0.dropNumbers()
            }
            let regrouper = ConditionEntryRegrouper(maximumSelectorsPerRule: maximumSelectorsPerRule)
            run("regroup css-display-none rules by if-condition entry (for WebKit)") {
                // Taken out of the list, so the regrouping moves its only copy of the rules.
                var rules: [Rule] = []
                swap(&rules, &$0.rules)
                regrouper.regroup(&rules)
                $0 = WorkingList(rules: rules)
            }
        }
        if stopped { return nil }
        if let beforeEachPass, !beforeEachPass(report.passes.count, total) { return nil }
        return (current.rules, report)
    }

    /// The list while the passes run: the rules and, once the url-filters no longer change, each rule's numbers
    /// (url-filter, condition entries, action; equal numbers for equal values), which the passes' keys hash and
    /// compare instead of the text.
    struct WorkingList {
        var rules: [Rule]
        /// Parallel to `rules` once numbered, else empty.
        private(set) var urlFilterIDs: [Int32] = []
        /// Parallel to `rules` once numbered: the number of each rule's condition entries (sorted, no duplicates).
        private(set) var conditionIDs: [Int32] = []
        /// Parallel to `rules` once numbered: the number of each rule's action.
        private(set) var actionIDs: [Int32] = []
        /// Parallel to `rules` once numbered: each rule's key, made once (making it reads the trigger's types
        /// into masks) and again when `renumber` is told the rule changed.
        private(set) var keys: [RuleShapeKey] = []
        private var numbers = RuleShapeNumbers()

        init(rules: [Rule]) {
            self.rules = rules
        }

        /// Numbers the url-filters, condition entries and actions, each in order of first appearance.
        mutating func number() {
            var urlFilters = StringNumbering(capacity: rules.count)
            var urlFilterIDs: [Int32] = [], conditionIDs: [Int32] = [], actionIDs: [Int32] = []
            var keys: [RuleShapeKey] = []
            urlFilterIDs.reserveCapacity(rules.count)
            conditionIDs.reserveCapacity(rules.count)
            actionIDs.reserveCapacity(rules.count)
            keys.reserveCapacity(rules.count)
            var numbers = RuleShapeNumbers()
            swap(&numbers, &self.numbers)
            // Read in place: a closure over the array (`map`) copied each rule.
            rules.withUnsafeBufferPointer { rules in
                for index in rules.indices {
                    let urlFilterID = urlFilters.number(of: rules[index].trigger.urlFilter)
                    let conditionID = numbers.conditionID(rules[index].trigger.condition?.values)
                    let actionID = numbers.actionID(rules[index].action.kind)
                    urlFilterIDs.append(urlFilterID)
                    conditionIDs.append(conditionID)
                    actionIDs.append(actionID)
                    keys.append(
                        RuleShapeNumbers.key(rules[index].trigger, urlFilterID: urlFilterID, conditionID: conditionID, actionID: actionID))
                }
            }
            swap(&numbers, &self.numbers)
            self.urlFilterIDs = urlFilterIDs
            self.conditionIDs = conditionIDs
            self.actionIDs = actionIDs
            self.keys = keys
        }

        /// Whether the numbers are there (and hold for the rules as they are).
        var isNumbered: Bool { urlFilterIDs.count == rules.count && !rules.isEmpty }

        /// Forgets the numbers, for passes that change rules without keeping them.
        mutating func dropNumbers() {
            urlFilterIDs = []
            conditionIDs = []
            actionIDs = []
            keys = []
        }

        /// The key of rule `index` (the list is numbered), with its action or without.
        @inline(__always) func key(_ index: Int, includingAction: Bool = true) -> RuleShapeKey {
            var key = keys[index]
            if !includingAction { key.actionID = RuleShapeKey.blank }
            return key
        }

        /// Numbers rule `index`'s condition entries and action again and makes its key again, after a pass changed
        /// the rule (its condition entries, action, resource types or load types).
        mutating func renumber(_ index: Int) {
            conditionIDs[index] = numbers.conditionID(rules[index].trigger.condition?.values)
            actionIDs[index] = numbers.actionID(rules[index].action.kind)
            keys[index] = RuleShapeNumbers.key(
                rules[index].trigger, urlFilterID: urlFilterIDs[index], conditionID: conditionIDs[index], actionID: actionIDs[index])
        }

        /// The shape of rule `index`, its url-filter named by number when the list is numbered.
        func shape(_ index: Int) -> TriggerShape {
            urlFilterIDs.isEmpty ? TriggerShape(rules[index].trigger) : TriggerShape(rules[index].trigger, urlFilterID: urlFilterIDs[index])
        }

        /// Keeps the rules whose flag in `keep` is true, in order, moving them down in place.
        mutating func compact(keeping keep: [Bool]) {
            // Nothing dropped (a pass that changed rules in place): every rule and number stays where it is.
            guard keep.contains(false) else { return }
            // Swapped through the buffer, which moves the two rules: `Array.swapAt` copied both (a retain and a
            // release of each of their strings and arrays, for every rule after the first one dropped).
            let kept = rules.withUnsafeMutableBufferPointer { rules in
                var write = 0
                for read in rules.indices where keep[read] {
                    if write != read { rules.swapAt(write, read) }
                    write += 1
                }
                return write
            }
            rules.removeLast(rules.count - kept)
            guard !urlFilterIDs.isEmpty else { return }
            var write = 0
            for read in keep.indices where keep[read] {
                urlFilterIDs[write] = urlFilterIDs[read]
                conditionIDs[write] = conditionIDs[read]
                actionIDs[write] = actionIDs[read]
                keys[write] = keys[read]
                write += 1
            }
            urlFilterIDs.removeLast(urlFilterIDs.count - write)
            conditionIDs.removeLast(conditionIDs.count - write)
            actionIDs.removeLast(actionIDs.count - write)
            keys.removeLast(keys.count - write)
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

    private func removeDuplicates(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var seen = RuleShapeKeyTable()
        for segment in segments(list.rules) {
            seen.reset(capacity: segment.count)
            for index in segment where seen.value(for: list.key(index), orInserting: Int32(truncatingIfNeeded: index)) != index {
                keep[index] = false
            }
        }
        // Exceptions: an earlier copy of an identical exception is redundant when nothing but non-exception rules
        // and copies lie between them (the later copy cancels the same and more). `last` is the last rule kept.
        var last: Int?
        for index in list.rules.indices where keep[index] {
            if case .ignorePreviousRules = list.rules[index].action.kind, let previous = last,
                case .ignorePreviousRules = list.rules[previous].action.kind,
                list.key(previous, includingAction: false) == list.key(index, includingAction: false)
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

    /// `covers` of the two rules' shapes, decided on their keys in a numbered list (the actions are not compared):
    /// equal url-filter numbers are equal url-filters, equal condition numbers equal sorted entries.
    static func covers(_ outer: RuleShapeKey, _ inner: RuleShapeKey, outerIsUniversal: Bool) -> Bool {
        guard outer.resourceMask & inner.resourceMask == inner.resourceMask,
            outer.loadTypeMask & inner.loadTypeMask == inner.loadTypeMask,
            outer.loadContextMask & inner.loadContextMask == inner.loadContextMask,
            outer.method == 0 || outer.method == inner.method
        else { return false }
        let urlCovered = outerIsUniversal || (outer.urlFilterID == inner.urlFilterID && outer.flags & 1 == inner.flags & 1)
        guard urlCovered else { return false }
        if outer.conditionKind == 0 { return true }
        return outer.conditionKind == inner.conditionKind && outer.conditionID == inner.conditionID && outer.flags & 2 == inner.flags & 2
    }

    static func isUniversal(_ filter: String) -> Bool {
        // Most filters have a term that cannot match the empty string, found without parsing.
        !URLFilterParser.hasMandatoryTerm(filter) && URLFilterParser().parse(filter).status == .matchesEverything
    }

    private func removeCancelled(_ list: inout WorkingList) {
        let keep = keptAfterCancelling(list)
        list.compact(keeping: keep)
    }

    /// Which rules `removeCancelled` keeps (the list is numbered).
    private func keptAfterCancelling(_ list: WorkingList) -> [Bool] {
        // Walk backwards, collecting the exceptions that apply to everything before them (until an
        // ignore-following-rules, which may stop them from being reached). An exception covers a rule only when its
        // url-filter is universal or the rule's own, so the exceptions are kept by url-filter number and a rule is
        // compared with the universal ones and those of its url-filter only.
        let rules = list.rules
        var keep = [Bool](repeating: true, count: rules.count)
        var universalExceptions: [RuleShapeKey] = []
        var exceptionsByFilter: [Int32: [RuleShapeKey]] = [:]
        var exceptionCount = 0
        var universal = UniversalURLFilters(list)
        for index in rules.indices.reversed() {
            switch rules[index].action.kind {
            case .ignoreFollowingRules:
                universalExceptions = []
                exceptionsByFilter = [:]
                exceptionCount = 0
            case .ignorePreviousRules:
                let shape = list.keys[index]
                // Exceptions with a condition only cover rules with the very same condition; keep the list short.
                if shape.conditionKind == 0 || exceptionCount < 64 {
                    exceptionCount += 1
                    if universal.contains(index, of: list) {
                        universalExceptions.append(shape)
                    } else {
                        exceptionsByFilter[list.urlFilterIDs[index], default: []].append(shape)
                    }
                }
            // An exception covered by a later exception is cancelled too, but it also cancels; leave it.
            default:
                guard exceptionCount > 0 else { continue }
                let shape = list.keys[index]
                if universalExceptions.contains(where: { RuleListOptimizer.covers($0, shape, outerIsUniversal: true) })
                    || (exceptionsByFilter[list.urlFilterIDs[index]] ?? []).contains(where: {
                        RuleListOptimizer.covers($0, shape, outerIsUniversal: false)
                    })
                {
                    keep[index] = false
                }
            }
        }
        return keep
    }

    /// Whether each url-filter of a numbered list is universal (`isUniversal`), decided once per number.
    private struct UniversalURLFilters {
        /// Per url-filter number: 0 not known yet, 1 universal, 2 not.
        private var known: [UInt8]

        init(_ list: WorkingList) {
            known = [UInt8](repeating: 0, count: Int(list.urlFilterIDs.max() ?? -1) + 1)
        }

        /// Whether rule `index`'s url-filter is universal.
        mutating func contains(_ index: Int, of list: WorkingList) -> Bool {
            let number = Int(list.urlFilterIDs[index])
            if known[number] == 0 {
                // A filter with a term that cannot match the empty string (found within its first bytes for most
                // filters), or one of the converter's forms (which hold a literal every match contains), is not
                // universal, without a parse.
                let filter = list.rules[index].trigger.urlFilter
                known[number] =
                    !URLFilterParser.hasMandatoryTerm(filter) && !URLFilterLiteralRuns.isReadable(filter)
                        && URLFilterParser().parse(filter).status == .matchesEverything ? 1 : 2
            }
            return known[number] == 1
        }
    }

    private func removeSubsumed(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var universalFilters = UniversalURLFilters(list)
        for segment in segments(list.rules) {
            // Shapes only for segments that hold a universal rule (most hold none).
            let universal = segment.map { list.keys[$0].conditionKind == 0 && universalFilters.contains($0, of: list) }
            // By action number (equal numbers, equal actions).
            var universalByAction: [Int32: [Int]] = [:]
            for offset in universal.indices where universal[offset] {
                universalByAction[list.actionIDs[segment.lowerBound + offset], default: []].append(offset)
            }
            guard !universalByAction.isEmpty else { continue }
            let shapes = list.keys[segment]
            for offset in universal.indices {
                let dropped = (universalByAction[list.actionIDs[segment.lowerBound + offset]] ?? []).contains { other in
                    guard other != offset,
                        RuleListOptimizer.covers(
                            shapes[segment.lowerBound + other], shapes[segment.lowerBound + offset], outerIsUniversal: true)
                    else { return false }
                    // Two universal rules covering each other: keep the first.
                    guard universal[offset],
                        RuleListOptimizer.covers(
                            shapes[segment.lowerBound + offset], shapes[segment.lowerBound + other], outerIsUniversal: true)
                    else {
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
            for index in ContainedRuleFinder.droppedIndices(in: list, segment: segment) {
                keep[index] = false
                anyDropped = true
            }
        }
        if anyDropped { list.compact(keeping: keep) }
    }

    private func merge(_ list: inout WorkingList, along dimension: TriggerShape.MergeDimension) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var groups = RuleShapeKeyTable()
        // The rules a merge changed, numbered again (and their keys made again) after the pass.
        var changed: [Int] = []
        for segment in segments(list.rules) {
            groups.reset(capacity: segment.count)
            for index in segment {
                // if-domain, if-top-url or if-frame-url (`RuleShapeKey.conditionKind` 1, 3 and 5).
                if dimension == .ifDomain && list.keys[index].conditionKind & 1 == 0 { continue }
                let key = list.key(index).without(dimension)
                // The rule's index is filed when the key is new. A later rule of the group is merged into the
                // group's first rule, in place, and dropped.
                let slot = Int(groups.value(for: key, orInserting: Int32(truncatingIfNeeded: index)))
                guard slot != index else { continue }
                keep[index] = false
                switch dimension {
                case .ifDomain:
                    if let extra = list.rules[index].trigger.condition?.values, list.rules[slot].trigger.condition != nil {
                        let before = list.rules[slot].trigger.condition?.values.count
                        for value in extra where !(list.rules[slot].trigger.condition?.values.contains(value) ?? true) {
                            list.rules[slot].trigger.condition?.values.append(value)
                        }
                        if list.rules[slot].trigger.condition?.values.count != before { changed.append(slot) }
                    }
                case .resourceType:
                    if list.rules[slot].trigger.resourceTypes == nil || list.rules[slot].trigger.resourceTypes?.isEmpty == true { break }
                    let types = list.rules[index].trigger.resourceTypes
                    if types == nil || types?.isEmpty == true {
                        list.rules[slot].trigger.resourceTypes = nil
                    } else {
                        for type in types ?? [] where !(list.rules[slot].trigger.resourceTypes ?? []).contains(type) {
                            list.rules[slot].trigger.resourceTypes?.append(type)
                        }
                    }
                    changed.append(slot)
                case .loadType:
                    if list.rules[slot].trigger.loadTypes == nil { break }
                    let loadTypes = list.rules[index].trigger.loadTypes
                    let union = Set((list.rules[slot].trigger.loadTypes ?? []) + (loadTypes ?? []))
                    list.rules[slot].trigger.loadTypes =
                        loadTypes == nil || union.count == LoadType.allCases.count ? nil : LoadType.allCases.filter(union.contains)
                    changed.append(slot)
                }
            }
        }
        for slot in Set(changed).sorted() { list.renumber(slot) }
        list.compact(keeping: keep)
    }

    /// The value at `slot`: reading a dictionary's `[key, default:]` through `inout` files the default when the
    /// key is new, with one hash of the key.
    @inline(__always) static func value<Value>(_ slot: inout Value) -> Value { slot }

    /// `selector.split(separator: ",").count`; for ASCII text (where every byte but a CR LF pair is a character of
    /// its own) counted on the bytes instead of walking grapheme breaks.
    static func selectorCount(_ selector: String) -> Int {
        var selector = selector
        let counted: Int? = selector.withUTF8 { bytes in
            var count = 0
            var pieceIsEmpty = true
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: ",") {
                    if !pieceIsEmpty { count += 1 }
                    pieceIsEmpty = true
                } else {
                    pieceIsEmpty = false
                }
            }
            return pieceIsEmpty ? count : count + 1
        }
        return counted ?? selector.split(separator: ",").count
    }

    private func packSelectors(_ list: inout WorkingList) {
        var keep = [Bool](repeating: true, count: list.rules.count)
        var groups: [RuleShapeKey: Int] = [:]
        var counts: [Int: Int] = [:]
        var changed: [Int] = []
        // The selectors packed into each slot's rule, joined once at the end: joining each one as it came copied
        // the growing selector text every time.
        var packed: [Int: [String]] = [:]
        for segment in segments(list.rules) {
            groups.removeAll(keepingCapacity: true)
            for index in segment {
                guard case .cssDisplayNone(let selector) = list.rules[index].action.kind else { continue }
                let key = list.key(index, includingAction: false)
                let selectorCount = RuleListOptimizer.selectorCount(selector)
                if let slot = groups[key], case .cssDisplayNone = list.rules[slot].action.kind,
                    (counts[slot] ?? 0) + selectorCount <= maximumSelectorsPerRule
                {
                    packed[slot, default: []].append(selector)
                    counts[slot, default: 0] += selectorCount
                    keep[index] = false
                    if changed.last != slot { changed.append(slot) }
                    continue
                }
                groups[key] = index
                counts[index] = selectorCount
            }
        }
        for (slot, selectors) in packed {
            guard case .cssDisplayNone(let first) = list.rules[slot].action.kind else { continue }
            var joined = first
            joined.reserveCapacity(selectors.reduce(first.utf8.count) { $0 + 2 + $1.utf8.count })
            for selector in selectors {
                joined += ", "
                joined += selector
            }
            list.rules[slot].action.kind = .cssDisplayNone(selector: joined)
        }
        for slot in Set(changed).sorted() { list.renumber(slot) }
        list.compact(keeping: keep)
    }
}
