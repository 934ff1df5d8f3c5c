/// What a trigger admits besides URLs, as bit masks: resource types, load types and load contexts (an absent or
/// empty list admits every value). Matching and the list rewriters (optimizer, splitter) compare triggers by these.
struct TriggerMasks: Hashable, Sendable {
    /// The `RequestResourceType.bit`s of the request types the trigger admits.
    var resourceMask: UInt32
    /// Bit 0 first-party, bit 1 third-party.
    var loadTypeMask: UInt8
    /// Bit 0 top-frame, bit 1 child-frame.
    var loadContextMask: UInt8

    /// The masks of `trigger`, read in place (no copy of the trigger's strings and arrays).
    init(_ trigger: borrowing Trigger) {
        resourceMask = RequestResourceType.mask(of: trigger.resourceTypes)
        var loadTypes: UInt8 = 0
        if let types = trigger.loadTypes {
            for type in types { loadTypes |= type == .firstParty ? 1 : 2 }
        }
        loadTypeMask = loadTypes == 0 ? 3 : loadTypes
        var contexts: UInt8 = 0
        if let loadContexts = trigger.loadContexts {
            for context in loadContexts { contexts |= context == .topFrame ? 1 : 2 }
        }
        loadContextMask = contexts == 0 ? 3 : contexts
    }

    /// The load-type mask in bits 0-1 and the load-context mask in bits 2-3.
    var loadFlags: UInt8 { loadTypeMask | loadContextMask << 2 }
}
