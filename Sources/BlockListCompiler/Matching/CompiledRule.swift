/// A rule ready for matching: its url-filter and condition as automata, its flags as masks.
final class CompiledRule: Sendable {
    /// One entry of an `if-*` / `unless-*` condition.
    struct ConditionEntry: Sendable {
        /// A lower-cased literal the target URL must contain (empty when none).
        var literal: [UInt8]
        var automaton: URLAutomaton
        var grams: [UInt32]
    }

    /// A compiled condition.
    final class Condition: Sendable {
        let isIf: Bool
        let appliesToFrame: Bool
        let entries: [ConditionEntry]
        /// For domain lists whose entries are plain host names: the entries without and with a leading `*`, so a
        /// top URL with a plain shape (see `PreparedRequest.topHostSuffixes`) is decided by hash look-ups.
        let exactDomains: HostNameSet?
        let subdomainDomains: HostNameSet

        init(isIf: Bool, appliesToFrame: Bool, entries: [ConditionEntry], exactDomains: HostNameSet?, subdomainDomains: HostNameSet) {
            self.isIf = isIf
            self.appliesToFrame = appliesToFrame
            self.entries = entries
            self.exactDomains = exactDomains
            self.subdomainDomains = subdomainDomains
        }
    }

    let urlFilter: URLAutomaton
    let urlGrams: [UInt32]
    /// The longest lower-cased literal the URL must contain (checked before the automaton runs).
    let urlLiteral: [UInt8]
    let masks: TriggerMasks
    let method: RequestMethod?
    let condition: Condition?

    /// Why a rule cannot be compiled.
    struct Problem: Error, Sendable {
        var message: String
    }

    init(_ rule: Rule) throws(Problem) {
        let trigger = rule.trigger
        let parser = URLFilterParser()
        let parsed = parser.parseTerms(trigger.urlFilter, isCaseSensitive: trigger.urlFilterIsCaseSensitive ?? false)
        guard let pattern = parsed.pattern else {
            throw Problem(
                message:
                    "url-filter \"\(trigger.urlFilter)\" is refused by WebKit: \(parsed.result.reason ?? parsed.result.status.webKitDetail)"
            )
        }
        urlFilter = URLAutomaton(pattern: pattern)
        let runs = RequiredLiterals.of(pattern)
        urlGrams = RequiredLiterals.grams(runs)
        urlLiteral = runs.max { $0.count < $1.count } ?? []
        masks = TriggerMasks(trigger)
        method = trigger.requestMethod
        if let condition = trigger.condition {
            let isFrame = condition.kind == .ifFrameURL || condition.kind == .unlessFrameURL
            let caseSensitive = (isFrame ? trigger.frameURLFilterIsCaseSensitive : trigger.topURLFilterIsCaseSensitive) ?? false
            var entries: [ConditionEntry] = []
            for value in condition.values {
                let units = condition.kind.isDomainList ? DomainRegex(domain: value).units : Array(value.utf16)
                let result = parser.parseTerms(units: units, isCaseSensitive: caseSensitive)
                guard let entryPattern = result.pattern else {
                    throw Problem(
                        message:
                            "\(condition.kind.rawValue) entry \"\(value)\" is refused by WebKit: \(result.result.reason ?? result.result.status.webKitDetail)"
                    )
                }
                let runs = RequiredLiterals.of(entryPattern)
                entries.append(
                    ConditionEntry(
                        literal: runs.max { $0.count < $1.count } ?? [], automaton: URLAutomaton(pattern: entryPattern),
                        grams: RequiredLiterals.grams(runs)))
            }
            let isIf = condition.kind == .ifDomain || condition.kind == .ifTopURL || condition.kind == .ifFrameURL
            let plain = condition.values.allSatisfy { value in
                value.utf8.enumerated().allSatisfy { offset, byte in
                    CanonicalURL.isAlpha(byte) || CanonicalURL.isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F
                        || (offset == 0 && byte == 0x2A)
                }
            }
            var exact: HostNameSet?, subdomains: [String] = []
            if condition.kind.isDomainList && plain {
                var exactNames: [String] = []
                for value in condition.values {
                    if value.hasPrefix("*") { subdomains.append(String(value.dropFirst())) } else { exactNames.append(value) }
                }
                exact = HostNameSet(exactNames)
            }
            self.condition = Condition(
                isIf: isIf, appliesToFrame: isFrame, entries: entries, exactDomains: exact,
                subdomainDomains: HostNameSet(subdomains))
        } else {
            self.condition = nil
        }
    }

    /// Whether the url-filter automaton and the condition match, for a request that passed the rule's `RuleGate`;
    /// `url` holds the bytes of the evaluated URL.
    func matchesPatterns(_ request: PreparedRequest, url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard urlFilter.matches(url) else { return false }
        guard let condition else { return true }
        if let exact = condition.exactDomains, let suffixes = request.topHostSuffixes {
            var any = false
            let hashes = request.topHostSuffixHashes
            for position in suffixes.indices {
                if condition.subdomainDomains.contains(suffixes[position], hash: hashes[position])
                    || (position == 0 && exact.contains(suffixes[position], hash: hashes[position]))
                {
                    any = true; break
                }
            }
            return any == condition.isIf
        }
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
