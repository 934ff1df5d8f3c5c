/// A rule's `TriggerShape` and action in numbers: the url-filter, the condition's entries and the action are named
/// by their numbers in the optimizer's tables (`RuleShapeNumbers`), so a key hashes and compares a few words where a
/// shape hashed and compared every condition entry (and a selector) per rule per pass.
///
/// Two keys are equal exactly when the two rules' shapes and actions are (equal numbers, equal values).
struct RuleShapeKey: Hashable {
    var urlFilterID: Int32
    /// The number of the condition's sorted entries without duplicates (`TriggerShape.conditionValues`), or
    /// `RuleShapeKey.blank` when the key leaves them out.
    var conditionID: Int32
    /// The action's number, or `RuleShapeKey.blank` when the key leaves it out.
    var actionID: Int32
    var resourceMask: UInt32
    var loadTypeMask: UInt8
    var loadContextMask: UInt8
    /// 0 without a condition, else 1 + the kind's position in `TriggerCondition.Kind.allCases` (each kind its own
    /// number).
    var conditionKind: UInt8
    /// 0 without a method, else 1 + the method's position in `RequestMethod.allCases`.
    var method: UInt8
    /// Bit 0: the url-filter is case-sensitive; bit 1: the condition is.
    var flags: UInt8

    /// The number a key holds for a part it leaves out.
    static let blank: Int32 = -1

    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(UInt32(bitPattern: urlFilterID)) | UInt64(UInt32(bitPattern: conditionID)) << 32)
        hasher.combine(UInt64(UInt32(bitPattern: actionID)) | UInt64(resourceMask) << 32)
        hasher.combine(
            UInt64(loadTypeMask) | UInt64(loadContextMask) << 8 | UInt64(conditionKind) << 16 | UInt64(method) << 24
                | UInt64(flags) << 32)
    }

    /// The key with one of the merge dimensions left out, as `TriggerShape.without` does.
    func without(_ dimension: TriggerShape.MergeDimension) -> RuleShapeKey {
        var key = self
        switch dimension {
        case .ifDomain: key.conditionID = RuleShapeKey.blank
        case .resourceType: key.resourceMask = 0
        case .loadType: key.loadTypeMask = 0
        }
        return key
    }
}

/// The optimizer's tables of condition entry lists and actions, each distinct value numbered once in order of first
/// appearance (the url-filters are numbered alike, in `RuleListOptimizer.WorkingList`).
struct RuleShapeNumbers {
    private var conditions: [[String]: Int32] = [:]
    private var actions: [Action.Kind: Int32] = [:]

    /// The number of `trigger`'s condition entries, sorted and without duplicates.
    mutating func conditionID(_ trigger: borrowing Trigger) -> Int32 {
        let values = TriggerShape.sortedUnique(trigger.condition?.values ?? [])
        let next = Int32(truncatingIfNeeded: conditions.count)
        return RuleListOptimizer.value(&conditions[values, default: next])
    }

    /// The number of `kind`.
    mutating func actionID(_ kind: Action.Kind) -> Int32 {
        let next = Int32(truncatingIfNeeded: actions.count)
        return RuleListOptimizer.value(&actions[kind, default: next])
    }

    /// The key of a rule whose trigger is `trigger`, with the given numbers.
    static func key(_ trigger: borrowing Trigger, urlFilterID: Int32, conditionID: Int32, actionID: Int32) -> RuleShapeKey {
        let masks = TriggerMasks(trigger)
        var conditionKind: UInt8 = 0
        var conditionIsCaseSensitive = false
        if let kind = trigger.condition?.kind {
            switch kind {
            case .ifDomain: conditionKind = 1
            case .unlessDomain: conditionKind = 2
            case .ifTopURL: conditionKind = 3
            case .unlessTopURL: conditionKind = 4
            case .ifFrameURL: conditionKind = 5
            case .unlessFrameURL: conditionKind = 6
            }
            switch kind {
            case .ifFrameURL, .unlessFrameURL: conditionIsCaseSensitive = trigger.frameURLFilterIsCaseSensitive ?? false
            default: conditionIsCaseSensitive = trigger.topURLFilterIsCaseSensitive ?? false
            }
        }
        var method: UInt8 = 0
        if let requestMethod = trigger.requestMethod {
            method = UInt8(truncatingIfNeeded: 1 + (RequestMethod.allCases.firstIndex(of: requestMethod) ?? 0))
        }
        let flags: UInt8 = ((trigger.urlFilterIsCaseSensitive ?? false) ? 1 : 0) | (conditionIsCaseSensitive ? 2 : 0)
        return RuleShapeKey(
            urlFilterID: urlFilterID, conditionID: conditionID, actionID: actionID, resourceMask: masks.resourceMask,
            loadTypeMask: masks.loadTypeMask, loadContextMask: masks.loadContextMask, conditionKind: conditionKind,
            method: method, flags: flags)
    }
}
