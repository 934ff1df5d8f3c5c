/// A rule ready for matching: its url-filter and condition as automata, its flags as masks.
struct CompiledRule: Sendable {
    /// One entry of an `if-*` / `unless-*` condition.
    struct ConditionEntry: Sendable {
        /// A lower-cased literal the target URL must contain (empty when none).
        var literal: [UInt8]
        var automaton: URLAutomaton
        var grams: [UInt32]
    }

    /// A compiled condition.
    struct Condition: Sendable {
        var isIf: Bool
        var appliesToFrame: Bool
        var entries: [ConditionEntry]
    }

    var urlFilter: URLAutomaton
    var urlGrams: [UInt32]
    var resourceMask: UInt32
    /// Bit 0 first-party, bit 1 third-party.
    var loadTypeMask: UInt8
    /// Bit 0 top-frame, bit 1 child-frame.
    var loadContextMask: UInt8
    var method: RequestMethod?
    var condition: Condition?

    /// Why a rule cannot be compiled.
    struct Problem: Error, Sendable {
        var message: String
    }

    init(_ rule: Rule) throws(Problem) {
        let trigger = rule.trigger
        let parser = URLFilterParser()
        let parsed = parser.parseTerms(trigger.urlFilter, isCaseSensitive: trigger.urlFilterIsCaseSensitive ?? false)
        guard let pattern = parsed.pattern else {
            throw Problem(message: "url-filter \"\(trigger.urlFilter)\" is refused by WebKit: \(parsed.result.reason ?? parsed.result.status.webKitDetail)")
        }
        urlFilter = URLAutomaton(pattern: pattern)
        urlGrams = RequiredLiterals.grams(RequiredLiterals.of(pattern))
        resourceMask = RequestResourceType.mask(of: trigger.resourceTypes)
        var loadTypes: UInt8 = 0
        for type in trigger.loadTypes ?? [] { loadTypes |= type == .firstParty ? 1 : 2 }
        loadTypeMask = loadTypes == 0 ? 3 : loadTypes
        var contexts: UInt8 = 0
        for context in trigger.loadContexts ?? [] { contexts |= context == .topFrame ? 1 : 2 }
        loadContextMask = contexts == 0 ? 3 : contexts
        method = trigger.requestMethod
        if let condition = trigger.condition {
            let isFrame = condition.kind == .ifFrameURL || condition.kind == .unlessFrameURL
            let caseSensitive = (isFrame ? trigger.frameURLFilterIsCaseSensitive : trigger.topURLFilterIsCaseSensitive) ?? false
            var entries: [ConditionEntry] = []
            for value in condition.values {
                let units = condition.kind.isDomainList ? DomainRegex(domain: value).units : Array(value.utf16)
                let result = parser.parseTerms(units: units, isCaseSensitive: caseSensitive)
                guard let entryPattern = result.pattern else {
                    throw Problem(message: "\(condition.kind.rawValue) entry \"\(value)\" is refused by WebKit: \(result.result.reason ?? result.result.status.webKitDetail)")
                }
                let runs = RequiredLiterals.of(entryPattern)
                entries.append(ConditionEntry(literal: runs.max { $0.count < $1.count } ?? [], automaton: URLAutomaton(pattern: entryPattern),
                                              grams: RequiredLiterals.grams(runs)))
            }
            let isIf = condition.kind == .ifDomain || condition.kind == .ifTopURL || condition.kind == .ifFrameURL
            self.condition = Condition(isIf: isIf, appliesToFrame: isFrame, entries: entries)
        } else {
            self.condition = nil
        }
    }

    /// Whether the rule's trigger matches the request.
    func matches(_ request: PreparedRequest) -> Bool {
        guard resourceMask & request.resourceType.bit != 0,
              loadTypeMask & (request.isThirdParty ? 2 : 1) != 0,
              loadContextMask & (request.loadContext == .topFrame ? 1 : 2) != 0,
              method == nil || method == request.method,
              urlFilter.matches(request.url.bytes)
        else { return false }
        guard let condition else { return true }
        let target = condition.appliesToFrame ? request.frameURL.bytes : request.topURL.bytes
        let lowered = condition.appliesToFrame ? request.lowercasedFrameURL : request.lowercasedTopURL
        var any = false
        for entry in condition.entries {
            if !entry.literal.isEmpty && !CompiledRule.contains(lowered, entry.literal) { continue }
            if entry.automaton.matches(target) { any = true; break }
        }
        return any == condition.isIf
    }

    /// Whether `haystack` contains `needle`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var start = 0
                let limit = hay.count - pin.count
                while start <= limit {
                    if hay[start] == first {
                        var offset = 1
                        while offset < pin.count && hay[start + offset] == pin[offset] { offset += 1 }
                        if offset == pin.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
