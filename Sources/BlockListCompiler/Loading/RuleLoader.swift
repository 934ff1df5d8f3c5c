/// Loads rules from a parsed document the way WebKit's `loadRule` does, but reports every problem it finds.
struct RuleLoader {
    let document: JSONDocument
    let target: WebKitTarget
    var sink: DiagnosticSink
    /// Reused member tables (their storage survives from rule to rule).
    var ruleSlots: [Int?] = []
    var triggerSlots: [Int?] = []
    var actionSlots: [Int?] = []
    /// The last `resource-type`, `load-type` and `load-context` arrays read without a diagnostic, with their values:
    /// lists repeat the same arrays rule after rule, and an array spelled the same gets the same values (shared).
    var resourceTypesMemo: FlagArrayMemo<ResourceType>?
    var loadTypesMemo: FlagArrayMemo<LoadType>?
    var loadContextsMemo: FlagArrayMemo<LoadContext>?

    /// A flag array's source text and the values read from it.
    struct FlagArrayMemo<Value> {
        var text: Range<Int>
        var values: [Value]
    }

    /// A rule that loaded, with the nodes its regular expressions come from.
    struct LoadedRule {
        var index: Int
        var rule: Rule
        var urlFilterNode: Int
        /// The condition's array node; its string elements are the nodes that follow it.
        var conditionListNode: Int?
        /// WebKit drops the rule silently (unparsable css-display-none selector).
        var isDropped: Bool
        var node: Int
    }

    /// Per case (in `allCases` order), whether it is newer than the target: compared once per list, not per value.
    struct TooNew {
        var resourceTypes: [Bool]
        var loadTypes: [Bool]
        var loadContexts: [Bool]
        var actionTypes: [Bool]

        init(target: WebKitTarget) {
            resourceTypes = RuleLoader.resourceTypes.map { $0.introducedIn > target }
            loadTypes = RuleLoader.loadTypes.map { _ in WebKitTarget.safari14 > target }
            loadContexts = RuleLoader.loadContexts.map { _ in WebKitTarget.safari15 > target }
            actionTypes = Action.Kind.allTypeNames.map { Action.Kind.introducedIn($0) > target }
        }
    }
    let tooNew: TooNew

    /// A loader of `document`'s rules for `target`; `tooNew`, when given, is `TooNew(target: target)` made once
    /// by a caller that loads many documents.
    init(document: JSONDocument, target: WebKitTarget, sink: DiagnosticSink, tooNew: TooNew? = nil) {
        self.document = document
        self.target = target
        self.sink = sink
        self.tooNew = tooNew ?? TooNew(target: target)
    }

    // MARK: Helpers

    func offset(_ node: Int) -> Int { Int(document[node].start) }

    func kindName(_ node: Int) -> String { document[node].kind.nameInMessages }

    /// The members of an object, warning about duplicates and keys outside `known`.
    mutating func scanMembers(of node: Int, known: KeyList, pointer: @autoclosure () -> String, rule: Int?, context: String)
        -> [UnknownMember]
    {
        var slots: [Int?] = []
        return scanMembers(of: node, known: known, pointer: pointer(), rule: rule, context: context, slots: &slots)
    }

    /// Like `scanMembers(of:known:pointer:rule:context:)`, also setting `slots[i]` to the value of the last member named `known[i]`.
    /// `pointer` is evaluated only for a diagnostic.
    mutating func scanMembers(
        of node: Int, known: KeyList, pointer: @autoclosure () -> String, rule: Int?, context: String, slots: inout [Int?]
    ) -> [UnknownMember] {
        if slots.count != known.count {
            slots = [Int?](repeating: nil, count: known.count)
        } else {
            for index in slots.indices { slots[index] = nil }
        }
        var unknown: [UnknownMember] = []
        let first = node + 1
        let end = Int(document[node].next)
        var keyNode = first
        while keyNode < end {
            let valueNode = keyNode + 1
            if let slot = known.index(of: keyNode, in: document) {
                if slots[slot] != nil { warnDuplicate(keyNode, pointer: pointer, rule: rule, context: context) }
                slots[slot] = valueNode
            } else {
                var earlier = first
                while earlier < keyNode {
                    if document.sameRawText(earlier, keyNode) {
                        warnDuplicate(keyNode, pointer: pointer, rule: rule, context: context)
                        break
                    }
                    earlier = Int(document[earlier + 1].next)
                }
                let key = document.string(keyNode)
                unknown.append(UnknownMember(key: key, json: document.rawText(valueNode)))
                RuleLoader.reportUnknownKey(key, in: context, at: offset(keyNode), place: .literal(pointer()), rule: rule, sink: &sink)
            }
            keyNode = Int(document[valueNode].next)
        }
        return unknown
    }

