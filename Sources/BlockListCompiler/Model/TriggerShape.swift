/// A trigger reduced to what decides its matches, so equal shapes match exactly the same requests.
struct TriggerShape: Hashable {
    var urlFilter: String
    var urlFilterIsCaseSensitive: Bool
    var resourceMask: UInt32
    var loadTypeMask: UInt8
    var loadContextMask: UInt8
    var method: RequestMethod?
    var conditionKind: TriggerCondition.Kind?
    /// The condition's entries, sorted and without duplicates.
    var conditionValues: [String]
    /// The case flag that applies to the condition (top or frame), false without a condition.
    var conditionIsCaseSensitive: Bool

    init(_ trigger: Trigger) {
        urlFilter = trigger.urlFilter
        urlFilterIsCaseSensitive = trigger.urlFilterIsCaseSensitive ?? false
        resourceMask = RequestResourceType.mask(of: trigger.resourceTypes)
        var loadTypes: UInt8 = 0
        for type in trigger.loadTypes ?? [] { loadTypes |= type == .firstParty ? 1 : 2 }
        loadTypeMask = loadTypes == 0 ? 3 : loadTypes
        var contexts: UInt8 = 0
        for context in trigger.loadContexts ?? [] { contexts |= context == .topFrame ? 1 : 2 }
        loadContextMask = contexts == 0 ? 3 : contexts
        method = trigger.requestMethod
        conditionKind = trigger.condition?.kind
        conditionValues = Array(Set(trigger.condition?.values ?? [])).sorted()
        switch trigger.condition?.kind {
        case .ifFrameURL?, .unlessFrameURL?: conditionIsCaseSensitive = trigger.frameURLFilterIsCaseSensitive ?? false
        case nil: conditionIsCaseSensitive = false
        default: conditionIsCaseSensitive = trigger.topURLFilterIsCaseSensitive ?? false
        }
    }

    /// The shape with one of its merge dimensions blanked, as a grouping key.
    func without(_ dimension: MergeDimension) -> TriggerShape {
        var shape = self
        switch dimension {
        case .ifDomain: shape.conditionValues = []
        case .resourceType: shape.resourceMask = 0
        case .loadType: shape.loadTypeMask = 0
        }
        return shape
    }

    enum MergeDimension: CaseIterable {
        case ifDomain, resourceType, loadType
    }
}
