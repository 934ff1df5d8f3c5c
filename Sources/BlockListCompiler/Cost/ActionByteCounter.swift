/// Counts the bytes of WebKit's serialized actions, with the merging its `serializeActions` does: a rule with a
/// condition gets an action of its own; other rules share one action per action kind, argument and trigger flags
/// until the next `ignore-previous-rules`; `css-display-none` selectors of rules with equal triggers are joined
/// into one string.
struct ActionByteCounter {
    private struct SharedKey: Hashable {
        var type: String
        var argument: String
        var resourceTypes: [ResourceType]?
        var loadTypes: [LoadType]?
        var loadContexts: [LoadContext]?
        var method: RequestMethod?
    }

    private var shared: Set<SharedKey> = []
    private var displayNoneTriggers: Set<Trigger> = []
    private(set) var total = 0

    /// Adds `rule` and returns the bytes it added.
    mutating func add(_ rule: Rule) -> Int {
        let kind = rule.action.kind
        if case .ignorePreviousRules = kind {
            shared = []
            displayNoneTriggers = []
        }
        let argument = ActionByteCounter.argument(of: kind)
        let added: Int
        if rule.trigger.condition != nil {
            added = 1 + ActionByteCounter.stringBytes(argument)
        } else if case .cssDisplayNone(let selector) = kind {
            // Joined with ',' into the action of the first rule with the same trigger.
            var trigger = rule.trigger
            trigger.unknownMembers = []
            added = displayNoneTriggers.insert(trigger).inserted ? 1 + ActionByteCounter.stringBytes(selector) : selector.utf8.count + 1
        } else {
            let key = SharedKey(
                type: kind.typeName, argument: argument ?? "", resourceTypes: rule.trigger.resourceTypes,
                loadTypes: rule.trigger.loadTypes, loadContexts: rule.trigger.loadContexts, method: rule.trigger.requestMethod)
            added = shared.insert(key).inserted ? 1 + ActionByteCounter.stringBytes(argument) : 0
        }
        total += added
        return added
    }

    private static func stringBytes(_ string: String?) -> Int {
        guard let string else { return 0 }
        return 5 + string.utf8.count
    }

    private static func argument(of kind: Action.Kind) -> String? {
        switch kind {
        case .cssDisplayNone(let selector): return selector
        case .notify(let notification): return notification
        case .redirect(let redirect): return String(describing: redirect)
        case .modifyHeaders(let headers): return String(describing: headers)
        default: return nil
        }
    }
}