    /// Reports the unknown key `key` of an object (`context`, e.g. "the action") at `pointer`, whose string starts
    /// at `offset`. (The one place this message is made, for both check paths.)
    /// `place` is the object's place; the key's pointer is made from it when read.
    static func reportUnknownKey(
        _ key: String, in context: String, at offset: Int, place: DiagnosticPointer, rule: Int?, sink: inout DiagnosticSink
    ) {
        let keyPlace: DiagnosticPointer
        if let index = place.ruleIndex, place.key == nil {
            keyPlace = .inRule(index: index, path: place.path, key: key)
        } else {
            keyPlace = .literal(JSONPointer.appending(place.string, key))
        }
        sink.warning(.unknownKey(key: key, context: context), at: offset, place: keyPlace, rule: rule)
    }

    private mutating func warnDuplicate(_ keyNode: Int, pointer: () -> String, rule: Int?, context: String) {
        let key = document.string(keyNode)
        sink.warning(
            "duplicate key \"\(key)\" in \(context); WebKit uses the last one", at: offset(keyNode),
            pointer: JSONPointer.appending(pointer(), key), rule: rule)
    }

    /// Reports a feature the target does not know yet.
    mutating func requireTarget(
        _ introduced: WebKitTarget, _ what: @autoclosure () -> String, at node: Int, pointer: @autoclosure () -> String,
        rule: Int, webKit: String? = nil
    ) {
        guard target < introduced else { return }
        let description = what(), path = pointer()
        sink.error(
            "\(description) needs \(introduced.rawValue) or newer; the target is \(target.rawValue)", webKit: webKit, at: offset(node),
            pointer: path, rule: rule, phase: .notWebKit)
    }

    /// The byte offset in the source of UTF-16 unit `unit` of the decoded string node.
    func sourceOffset(ofUnit unit: Int, inString node: Int) -> Int {
        let start = Int(document[node].start) + 1
        let end = Int(document[node].end) - 1
        if !document[node].flag {
            var units = 0
            var index = start
            while index < end, units < unit {
                let byte = document.byte(at: index)
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                units += length == 4 ? 2 : 1
                index += length
            }
            return index
        }
        var units = 0
        var index = start
        while index < end, units < unit {
            let byte = document.byte(at: index)
            if byte == UInt8(ascii: "\\"), index + 1 < end {
                let escape = document.byte(at: index + 1)
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

    static let ruleKeys: KeyList = ["trigger", "action"]

    /// Loads rule `index` (node `node`); nil when it has an error.
    mutating func loadRule(index: Int, node: Int) -> LoadedRule? {
        // Built only for a diagnostic.
        var pointer: String { "/" + String(index) }
        guard document[node].kind == .object else {
            sink.error(
                "rule \(index) is \(kindName(node)), not an object with \"trigger\" and \"action\"", webKit: WebKitMessage.invalidRule,
                at: offset(node), pointer: pointer, rule: index, phase: .loading)
            return nil
        }
        var slots = ruleSlots
        ruleSlots = []
        let unknown = scanMembers(of: node, known: RuleLoader.ruleKeys, pointer: pointer, rule: index, context: "the rule", slots: &slots)
        let triggerFound = slots[0], actionFound = slots[1]
        ruleSlots = slots
        let trigger = loadTrigger(rule: index, ruleNode: node, found: triggerFound, pointer: pointer)
        let action = loadAction(rule: index, ruleNode: node, found: actionFound, pointer: pointer)
        guard let trigger, let action else { return nil }
        return LoadedRule(
            index: index, rule: Rule(trigger: trigger.trigger, action: action.action, unknownMembers: unknown),
            urlFilterNode: trigger.urlFilterNode, conditionListNode: trigger.conditionListNode, isDropped: action.isDropped, node: node)
    }
}
