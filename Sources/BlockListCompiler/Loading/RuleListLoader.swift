/// Turns the bytes of a JSON rule list into rules, the way WebKit loads and compiles a list: the one way from
/// bytes to `[Rule]`, which checking, matching, optimizing, splitting and merging all take. It reports every
/// problem WebKit would refuse the list for, and the warnings found on the way (checking adds its lints).
public struct RuleListLoader: Sendable {
    /// The Safari / WebKit release the list is loaded for.
    public var target: WebKitTarget

    /// Creates a loader for `target` (the newest release by default).
    public init(target: WebKitTarget = .newest) {
        self.target = target
    }

    /// The rules of the JSON source `bytes` and every problem found loading them.
    public func load(_ bytes: [UInt8]) -> LoadedRuleList {
        var reading = read(bytes)
        let located = reading.locatedDiagnostics(in: bytes)
        let rules = reading.takeRules()
        return LoadedRuleList(
            ruleCount: reading.ruleCount, rules: rules, ruleIndices: reading.kept.map(\.index),
            diagnostics: located.diagnostics, webKitError: located.webKitError)
    }

    /// Reads `bytes` up to the point where checking adds its lints: the diagnostics are not sorted or located yet.
    func read(_ bytes: [UInt8]) -> RuleListReading {
        read(isEmpty: bytes.isEmpty) { () throws(JSONSyntaxError) in try JSONReader().parse(bytes) }
    }

    /// Reads `buffer` as ``read(_:)`` does, into a reading whose document borrows it: the reading must not be used
    /// once `buffer` is gone.
    func read(borrowing buffer: UnsafeBufferPointer<UInt8>) -> RuleListReading {
        read(isEmpty: buffer.isEmpty) { () throws(JSONSyntaxError) in try JSONReader().parse(borrowing: buffer) }
    }

    private func read(isEmpty: Bool, parse: () throws(JSONSyntaxError) -> JSONDocument) -> RuleListReading {
        var reading = RuleListReading()
        if isEmpty {
            reading.earlySink.webKitError(
                "the file is empty; a rule list is a JSON array of rules", webKit: WebKitMessage.emptySource, at: 0, pointer: "")
            return reading
        }
        let document: JSONDocument
        do {
            document = try parse()
        } catch {
            reading.earlySink.webKitError("invalid JSON: \(error.reason)", webKit: WebKitMessage.jsonInvalid, at: error.offset, pointer: "")
            return reading
        }
        guard document[document.root].kind == .array else {
            reading.earlySink.webKitError(
                "the top level is \(RuleLoader(document: document, target: target, sink: reading.earlySink).kindName(document.root)), not an array of rules",
                webKit: WebKitMessage.topLevelNotArray, at: Int(document[document.root].start), pointer: "")
            return reading
        }
        var sink = DiagnosticSink()
        let elements = document.elements(of: document.root)
        reading.ruleCount = elements.count
        let rootOffset = Int(document[document.root].start)
        if elements.count > 150_000 {
            sink.error(
                "the list has \(elements.count) rules; WebKit accepts at most 150000 per list", webKit: WebKitMessage.tooManyRules,
                at: rootOffset, pointer: "", rule: nil, phase: .loading)
        } else if elements.count > target.maximumRuleCount {
            sink.error(
                "the list has \(elements.count) rules; \(target.rawValue) accepts at most \(target.maximumRuleCount) per list",
                webKit: WebKitMessage.tooManyRules, at: rootOffset, pointer: "", rule: nil, phase: .notWebKit)
        }

        var loader = RuleLoader(document: document, target: target, sink: sink)
        var loaded: [RuleLoader.LoadedRule] = []
        loaded.reserveCapacity(elements.count)
        for (index, node) in elements.enumerated() {
            if let rule = loader.loadRule(index: index, node: node) { loaded.append(rule) }
        }
        let kept = loaded.contains(where: \.isDropped) ? loaded.filter { !$0.isDropped } : loaded
        if kept.isEmpty && loader.sink.firstLoadingError == nil {
            loader.sink.error(
                elements.isEmpty
                    ? "the list has no rules" : "no rule is left once WebKit drops the rules whose CSS selector does not parse",
                webKit: WebKitMessage.emptyExtension, at: rootOffset, pointer: "", rule: nil, phase: .loading)
        }
        checkPatterns(loaded, &loader)
        checkTargetListRules(kept, &loader)
        reading.kept = kept
        reading.loader = loader
        return reading
    }

