/// Warnings about lists WebKit accepts but that probably do not do what their author meant.
enum RuleListLints {
    static func addWarnings(_ kept: [RuleLoader.LoadedRule], loader: inout RuleLoader) {
        deadRules(kept, &loader)
        duplicates(kept, &loader)
    }

    /// Rules cancelled for every URL by a later `ignore-previous-rules` that matches every load.
    private static func deadRules(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        let parser = URLFilterParser()
        guard let last = kept.indices.last(where: { position in
            guard case .ignorePreviousRules = kept[position].rule.action.kind else { return false }
            let trigger = kept[position].rule.trigger
            guard trigger.condition == nil, trigger.requestMethod == nil,
                  trigger.resourceTypes?.isEmpty ?? true, trigger.loadTypes?.isEmpty ?? true, trigger.loadContexts?.isEmpty ?? true else { return false }
            return parser.parse(trigger.urlFilter).status == .matchesEverything
        }) else { return }
        let killer = kept[last].index
        for position in 0..<last {
            let index = kept[position].index
            loader.sink.warning("rule \(index) never applies: rule \(killer) (ignore-previous-rules matching every URL) cancels every earlier rule",
                                at: Int(loader.document[kept[position].node].start), pointer: "/" + String(index), rule: index)
        }
    }

    /// Rules identical to an earlier one.
    private static func duplicates(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        // Bucket by a hash of the rule's source text, then compare the models (same text, same rule).
        var firstByHash: [Int: Int] = [:]
        firstByHash.reserveCapacity(kept.count)
        let document = loader.document
        for position in kept.indices {
            let node = document[kept[position].node]
            var hasher = Hasher()
            document.bytes.withUnsafeBytes { buffer in
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.end)]))
            }
            let key = hasher.finalize()
            if let first = firstByHash[key] {
                guard kept[first].rule == kept[position].rule else { continue }
                let index = kept[position].index
                loader.sink.warning("rule \(index) duplicates rule \(kept[first].index)", at: Int(node.start),
                                    pointer: "/" + String(index), rule: index)
            } else {
                firstByHash[key] = position
            }
        }
    }
}
