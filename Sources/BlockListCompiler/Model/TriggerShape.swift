/// A trigger reduced to what decides its matches, so equal shapes match exactly the same requests.
struct TriggerShape: Hashable {
    /// The url-filter's text, or "" when the shape names the url-filter by `urlFilterID`.
    var urlFilter: String
    /// The url-filter's number in the optimizer's table (equal numbers, equal text), or -1 when `urlFilter` holds
    /// the text: a number hashes and compares without reading the string.
    var urlFilterID: Int32 = -1
    var urlFilterIsCaseSensitive: Bool
    var masks: TriggerMasks
    var method: RequestMethod?
    var conditionKind: TriggerCondition.Kind?
    /// The condition's entries, sorted and without duplicates.
    var conditionValues: [String]
    /// The case flag that applies to the condition (top or frame), false without a condition.
    var conditionIsCaseSensitive: Bool

    init(_ trigger: borrowing Trigger) {
        self.init(trigger, urlFilter: trigger.urlFilter, urlFilterID: -1)
    }

    /// The shape of `trigger` with its url-filter named by `urlFilterID` (its number in a table of the list's
    /// url-filters) instead of its text.
    init(_ trigger: borrowing Trigger, urlFilterID: Int32) {
        self.init(trigger, urlFilter: "", urlFilterID: urlFilterID)
    }

    /// Reads the trigger in place: taking it as an owned argument copied (retained) every string and array of
    /// it for each shape made.
    private init(_ trigger: borrowing Trigger, urlFilter: String, urlFilterID: Int32) {
        self.urlFilter = urlFilter
        self.urlFilterID = urlFilterID
        urlFilterIsCaseSensitive = trigger.urlFilterIsCaseSensitive ?? false
        masks = TriggerMasks(trigger)
        method = trigger.requestMethod
        conditionKind = trigger.condition?.kind
        conditionValues = TriggerShape.sortedUnique(trigger.condition?.values ?? [])
        switch trigger.condition?.kind {
        case .ifFrameURL?, .unlessFrameURL?: conditionIsCaseSensitive = trigger.frameURLFilterIsCaseSensitive ?? false
        case nil: conditionIsCaseSensitive = false
        default: conditionIsCaseSensitive = trigger.topURLFilterIsCaseSensitive ?? false
        }
    }

    /// `values` sorted, without duplicates (no copy when they already are: converted lists mostly are).
    static func sortedUnique(_ values: [String]) -> [String] {
        var isSortedUnique = true
        for index in values.indices.dropFirst() where !(values[index - 1] < values[index]) {
            isSortedUnique = false
            break
        }
        if isSortedUnique { return values }
        var sorted = values.sorted()
        var write = 1
        for read in sorted.indices.dropFirst() where sorted[read] != sorted[write - 1] {
            sorted.swapAt(read, write)
            write += 1
        }
        sorted.removeLast(sorted.count - write)
        return sorted
    }

    /// The shape with one of its merge dimensions blanked, as a grouping key.
    func without(_ dimension: MergeDimension) -> TriggerShape {
        var shape = self
        switch dimension {
        case .ifDomain: shape.conditionValues = []
        case .resourceType: shape.masks.resourceMask = 0
        case .loadType: shape.masks.loadTypeMask = 0
        }
        return shape
    }

    enum MergeDimension: CaseIterable {
        case ifDomain, resourceType, loadType
    }
}
