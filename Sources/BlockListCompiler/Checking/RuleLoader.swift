/// Loads rules from a parsed document the way WebKit's `loadRule` does, but reports every problem it finds.
struct RuleLoader {
    let document: JSONDocument
    let target: WebKitTarget
    var sink: DiagnosticSink

    /// A rule that loaded, with the nodes its regular expressions come from.
    struct LoadedRule {
        var index: Int
        var rule: Rule
        var urlFilterNode: Int
        var conditionNodes: [Int]
        /// WebKit drops the rule silently (unparsable css-display-none selector).
        var isDropped: Bool
        var node: Int
    }

    init(document: JSONDocument, target: WebKitTarget, sink: DiagnosticSink) {
        self.document = document
        self.target = target
        self.sink = sink
    }

    // MARK: Helpers

    func offset(_ node: Int) -> Int { Int(document[node].start) }

    func kindName(_ node: Int) -> String {
        switch document[node].kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The members of an object, warning about duplicates and keys outside `known`.
    mutating func scanMembers(of node: Int, known: [String], pointer: String, rule: Int?, context: String) -> [UnknownMember] {
        var unknown: [UnknownMember] = []
        let members = document.members(of: node)
        for (position, member) in members.enumerated() {
            if position > 0, members[..<position].contains(where: { document.sameRawText($0.key, member.key) }) {
                let key = document.string(member.key)
                sink.warning("duplicate key \"\(key)\" in \(context); WebKit uses the last one", at: offset(member.key),
                             pointer: JSONPointer.appending(pointer, key), rule: rule)
            }
            if !known.contains(where: { document.stringEquals(member.key, $0) }) {
                let key = document.string(member.key)
                unknown.append(UnknownMember(key: key, json: document.rawText(member.value)))
                sink.warning("unknown key \"\(key)\" in \(context) is ignored by WebKit", at: offset(member.key),
                             pointer: JSONPointer.appending(pointer, key), rule: rule)
            }
        }
        return unknown
    }

    /// Reports a feature the target does not know yet.
    mutating func requireTarget(_ introduced: WebKitTarget, _ what: String, at node: Int, pointer: String, rule: Int, webKit: String? = nil) {
        guard target < introduced else { return }
        sink.error("\(what) needs \(introduced.rawValue) or newer; the target is \(target.rawValue)", webKit: webKit, at: offset(node),
                   pointer: pointer, rule: rule, phase: .notWebKit)
    }

    /// The byte offset in the source of UTF-16 unit `unit` of the decoded string node.
    func sourceOffset(ofUnit unit: Int, inString node: Int) -> Int {
        let start = Int(document[node].start) + 1
        let end = Int(document[node].end) - 1
        if !document[node].flag {
            var units = 0
            var index = start
            while index < end, units < unit {
                let byte = document.bytes[index]
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                units += length == 4 ? 2 : 1
                index += length
            }
            return index
        }
        var units = 0
        var index = start
        while index < end, units < unit {
            let byte = document.bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < end {
                let escape = document.bytes[index + 1]
                index += escape == UInt8(ascii: "u") ? 6 : escape == UInt8(ascii: "x") ? 4 : 2
                units += 1
            } else {
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                units += length == 4 ? 2 : 1
                index += length
            }
        }
        return min(index, end)
    }

    // MARK: Rules

    /// Loads rule `index` (node `node`); nil when it has an error.
    mutating func loadRule(index: Int, node: Int) -> LoadedRule? {
        let pointer = "/" + String(index)
        guard document[node].kind == .object else {
            sink.error("rule \(index) is \(kindName(node)), not an object with \"trigger\" and \"action\"", webKit: WebKitMessage.invalidRule,
                       at: offset(node), pointer: pointer, rule: index, phase: .loading)
            return nil
        }
        let unknown = scanMembers(of: node, known: ["trigger", "action"], pointer: pointer, rule: index, context: "the rule")
        let trigger = loadTrigger(rule: index, ruleNode: node, pointer: pointer)
        let action = loadAction(rule: index, ruleNode: node, pointer: pointer, urlFilter: trigger?.trigger.urlFilter)
        guard let trigger, let action else { return nil }
        return LoadedRule(index: index, rule: Rule(trigger: trigger.trigger, action: action.action, unknownMembers: unknown),
                          urlFilterNode: trigger.urlFilterNode, conditionNodes: trigger.conditionNodes, isDropped: action.isDropped, node: node)
    }
}