    /// Runs every url-filter and condition through the URL-filter parser, in WebKit's compile order.
    private func checkPatterns(_ loaded: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        let parser = URLFilterParser()
        var scratch: [UInt16] = []
        scratch.reserveCapacity(256)
        for slot in loaded.indices { checkPatterns(of: loaded[slot], &loader, parser: parser, scratch: &scratch) }
    }

    /// Runs the url-filter and condition of one loaded rule through the URL-filter parser.
    func checkPatterns(of loadedRule: RuleLoader.LoadedRule, _ loader: inout RuleLoader, parser: URLFilterParser, scratch: inout [UInt16]) {
        let document = loader.document
        let index = loadedRule.index, isDropped = loadedRule.isDropped
        let urlFilter = loadedRule.rule.trigger.urlFilter
        let filterNode = loadedRule.urlFilterNode
        // Built only for a diagnostic.
        var pointer: String { "/" + String(index) + "/trigger" }
        // A plain url-filter (`RuleScanner.plainPatternEnd`: the converter's host-anchored forms among others) is
        // accepted with status `ok`, so the parse could give no diagnostic: it is skipped (it was a third of
        // loading a converted list).
        let result: URLFilterResult
        if isPlainURLFilter(filterNode, in: document) {
            result = URLFilterResult(status: .ok)
        } else {
            if !fillUnits(of: filterNode, in: document, into: &scratch) {
                Self.fillUnits(of: urlFilter, into: &scratch)
            }
            result = parser.parse(units: scratch)
        }
        if !result.isAccepted {
            Self.reportRefusedURLFilter(
                result, urlFilter, at: loader.sourceOffset(ofUnit: result.offset ?? 0, inString: filterNode), rule: index,
                isDropped: isDropped, sink: &loader.sink)
        } else if result.status == .matchesEverything, !isPlainUniversal(urlFilter) || appliesToEverything(loadedRule.rule) {
            loader.sink.warning(
                "the url-filter \(Self.quotedPattern(urlFilter)) matches every URL (every term can match the empty string)",
                at: Int(document[filterNode].start), pointer: pointer + "/url-filter", rule: index)
        }
        guard let condition = loadedRule.rule.trigger.condition, let listNode = loadedRule.conditionListNode else { return }
        var keyPointer: String { pointer + "/" + condition.kind.rawValue }
        for position in condition.values.indices {
            let node = listNode + 1 + position
            let value = condition.values[position]
            let conditionResult: URLFilterResult
            var unitOffset: Int?
            var patternText = value
            if condition.kind.isDomainList {
                // A plain domain (letters, digits, '-', '.', an optional leading '*') always makes a regex WebKit
                // accepts; only the others need the regex parser.
                if DomainRegex.isPlain(value) { continue }
                DomainRegex.fill(domain: value, into: &scratch)
                conditionResult = parser.parse(units: scratch)
                if !conditionResult.isAccepted {
                    let regex = DomainRegex(domain: value)
                    patternText = regex.text
                    if let offset = conditionResult.offset { unitOffset = regex.sourceIndex(ofRegexOffset: offset) }
                }
            } else {
                conditionResult = parser.parse(value)
                unitOffset = conditionResult.offset
            }
            guard !conditionResult.isAccepted else { continue }
            let at = loader.sourceOffset(ofUnit: unitOffset ?? 0, inString: node)
            let what =
                condition.kind.isDomainList
                ? "the domain \"\(value)\" turns into the pattern \"\(patternText)\", which WebKit refuses"
                : "invalid pattern \"\(value)\""
            let message = "\(what): \(conditionResult.reason ?? conditionResult.status.webKitDetail)"
            if isDropped {
                loader.sink.warning(
                    message + " (WebKit does not compile it because it drops this rule)", webKit: WebKitMessage.invalidRegex,
                    at: at, pointer: JSONPointer.appending(keyPointer, position), rule: index)
            } else {
                let crashes = conditionResult.status == .crashesWebKit
                loader.sink.error(
                    message, webKit: crashes ? nil : WebKitMessage.invalidRegex,
                    detail: crashes ? nil : conditionResult.status.webKitDetail,
                    at: at, pointer: JSONPointer.appending(keyPointer, position), rule: index, phase: .compiling)
            }
        }
    }

