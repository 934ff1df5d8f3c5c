extension RuleLoader {
    struct LoadedAction {
        var action: Action
        var isDropped: Bool
    }

    private static let cssKeys: KeyList = ["type", "selector"]
    private static let notifyKeys: KeyList = ["type", "notification"]
    private static let redirectKeys: KeyList = ["type", "redirect"]
    private static let modifyHeadersKeys: KeyList = ["type", "priority", "request-headers", "response-headers"]
    private static let typeKeys: KeyList = ["type"]
    static let actionTypeNames = KeyList(names: Action.Kind.allTypeNames)
    /// The action types as the unknown-type error lists them, joined once (not per diagnostic).
    static let actionTypeList = Action.Kind.allTypeNames.joined(separator: ", ")

    /// The keys of an action whose type is `allTypeNames[typeIndex]` (nil: an unknown type).
    private static func actionKeys(for typeIndex: Int?) -> KeyList {
        switch typeIndex {
        case 2: return cssKeys
        case 6: return notifyKeys
        case 7: return redirectKeys
        case 8: return modifyHeadersKeys
        default: return typeKeys
        }
    }

    /// The value of the last member of the object at `node` whose key is `keys.names[which]`, found on bytes.
    func lastMember(_ keys: KeyList, _ which: Int, in node: Int) -> Int? {
        var found: Int?
        var keyNode = node + 1
        let end = Int(document[node].next)
        while keyNode < end {
            let valueNode = keyNode + 1
            if keys.index(of: keyNode, in: document) == which { found = valueNode }
            keyNode = Int(document[valueNode].next)
        }
        return found
    }

    /// Loads the action in WebKit's order of checks (`loadAction`), reporting every problem.
    mutating func loadAction(rule: Int, ruleNode: Int, found: Int?, pointer rulePointer: @autoclosure () -> String) -> LoadedAction? {
        // Pointers are built only for a diagnostic.
        var pointer: String { rulePointer() + "/action" }
        guard let node = found, document[node].kind == .object else {
            sink.error(
                found.map { "\"action\" is \(kindName($0)), not an object" } ?? "the rule has no \"action\" object",
                webKit: WebKitMessage.invalidAction, at: offset(found ?? ruleNode), pointer: found == nil ? rulePointer() : pointer,
                rule: rule, phase: .loading)
            return nil
        }
        let typeNode = lastMember(RuleLoader.typeKeys, 0, in: node)
        // A known type is found by its bytes and named by the shared constant (no string built per rule).
        // (A type spelled with escapes is decoded and then found by its text.)
        let knownType = typeNode.flatMap { document[$0].kind == .string ? RuleLoader.actionTypeNames.index(of: $0, in: document) : nil }
        let type = knownType.map { Action.Kind.allTypeNames[$0] } ?? document.stringValue(typeNode) ?? ""
        var slots = actionSlots
        actionSlots = []
        let unknown = scanMembers(
            of: node, known: RuleLoader.actionKeys(for: knownType), pointer: pointer, rule: rule, context: "the action", slots: &slots)
        actionSlots = slots
        if let knownType, tooNew.actionTypes[knownType], let typeNode {
            requireTarget(
                Action.Kind.introducedIn(type), "the action type \"\(type)\"", at: typeNode, pointer: pointer + "/type", rule: rule,
                webKit: WebKitMessage.invalidActionType)
        }
        func stringMember(_ key: String, webKit: String, description: String) -> String? {
            let valueNode = document.member(key, in: node)
            if let text = document.stringValue(valueNode) { return text }
            sink.error(
                valueNode.map { "\"\(key)\" is \(kindName($0)), not a string" } ?? "a \"\(type)\" action needs \(description)",
                webKit: webKit, at: offset(valueNode ?? node), pointer: valueNode == nil ? pointer : pointer + "/" + key, rule: rule,
                phase: .loading)
            return nil
        }
        let kind: Action.Kind
        var isDropped = false
        // By position in `allTypeNames`.
        switch knownType {
        case 0: kind = .block
        case 1: kind = .blockCookies
        case 3: kind = .ignorePreviousRules
        case 4: kind = .ignoreFollowingRules
        case 5: kind = .makeHTTPS
        case 2:
            guard let selector = stringMember("selector", webKit: WebKitMessage.invalidCSSDisplayNone, description: "a string \"selector\"")
            else { return nil }
            if let problem = CSSSelectorValidator(target: target).problem(in: selector) {
                isDropped = true
                let selectorNode = document.member("selector", in: node) ?? node
                RuleLoader.reportDroppedSelector(problem, at: offset(selectorNode), rule: rule, sink: &sink)
            }
            kind = .cssDisplayNone(selector: selector)
        case 6:
            guard
                let notification = stringMember(
                    "notification", webKit: WebKitMessage.invalidNotification, description: "a string \"notification\"")
            else { return nil }
            kind = .notify(notification: notification)
        case 7:
            guard let redirect = loadRedirect(rule: rule, actionNode: node, pointer: pointer) else { return nil }
            kind = .redirect(redirect)
        case 8:
            guard let modifyHeaders = loadModifyHeaders(rule: rule, actionNode: node, pointer: pointer) else { return nil }
            kind = .modifyHeaders(modifyHeaders)
        default:
            if let typeNode, document[typeNode].kind == .string {
                RuleLoader.reportUnknownActionType(type, at: offset(typeNode), place: .literal(pointer + "/type"), rule: rule, sink: &sink)
            } else if let typeNode {
                RuleLoader.reportActionType(
                    "\"type\" is \(kindName(typeNode)), not a string", at: offset(typeNode), place: .literal(pointer + "/type"), rule: rule,
                    sink: &sink)
            } else {
                RuleLoader.reportActionType(
                    "the action has no \"type\"", at: offset(node), place: .literal(pointer), rule: rule, sink: &sink)
            }
            return nil
        }
        return LoadedAction(action: Action(kind: kind, unknownMembers: unknown), isDropped: isDropped)
    }

    /// Reports an action type WebKit refuses (`found` says what it is) at `place`, `offset` in the source.
    static func reportActionType(_ found: String, at offset: Int, place: DiagnosticPointer, rule: Int, sink: inout DiagnosticSink) {
        sink.error(
            .literal(found + "; expected one of " + RuleLoader.actionTypeList), webKit: WebKitMessage.invalidActionType, at: offset,
            place: place, rule: rule, phase: .loading)
    }

    /// Reports the unknown action type `type` (a string) at `place`, `offset` in the source. (The one place this
    /// message is made, for both check paths; its text is made when read.)
    static func reportUnknownActionType(_ type: String, at offset: Int, place: DiagnosticPointer, rule: Int, sink: inout DiagnosticSink) {
        sink.error(
            .unknownActionType(type: type, expected: RuleLoader.actionTypeList), webKit: WebKitMessage.invalidActionType, at: offset,
            place: place, rule: rule, phase: .loading)
    }

    /// Reports that rule `rule`'s selector, whose string starts at `offset`, does not parse (`problem`): WebKit drops
    /// the rule. (The one place this message is made, for both check paths.)
    static func reportDroppedSelector(_ problem: String, at offset: Int, rule: Int, sink: inout DiagnosticSink) {
        sink.warning(
            .droppedSelector(problem: problem), at: offset, place: .inRule(index: rule, path: "/action/selector", key: nil), rule: rule)
    }

    /// Loads the arguments of `modify-headers` (request headers, response headers, then priority).
    mutating func loadModifyHeaders(rule: Int, actionNode: Int, pointer: String) -> ModifyHeaders? {
        var valid = true
        func headers(_ key: String, _ loader: inout RuleLoader) -> [HeaderOperation]? {
            guard let arrayNode = loader.document.member(key, in: actionNode) else { return nil }
            let keyPointer = pointer + "/" + key
            guard loader.document[arrayNode].kind == .array else {
                valid = false
                loader.sink.error(
                    "\"\(key)\" is \(loader.kindName(arrayNode)), not an array", webKit: WebKitMessage.modifyHeadersNotArray,
                    at: loader.offset(arrayNode), pointer: keyPointer, rule: rule, phase: .loading)
                return nil
            }
            var operations: [HeaderOperation] = []
            for (position, element) in loader.document.elements(of: arrayNode).enumerated() {
                let elementPointer = JSONPointer.appending(keyPointer, position)
                guard loader.document[element].kind == .object else {
                    valid = false
                    loader.sink.error(
                        "header operation \(position) is \(loader.kindName(element)), not an object",
                        webKit: WebKitMessage.modifyHeadersInfoNotObject,
                        at: loader.offset(element), pointer: elementPointer, rule: rule, phase: .loading)
                    continue
                }
                _ = loader.scanMembers(
                    of: element, known: ["operation", "header", "value"], pointer: elementPointer, rule: rule, context: "a header operation"
                )
                let operationNode = loader.document.member("operation", in: element)
                guard let operationText = loader.document.stringValue(operationNode) else {
                    valid = false
                    loader.sink.error(
                        "the header operation has no string \"operation\"", webKit: WebKitMessage.modifyHeadersMissingOperation,
                        at: loader.offset(operationNode ?? element),
                        pointer: operationNode == nil ? elementPointer : elementPointer + "/operation",
                        rule: rule, phase: .loading)
                    continue
                }
                let headerNode = loader.document.member("header", in: element)
                guard let header = loader.document.stringValue(headerNode) else {
                    valid = false
                    loader.sink.error(
                        "the header operation has no string \"header\"", webKit: WebKitMessage.modifyHeadersMissingHeader,
                        at: loader.offset(headerNode ?? element), pointer: headerNode == nil ? elementPointer : elementPointer + "/header",
                        rule: rule, phase: .loading)
                    continue
                }
                let valueNode = loader.document.member("value", in: element)
                let value = loader.document.stringValue(valueNode)
                guard let operation = HeaderOperation.Operation(rawValue: operationText) else {
                    valid = false
                    loader.sink.error(
                        "unknown header operation \"\(operationText)\"; expected \"set\", \"append\" or \"remove\"",
                        webKit: WebKitMessage.modifyHeadersInvalidOperation, at: loader.offset(operationNode ?? element),
                        pointer: elementPointer + "/operation", rule: rule, phase: .loading)
                    continue
                }
                if operation != .remove && value == nil {
                    valid = false
                    loader.sink.error(
                        "a \"\(operation.rawValue)\" header operation needs a string \"value\"",
                        webKit: WebKitMessage.modifyHeadersMissingValue,
                        at: loader.offset(valueNode ?? element), pointer: valueNode == nil ? elementPointer : elementPointer + "/value",
                        rule: rule, phase: .loading)
                    continue
                }
                operations.append(HeaderOperation(operation: operation, header: header, value: value))
            }
            return operations
        }
        let request = headers("request-headers", &self)
        let response = headers("response-headers", &self)
        let priorityNode = document.member("priority", in: actionNode)
        var priority: Int?
        if let priorityNode, let number = document.number(priorityNode), number.isFinite {
            let truncated = number.rounded(.towardZero)
            if truncated >= 0 && truncated <= Double(Int32.max) { priority = Int(truncated) }
        }
        if priority == nil {
            valid = false
            let found = priorityNode.map {
                document[$0].kind == .number
                    ? "\(document.rawText($0)) is not an integer from 0 to 2147483647" : "\"priority\" is \(kindName($0)), not a number"
            }
            sink.error(
                found ?? "a \"modify-headers\" action needs an integer \"priority\" (0 or more)", webKit: WebKitMessage.invalidPriority,
                at: offset(priorityNode ?? actionNode), pointer: priorityNode == nil ? pointer : pointer + "/priority", rule: rule,
                phase: .loading)
        }
        guard valid, let priority, let priorityNode else { return nil }
        return ModifyHeaders(
            priority: priority, prioritySource: document.rawText(priorityNode), requestHeaders: request, responseHeaders: response)
    }
}
