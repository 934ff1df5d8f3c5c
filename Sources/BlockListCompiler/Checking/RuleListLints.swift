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
        // Bucket by a hash of the rule's source text, then compare the models (same text, same rule).
        var buckets: [Int: [Int]] = [:]
        buckets.reserveCapacity(kept.count)
        let document = loader.document
        for (position, rule) in kept.enumerated() {
            let node = document[rule.node]
            var hasher = Hasher()
            document.bytes.withUnsafeBytes { buffer in
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.end)]))
            }
            let key = hasher.finalize()
            if let first = buckets[key]?.first(where: { kept[$0].rule == rule.rule }) {
                loader.sink.warning("rule \(rule.index) duplicates rule \(kept[first].index)", at: Int(node.start),
                                    pointer: "/" + String(rule.index), rule: rule.index)
            } else {
                buckets[key, default: []].append(position)
            }
        }
    }
}
