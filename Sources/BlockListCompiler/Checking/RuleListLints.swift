/// Warnings about lists WebKit accepts but that probably do not do what their author meant.
enum RuleListLints {
    static func addWarnings(_ kept: [RuleLoader.LoadedRule], loader: inout RuleLoader) {
        deadRules(kept, &loader)
        duplicates(kept, &loader)
    }

    /// Rules cancelled for every URL by a later `ignore-previous-rules` that matches every load.
    private static func deadRules(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        let parser = URLFilterParser()
        guard let last = kept.lastIndex(where: { rule in
            let trigger = rule.rule.trigger
            guard case .ignorePreviousRules = rule.rule.action.kind, trigger.condition == nil, trigger.requestMethod == nil,
                  trigger.resourceTypes?.isEmpty ?? true, trigger.loadTypes?.isEmpty ?? true, trigger.loadContexts?.isEmpty ?? true else { return false }
            return parser.parse(trigger.urlFilter).status == .matchesEverything
        }) else { return }
        let killer = kept[last].index
        for rule in kept[..<last] {
            loader.sink.warning("rule \(rule.index) never applies: rule \(killer) (ignore-previous-rules matching every URL) cancels every earlier rule",
                                at: Int(loader.document[rule.node].start), pointer: "/" + String(rule.index), rule: rule.index)
        }
    }

    /// Rules identical to an earlier one.
    private static func duplicates(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(kept.count)
        let serializer = RuleListSerializer()
        for rule in kept {
            let key = serializer.serialize(rule.rule)
            if let first = seen[key] {
                loader.sink.warning("rule \(rule.index) duplicates rule \(first)", at: Int(loader.document[rule.node].start),
                                    pointer: "/" + String(rule.index), rule: rule.index)
            } else {
                seen[key] = rule.index
            }
        }
    }
}
