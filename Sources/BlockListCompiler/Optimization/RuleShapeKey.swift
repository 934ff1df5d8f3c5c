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
    /// The numbers of the values most rules have, once known (-1 before): no condition entries, `block`,
    /// `ignore-previous-rules`. Hashing them for every rule was a third of the numbering.
    private var noConditionID: Int32 = -1
    private var blockID: Int32 = -1
    private var ignorePreviousRulesID: Int32 = -1

    /// The number of a condition's entries (`trigger.condition?.values`), sorted and without duplicates.
    mutating func conditionID(_ values: [String]?) -> Int32 {
        guard let values, !values.isEmpty else {
            if noConditionID < 0 { noConditionID = RuleShapeNumbers.number(of: [], in: &conditions) }
            return noConditionID
        }
        return RuleShapeNumbers.number(of: TriggerShape.sortedUnique(values), in: &conditions)
    }

    /// The number of `kind`.
    mutating func actionID(_ kind: Action.Kind) -> Int32 {
        switch kind {
        case .block:
            if blockID < 0 { blockID = RuleShapeNumbers.number(of: kind, in: &actions) }
            return blockID
        case .ignorePreviousRules:
            if ignorePreviousRulesID < 0 { ignorePreviousRulesID = RuleShapeNumbers.number(of: kind, in: &actions) }
            return ignorePreviousRulesID
        default:
            return RuleShapeNumbers.number(of: kind, in: &actions)
        }
    }

    /// The number of `value` in `table`, the next one when it is new.
    private static func number<Value: Hashable>(of value: Value, in table: inout [Value: Int32]) -> Int32 {
        let next = Int32(truncatingIfNeeded: table.count)
        return RuleListOptimizer.value(&table[value, default: next])
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

/// Rule keys to numbers (a rule's index, a group's), for the optimizer's passes that group the rules of each
/// segment: open addressing on a hash of the key's three words, emptied for the next segment by a new generation
/// instead of clearing every slot. `Dictionary` hashed each key with SipHash and its `[key, default:]` access
/// allocated twice per key.
///
/// Only looked up, never iterated: nothing depends on where a key lands.
struct RuleShapeKeyTable {
    private var keys: [RuleShapeKey] = []
    private var values: [Int32] = []
    /// A slot holds a key of the current table when its stamp is `generation`.
    private var stamps: [UInt32] = []
    private var generation: UInt32 = 0
    private var count = 0

    /// Empties the table, with room for `capacity` keys before it grows.
    mutating func reset(capacity: Int) {
        count = 0
        generation &+= 1
        if generation == 0 {
            stamps = [UInt32](repeating: 0, count: stamps.count)
            generation = 1
        }
        if stamps.count < 2 * capacity { resize(to: 2 * capacity) }
    }

    /// The number filed under `key`; `value` is filed and returned when the key is new.
    mutating func value(for key: RuleShapeKey, orInserting value: Int32) -> Int32 {
        if 2 * (count + 1) > stamps.count { resize(to: 2 * (count + 1)) }
        let mask = stamps.count - 1
        var slot = RuleShapeKeyTable.hash(key) & mask
        while stamps[slot] == generation {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        stamps[slot] = generation
        keys[slot] = key
        values[slot] = value
        count += 1
        return value
    }

    /// Rebuilds the table with at least `minimum` slots (a power of two), keeping its keys.
    private mutating func resize(to minimum: Int) {
        var size = 16
        while size < minimum { size *= 2 }
        let old = (keys, values, stamps)
        let oldGeneration = generation
        keys = [RuleShapeKey](repeating: RuleShapeKey.empty, count: size)
        values = [Int32](repeating: 0, count: size)
        stamps = [UInt32](repeating: 0, count: size)
        generation = 1
        count = 0
        for slot in old.2.indices where old.2[slot] == oldGeneration && oldGeneration != 0 {
            _ = value(for: old.0[slot], orInserting: old.1[slot])
        }
    }

    @inline(__always) private static func hash(_ key: RuleShapeKey) -> Int {
        let first = UInt64(UInt32(bitPattern: key.urlFilterID)) | UInt64(UInt32(bitPattern: key.conditionID)) << 32
        let second = UInt64(UInt32(bitPattern: key.actionID)) | UInt64(key.resourceMask) << 32
        let third =
            UInt64(key.loadTypeMask) | UInt64(key.loadContextMask) << 8 | UInt64(key.conditionKind) << 16 | UInt64(key.method) << 24
            | UInt64(key.flags) << 32
        var hash = first &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 29) ^ second) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 32) ^ third) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash >> 31))
    }
}

extension RuleShapeKey {
    /// A key for the table's empty slots (never compared: a slot's stamp says whether it holds a key).
    static let empty = RuleShapeKey(
        urlFilterID: blank, conditionID: blank, actionID: blank, resourceMask: 0, loadTypeMask: 0, loadContextMask: 0,
        conditionKind: 0, method: 0, flags: 0)
}
