/// Warnings about lists WebKit accepts but that probably do not do what their author meant.
enum RuleListLints {
    static func addWarnings(_ kept: [RuleLoader.LoadedRule], loader: inout RuleLoader) {
        deadRules(kept, &loader)
        duplicates(kept, &loader)
    }

    /// Rules cancelled for every URL by a later `ignore-previous-rules` that matches every load.
    private static func deadRules(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        let parser = URLFilterParser()
        guard
            let last = kept.indices.last(where: { position in
                guard case .ignorePreviousRules = kept[position].rule.action.kind else { return false }
                let trigger = kept[position].rule.trigger
                guard trigger.condition == nil, trigger.requestMethod == nil,
                    trigger.resourceTypes?.isEmpty ?? true, trigger.loadTypes?.isEmpty ?? true, trigger.loadContexts?.isEmpty ?? true
                else { return false }
                return parser.parse(trigger.urlFilter).status == .matchesEverything
            })
        else { return }
        let killer = kept[last].index
        for position in 0..<last {
            let index = kept[position].index
            loader.sink.warning(
                "rule \(index) never applies: rule \(killer) (ignore-previous-rules matching every URL) cancels every earlier rule",
                at: Int(loader.document[kept[position].node].start), pointer: "/" + String(index), rule: index)
        }
    }

    /// Rules identical to an earlier one.
    private static func duplicates(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        // Bucket by a hash of the rule's source text (an open-addressing table of positions, hashed a word at a
        // time), then compare the models (same text, same rule).
        var size = 16
        while size < kept.count * 2 { size <<= 1 }
        let mask = size - 1
        var slots = [Int32](repeating: -1, count: size)
        var hashes = [UInt64](repeating: 0, count: kept.count)
        let document = loader.document
        var found: [(position: Int, first: Int)] = []
        document.bytes.withUnsafeBytes { buffer in
            for position in kept.indices {
                let node = document[kept[position].node]
                let hash = wordHash(buffer, from: Int(node.start), to: Int(node.end))
                hashes[position] = hash
                var slot = Int(truncatingIfNeeded: hash >> 20) & mask
                while slots[slot] >= 0 {
                    let first = Int(slots[slot])
                    // The first rule of a bucket stays its representative, as before.
                    if hashes[first] == hash {
                        found.append((position, first))
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if slots[slot] < 0 { slots[slot] = Int32(position) }
            }
        }
        for (position, first) in found where kept[first].rule == kept[position].rule {
            let node = document[kept[position].node]
            let index = kept[position].index
            loader.sink.warning(
                "rule \(index) duplicates rule \(kept[first].index)", at: Int(node.start),
                pointer: "/" + String(index), rule: index)
        }
    }

    /// A 64-bit hash of `buffer[start..<end]`, eight bytes at a time.
    private static func wordHash(_ buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(truncatingIfNeeded: end - start)
        var index = start
        while index + 8 <= end {
            let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < end {
            tail |= UInt64(buffer[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 31)
    }
}
