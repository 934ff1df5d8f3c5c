/// Warnings about lists WebKit accepts but that probably do not do what their author meant.
enum RuleListLints {
    /// What the lints read of one rule WebKit keeps, in source order.
    struct Entry {
        /// The rule's index in the source array.
        var index: Int
        /// The rule's bytes in the source.
        var start: Int
        var end: Int
        /// An `ignore-previous-rules` with no condition or restriction whose url-filter matches every URL.
        var isCatchAllIgnore: Bool
        /// A hash of the rule's source text, taken when the entry is made, while the checker has just read those
        /// bytes (the duplicate lint hashing them later read the whole list from memory a second time).
        var hash: UInt64

        /// The entry of the rule at `start..<end` of `source`.
        init(index: Int, start: Int, end: Int, isCatchAllIgnore: Bool, source: UnsafeRawBufferPointer) {
            self.index = index
            self.start = start
            self.end = end
            self.isCatchAllIgnore = isCatchAllIgnore
            hash = RuleListLints.wordHash(source, from: start, to: end)
        }
    }

    /// Whether a loaded rule is a catch-all `ignore-previous-rules` (`Entry.isCatchAllIgnore`).
    static func isCatchAllIgnore(_ rule: Rule, parser: URLFilterParser) -> Bool {
        guard case .ignorePreviousRules = rule.action.kind else { return false }
        let trigger = rule.trigger
        guard trigger.condition == nil, trigger.requestMethod == nil,
            trigger.resourceTypes?.isEmpty ?? true, trigger.loadTypes?.isEmpty ?? true, trigger.loadContexts?.isEmpty ?? true
        else { return false }
        return parser.parse(trigger.urlFilter).status == .matchesEverything
    }

    /// The entries of rules the loader kept.
    static func entries(_ kept: [RuleLoader.LoadedRule], document: JSONDocument) -> [Entry] {
        let parser = URLFilterParser()
        return document.withBytes { bytes in
            kept.map { loaded in
                let node = document[loaded.node]
                return Entry(
                    index: loaded.index, start: Int(node.start), end: Int(node.end),
                    isCatchAllIgnore: isCatchAllIgnore(loaded.rule, parser: parser), source: UnsafeRawBufferPointer(bytes))
            }
        }
    }

    /// Adds the lints' warnings about the kept rules `entries` of a list; `sameRule(a, b)` tells whether the rules
    /// of entries `a` and `b` are equal (asked only for rules whose source texts hash alike).
    static func addWarnings(_ entries: [Entry], sink: inout DiagnosticSink, sameRule: (_ first: Int, _ second: Int) -> Bool) {
        deadRules(entries, &sink)
        duplicates(entries, &sink, sameRule: sameRule)
    }

    /// Rules cancelled for every URL by a later `ignore-previous-rules` that matches every load.
    private static func deadRules(_ entries: [Entry], _ sink: inout DiagnosticSink) {
        guard let last = entries.lastIndex(where: \.isCatchAllIgnore) else { return }
        let killer = entries[last].index
        for position in 0..<last {
            let index = entries[position].index
            sink.warning(
                "rule \(index) never applies: rule \(killer) (ignore-previous-rules matching every URL) cancels every earlier rule",
                at: entries[position].start, pointer: "/" + String(index), rule: index)
        }
    }

    /// Rules identical to an earlier one.
    private static func duplicates(
        _ entries: [Entry], _ sink: inout DiagnosticSink, sameRule: (_ first: Int, _ second: Int) -> Bool
    ) {
        // Bucket by a hash of the rule's source text (an open-addressing table of positions, hashed a word at a
        // time), then compare the models (same text, same rule).
        var size = 16
        while size < entries.count * 2 { size <<= 1 }
        let mask = size - 1
        var slots = [Int32](repeating: -1, count: size)
        var found: [(position: Int, first: Int)] = []
        // The table through its buffer: a slot is always masked into it, and a representative is always an earlier
        // position.
        entries.withUnsafeBufferPointer { entries in
            slots.withUnsafeMutableBufferPointer { slots in
                for position in entries.indices {
                    let hash = entries[position].hash
                    var slot = Int(truncatingIfNeeded: hash >> 20) & mask
                    while slots[slot] >= 0 {
                        let first = Int(slots[slot])
                        // The first rule of a bucket stays its representative, as before.
                        if entries[first].hash == hash {
                            found.append((position, first))
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    if slots[slot] < 0 { slots[slot] = Int32(position) }
                }
            }
        }
        for (position, first) in found where sameRule(first, position) {
            let index = entries[position].index
            sink.warning(
                duplicateMessage(index, of: entries[first].index), at: entries[position].start,
                pointer: "/" + String(index), rule: index)
        }
    }

    /// "rule `index` duplicates rule `first`", written straight into the string's storage: lists can have thousands
    /// of duplicates, and an interpolation costs several times as much.
    static func duplicateMessage(_ index: Int, of first: Int) -> String {
        // 2 x 20 characters for the numbers (a sign and 19 digits at most) and 22 for the words.
        String(unsafeUninitializedCapacity: 64) { buffer in
            var count = 0
            func append(_ text: StaticString) {
                text.withUTF8Buffer { text in
                    for byte in text {
                        buffer[count] = byte
                        count += 1
                    }
                }
            }
            func append(_ value: Int) {
                var magnitude = value.magnitude
                if value < 0 {
                    buffer[count] = UInt8(ascii: "-")
                    count += 1
                }
                var length = 1
                var probe = magnitude
                while probe >= 10 {
                    probe /= 10
                    length += 1
                }
                var at = count + length - 1
                repeat {
                    buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                    magnitude /= 10
                    at -= 1
                } while magnitude > 0
                count += length
            }
            append("rule ")
            append(index)
            append(" duplicates rule ")
            append(first)
            return count
        }
    }

    /// A 64-bit hash of `buffer[start..<end]`, sixteen bytes a step in two independent lanes (mixed at the end).
    @inline(__always) static func wordHash(_ buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt64 {
        var first: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(truncatingIfNeeded: end - start)
        var second: UInt64 = 0x1319_8A2E_0370_7344
        var index = start
        while index + 16 <= end {
            first = (first ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
            second =
                (second ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))) &* 0xC2B2_AE3D_27D4_EB4F
            first ^= first >> 29
            second ^= second >> 31
            index += 16
        }
        if index + 8 <= end {
            first = (first ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
            index += 8
        }
        var tail: UInt64 = 0
        let remaining = end - index
        if remaining > 0, end - start >= 8 {
            // The last eight bytes, shifted so that only the unread ones are left.
            let last = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            tail = last >> UInt64(8 * (8 - remaining))
        } else {
            var shift: UInt64 = 0
            while index < end {
                tail |= UInt64(buffer[index]) << shift
                shift += 8
                index += 1
            }
        }
        var hash = (first ^ (second &* 0x94D0_49BB_1331_11EB) ^ tail) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        return hash
    }
}
