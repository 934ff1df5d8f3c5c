extension RuleLoader {
    struct LoadedTrigger {
        var trigger: Trigger
        var urlFilterNode: Int
        var conditionListNode: Int?
    }

    static let conditionKinds = TriggerCondition.Kind.allCases
    static let resourceTypes = Array(ResourceType.allCases)
    static let resourceTypeNames = KeyList(names: resourceTypes.map(\.rawValue))
    static let loadTypes = Array(LoadType.allCases)
    static let loadTypeNames = KeyList(names: loadTypes.map(\.rawValue))
    static let loadContexts = Array(LoadContext.allCases)
    static let loadContextNames = KeyList(names: loadContexts.map(\.rawValue))

    static let triggerKeys: KeyList = [
        "url-filter", "url-filter-is-case-sensitive", "top-url-filter-is-case-sensitive", "frame-url-filter-is-case-sensitive",
        "resource-type", "load-type", "load-context", "request-method",
        "if-domain", "unless-domain", "if-top-url", "unless-top-url", "if-frame-url", "unless-frame-url",
    ]

    /// Loads the trigger in WebKit's order of checks (`loadTrigger`), reporting every problem.
    mutating func loadTrigger(rule: Int, ruleNode: Int, found: Int?, pointer rulePointer: @autoclosure () -> String) -> LoadedTrigger? {
        // Pointers are built only for a diagnostic.
        var pointer: String { rulePointer() + "/trigger" }
        guard let node = found, document[node].kind == .object else {
            sink.error(
                found.map { "\"trigger\" is \(kindName($0)), not an object" } ?? "the rule has no \"trigger\" object",
                webKit: WebKitMessage.invalidTrigger, at: offset(found ?? ruleNode), pointer: found == nil ? rulePointer() : pointer,
                rule: rule, phase: .loading)
            return nil
        }
        var valid = true
        var slots = triggerSlots
        triggerSlots = []
        defer { triggerSlots = slots }
        let unknown = scanMembers(
            of: node, known: RuleLoader.triggerKeys, pointer: pointer, rule: rule, context: "the trigger", slots: &slots)
        let slotValues = slots
        func slot(_ index: Int) -> Int? { slotValues[index] }

        // url-filter
        let filterNode = slotValues[0]
        var urlFilter = ""
        if let filterNode, document[filterNode].kind == .string, document[filterNode].end - document[filterNode].start > 2 {
            urlFilter = document.string(filterNode)
        } else {
            valid = false
            let message: String
            if let filterNode {
                message =
                    document[filterNode].kind == .string
                    ? "\"url-filter\" is empty" : "\"url-filter\" is \(kindName(filterNode)), not a string"
            } else {
                message = "the trigger has no \"url-filter\""
            }
            sink.error(
                message, webKit: WebKitMessage.invalidURLFilter, at: offset(filterNode ?? node),
                pointer: filterNode == nil ? pointer : pointer + "/url-filter", rule: rule, phase: .loading)
        }

        // Case-sensitivity flags: a value of the wrong type is ignored.
        func flag(_ slotIndex: Int, _ loader: inout RuleLoader) -> Bool? {
            guard let valueNode = slot(slotIndex) else { return nil }
            let key = RuleLoader.triggerKeys.names[slotIndex]
            guard let value = loader.document.bool(valueNode) else {
                loader.sink.warning(
                    "\"\(key)\" is \(loader.kindName(valueNode)), not a boolean; WebKit ignores it", at: loader.offset(valueNode),
                    pointer: pointer + "/" + key, rule: rule)
                return nil
            }
            return value
        }
        var trigger = Trigger(urlFilter: urlFilter)
        trigger.urlFilterIsCaseSensitive = flag(1, &self)
        trigger.topURLFilterIsCaseSensitive = flag(2, &self)
        trigger.frameURLFilterIsCaseSensitive = flag(3, &self)
        if let frameFlag = slotValues[3] {
            requireTarget(
                .safari26, "\"frame-url-filter-is-case-sensitive\"", at: frameFlag,
                pointer: pointer + "/frame-url-filter-is-case-sensitive", rule: rule)
        }

        // Flag arrays.
        func flags<T: RawRepresentable & CaseIterable>(
            _ slotIndex: Int, _ cases: [T], _ names: KeyList, introduced: (T) -> WebKitTarget, tooNew: [Bool],
            memo: inout FlagArrayMemo<T>?, _ loader: inout RuleLoader
        ) -> [T]? where T.RawValue == String {
            guard let arrayNode = slot(slotIndex) else { return nil }
            let arrayText = Int(loader.document[arrayNode].start)..<Int(loader.document[arrayNode].end)
            if let memo, memo.text.count == arrayText.count,
                loader.document.withBytes({ bytes in
                    bytes.baseAddress.map {
                        RuleScanner.bytesEqual($0 + memo.text.lowerBound, $0 + arrayText.lowerBound, arrayText.count)
                    } ?? false
                })
            {
                return memo.values
            }
            let diagnosticsBefore = loader.sink.count
            let key = RuleLoader.triggerKeys.names[slotIndex]
            var keyPointer: String { pointer + "/" + key }
            guard loader.document[arrayNode].kind == .array else {
                loader.sink.error(
                    "\"\(key)\" is \(loader.kindName(arrayNode)), not an array of strings", webKit: WebKitMessage.invalidTriggerFlagsArray,
                    at: loader.offset(arrayNode), pointer: keyPointer, rule: rule, phase: .loading)
                valid = false
                return nil
            }
            var values: [T] = []
            var element = arrayNode + 1
            var position = -1
            let arrayEnd = Int(loader.document[arrayNode].next)
            // The nodes of the array bound its number of elements (one node each when they are strings).
            values.reserveCapacity(arrayEnd - element)
            while element < arrayEnd {
                defer { element = Int(loader.document[element].next) }
                position += 1
                // A value spelled exactly as a case is found by its bytes; others are decoded (and refused).
                if loader.document[element].kind == .string, let index = names.index(of: element, in: loader.document) {
                    let value = cases[index]
                    if tooNew[index] {
                        loader.requireTarget(
                            introduced(value), "\"\(key)\" value \"\(value.rawValue)\"", at: element,
                            pointer: JSONPointer.appending(keyPointer, position), rule: rule,
                            webKit: WebKitMessage.invalidStringInTriggerFlagsArray)
                    }
                    values.append(value)
                    continue
                }
                let text = loader.document.stringValue(element)
                guard let text, let value = T(rawValue: text) else {
                    let expected = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    let found = text.map { "\"\($0)\"" } ?? loader.kindName(element)
                    loader.sink.error(
                        "\(found) is not a valid \"\(key)\" value; expected one of \(expected)",
                        webKit: WebKitMessage.invalidStringInTriggerFlagsArray, at: loader.offset(element),
                        pointer: JSONPointer.appending(keyPointer, position), rule: rule, phase: .loading)
                    valid = false
                    continue
                }
                loader.requireTarget(
                    introduced(value), "\"\(key)\" value \"\(text)\"", at: element,
                    pointer: JSONPointer.appending(keyPointer, position), rule: rule,
                    webKit: WebKitMessage.invalidStringInTriggerFlagsArray)
                values.append(value)
            }
            if loader.sink.count == diagnosticsBefore { memo = FlagArrayMemo(text: arrayText, values: values) }
            return values
        }
        // Each memo is moved out while the loader is passed on, and back.
        var resourceMemo = resourceTypesMemo.take()
        trigger.resourceTypes = flags(
            4, RuleLoader.resourceTypes, RuleLoader.resourceTypeNames, introduced: { $0.introducedIn }, tooNew: tooNew.resourceTypes,
            memo: &resourceMemo, &self)
        resourceTypesMemo = resourceMemo
        var loadTypeMemo = loadTypesMemo.take()
        trigger.loadTypes = flags(
            5, RuleLoader.loadTypes, RuleLoader.loadTypeNames, introduced: { _ in .safari14 }, tooNew: tooNew.loadTypes,
            memo: &loadTypeMemo, &self)
        loadTypesMemo = loadTypeMemo
        var contextMemo = loadContextsMemo.take()
        trigger.loadContexts = flags(
            6, RuleLoader.loadContexts, RuleLoader.loadContextNames, introduced: { _ in .safari15 }, tooNew: tooNew.loadContexts,
            memo: &contextMemo, &self)
        loadContextsMemo = contextMemo
        if let contextNode = slotValues[6] {
            requireTarget(.safari15, "\"load-context\"", at: contextNode, pointer: pointer + "/load-context", rule: rule)
        }

        // request-method
        if let methodNode = slotValues[7] {
            let text = document.stringValue(methodNode)
            if let text,
                let method = RequestMethod(rawValue: String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self))
            {
                trigger.requestMethod = method
                trigger.requestMethodSpelling = text
            } else {
                valid = false
                sink.error(
                    "\(text.map { "\"\($0)\"" } ?? kindName(methodNode)) is not a request method; expected one string of get, head, options, trace, put, delete, post, patch or connect",
                    webKit: WebKitMessage.invalidRequestMethod, at: offset(methodNode), pointer: pointer + "/request-method", rule: rule,
                    phase: .loading)
            }
            requireTarget(.safari26, "\"request-method\"", at: methodNode, pointer: pointer + "/request-method", rule: rule)
        }

        // Conditions: at most one.
        var conditionListNode: Int?
        for (conditionIndex, kind) in RuleLoader.conditionKinds.enumerated() {
            guard let listNode = slotValues[8 + conditionIndex] else { continue }
            var keyPointer: String { pointer + "/" + kind.rawValue }
            requireTarget(kind.introducedIn, "\"\(kind.rawValue)\"", at: listNode, pointer: keyPointer, rule: rule)
            if let existing = trigger.condition {
                valid = false
                sink.error(
                    "a trigger can have only one condition; it already has \"\(existing.kind.rawValue)\"",
                    webKit: WebKitMessage.multipleConditions,
                    at: offset(listNode), pointer: keyPointer, rule: rule, phase: .loading)
                continue
            }
            trigger.condition = TriggerCondition(kind: kind, values: [])
            guard document[listNode].kind == .array else {
                valid = false
                sink.error(
                    "\"\(kind.rawValue)\" is \(kindName(listNode)), not a non-empty array of strings",
                    webKit: WebKitMessage.invalidConditionList,
                    at: offset(listNode), pointer: keyPointer, rule: rule, phase: .loading)
                continue
            }
            let elements = document.elements(of: listNode)
            if elements.isEmpty {
                valid = false
                sink.error(
                    "\"\(kind.rawValue)\" is empty; remove it or list at least one entry", webKit: WebKitMessage.invalidConditionList,
                    at: offset(listNode), pointer: keyPointer, rule: rule, phase: .loading)
                continue
            }
            var values: [String] = []
            var listValid = true
            for (position, element) in elements.enumerated() {
                guard let text = document.stringValue(element), !text.isEmpty else {
                    listValid = false
                    sink.error(
                        "entry \(position) of \"\(kind.rawValue)\" is \(document[element].kind == .string ? "an empty string" : kindName(element)); entries must be non-empty strings",
                        webKit: WebKitMessage.invalidConditionList, at: offset(element),
                        pointer: JSONPointer.appending(keyPointer, position), rule: rule, phase: .loading)
                    continue
                }
                values.append(text)
            }
            if listValid && kind.isDomainList {
                for (position, text) in values.enumerated() {
                    if text.utf8.contains(where: { $0 >= 0x80 || ($0 >= 65 && $0 <= 90) }),
                        let bad = text.unicodeScalars.first(where: { !$0.isASCII || ($0.value >= 65 && $0.value <= 90) })
                    {
                        listValid = false
                        let element = elements[position]
                        let index = text.utf16.distance(
                            from: text.utf16.startIndex,
                            to: text.unicodeScalars.firstIndex(of: bad)?.samePosition(in: text.utf16) ?? text.utf16.startIndex)
                        sink.error(
                            bad.isASCII
                                ? "domain \"\(text)\" has the upper-case letter '\(bad)'; domains must be lower case"
                                : "domain \"\(text)\" has the non-ASCII character '\(bad)'; encode it with punycode (xn--...)",
                            webKit: WebKitMessage.domainNotLowerCaseASCII, at: sourceOffset(ofUnit: index, inString: element),
                            pointer: JSONPointer.appending(keyPointer, position), rule: rule, phase: .loading)
                    }
                }
            }
            if !listValid { valid = false; continue }
            trigger.condition = TriggerCondition(kind: kind, values: values)
            conditionListNode = listNode
        }
        trigger.unknownMembers = unknown
        guard valid, let filterNode else { return nil }
        return LoadedTrigger(trigger: trigger, urlFilterNode: filterNode, conditionListNode: conditionListNode)
    }
}