    /// Reports the url-filter `urlFilter` of rule `index`, which the parser refused with `result`; `offset` is the
    /// place in the source of the unit the parser stopped at. An error WebKit meets compiling the list, or a warning
    /// when WebKit drops the rule before it compiles it. (The one place this message is made, for both check paths.)
    static func reportRefusedURLFilter(
        _ result: URLFilterResult, _ urlFilter: String, at offset: Int, rule index: Int, isDropped: Bool, sink: inout DiagnosticSink
    ) {
        let place = DiagnosticPointer.inRule(index: index, path: "/trigger/url-filter", key: nil)
        let text = DiagnosticText.refusedURLFilter(
            pattern: urlFilter, column: (result.offset ?? 0) + 1, reason: result.reason ?? result.status.webKitDetail, isDropped: isDropped)
        if isDropped {
            sink.warning(text, webKit: WebKitMessage.invalidRegex, at: offset, place: place, rule: index)
        } else {
            let crashes = result.status == .crashesWebKit
            sink.error(
                text, webKit: crashes ? nil : WebKitMessage.invalidRegex, detail: crashes ? nil : result.status.webKitDetail,
                at: offset, place: place, rule: index, phase: .compiling)
        }
    }

    /// Whether a rule with a universal url-filter acts on every load (no condition, no restriction, not a global style sheet).
    private func appliesToEverything(_ rule: Rule) -> Bool {
        let trigger = rule.trigger
        switch rule.action.kind {
        case .cssDisplayNone, .ignorePreviousRules, .ignoreFollowingRules, .modifyHeaders: return false
        default:
            return trigger.condition == nil && trigger.requestMethod == nil && (trigger.resourceTypes?.isEmpty ?? true)
                && (trigger.loadTypes?.isEmpty ?? true) && (trigger.loadContexts?.isEmpty ?? true)
        }
    }

    private func isPlainUniversal(_ pattern: String) -> Bool {
        pattern == ".*" || pattern == "^.*" || pattern == ".+" || pattern == "(.*)"
    }

    /// Puts the UTF-16 units of `text` into `units` (reusing its storage), an ASCII text a byte at a time.
    static func fillUnits(of text: String, into units: inout [UInt16]) {
        var text = text
        units.removeAll(keepingCapacity: true)
        let isASCII: Bool = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            units.append(contentsOf: repeatElement(0, count: utf8.count))
            units.withUnsafeMutableBufferPointer { output in
                for index in utf8.indices { output[index] = UInt16(utf8[index]) }
            }
            return true
        }
        if !isASCII { units.append(contentsOf: text.utf16) }
    }

    /// Puts the UTF-16 units of a plain-ASCII string node without escapes into `units` (reusing its storage);
    /// false when the caller must decode the string instead.
    /// Whether the string at `node` is a plain url-filter as `RuleScanner.plainPatternEnd` reads one, to its end.
    private func isPlainURLFilter(_ node: Int, in document: JSONDocument) -> Bool {
        let value = document[node]
        let start = Int(value.start), closingQuote = Int(value.end) - 1
        return document.withBytes { buffer in
            guard let base = buffer.baseAddress, start >= 0, closingQuote > start, closingQuote < buffer.count else { return false }
            return RuleScanner.plainPatternEnd(base, count: buffer.count, from: start) == closingQuote
        }
    }

    private func fillUnits(of node: Int, in document: JSONDocument, into units: inout [UInt16]) -> Bool {
        let value = document[node]
        guard !value.flag else { return false }
        let start = Int(value.start) + 1, end = Int(value.end) - 1
        units.removeAll(keepingCapacity: true)
        return document.withBytes { buffer in
            guard start < end else { return true }
            let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
            guard slice.allSatisfy({ $0 < 0x80 }) else { return false }
            units.append(contentsOf: repeatElement(0, count: slice.count))
            units.withUnsafeMutableBufferPointer { output in
                for index in slice.indices { output[index] = UInt16(slice[index]) }
            }
            return true
        }
    }

    /// Checks that only old targets enforce on the whole list.
    private func checkTargetListRules(_ kept: [RuleLoader.LoadedRule], _ loader: inout RuleLoader) {
        guard target.refusesMixedDomainAndTopURLConditions else { return }
        let domainRule = kept.first { $0.rule.trigger.condition?.kind.isDomainList == true }
        let topURLRule = kept.first { [.ifTopURL, .unlessTopURL].contains($0.rule.trigger.condition?.kind) }
        guard let domainRule, let topURLRule else { return }
        let later = domainRule.index > topURLRule.index ? domainRule : topURLRule
        loader.sink.error(
            "\(target.rawValue) refuses lists that mix if-domain/unless-domain (rule \(domainRule.index)) with if-top-url/unless-top-url (rule \(topURLRule.index))",
            webKit: WebKitMessage.mixedDomainAndTopURL, at: Int(loader.document[later.node].start),
            pointer: "/" + String(later.index) + "/trigger", rule: later.index, phase: .notWebKit)
    }

    /// A pattern quoted for messages; patterns over 200 characters are cut to their first 100 plus their length.
    static func quotedPattern(_ pattern: String) -> String { DiagnosticText.quoted(pattern) }
}
