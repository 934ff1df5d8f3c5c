/// Evaluates requests against one rule list with WebKit's semantics: trigger flags, url-filter, condition, rule
/// order, `ignore-following-rules` truncation and the last `ignore-previous-rules` cancelling earlier matches.
///
/// Rules are indexed by a 4-byte literal their url-filter requires (or, failing that, one their `if-*` condition
/// requires of the top or frame URL), so only a few candidates run their automaton per request.
public struct RuleListMatcher: Sendable {
    /// The rules, in list order.
    public let rules: [Rule]
    /// Each rule's index in the source JSON array.
    public let sourceIndices: [Int]
    private let compiled: [CompiledRule]
    /// `compiled` without ownership, so the candidate loop calls rules without reference counting; `compiled`
    /// keeps every rule alive for as long as the matcher lives.
    private let unownedCompiled: [Unmanaged<CompiledRule>]
    /// Each rule's cheap checks, by slot.
    private let gates: [RuleGate]
    /// The gates' required URL literals, back to back.
    private let literalPool: [UInt8]
    private let urlIndex: GramIndex
    private let topIndex: GramIndex
    private let frameIndex: GramIndex
    /// Slots that are candidates for every request.
    private let everyRequest: [Int32]

    /// Why a list cannot be matched.
    public struct Problem: Error, Sendable, Equatable {
        /// Why the list cannot be matched.
        public var message: String
        /// Index of the rule at fault, if one is.
        public var ruleIndex: Int?
    }

    /// Compiles `rules`; `sourceIndices` default to 0, 1, 2, ...
    public init(rules: [Rule], sourceIndices: [Int]? = nil) throws(Problem) {
        self.rules = rules
        let indices = sourceIndices ?? Array(rules.indices)
        self.sourceIndices = indices
        var compiled: [CompiledRule] = []
        compiled.reserveCapacity(rules.count)
        for (slot, rule) in rules.enumerated() {
            do {
                compiled.append(try CompiledRule(rule))
            } catch {
                let index = slot < indices.count ? indices[slot] : slot
                throw Problem(message: "rule \(index): \(error.message)", ruleIndex: index)
            }
        }
        self.compiled = compiled
        unownedCompiled = compiled.map { Unmanaged.passUnretained($0) }
        var pool: [UInt8] = []
        gates = compiled.map { RuleGate($0, pool: &pool) }
        literalPool = pool

        // File each rule under its rarest gram.
        var urlFrequency: [UInt32: Int] = [:]
        var conditionFrequency: [UInt32: Int] = [:]
        for rule in compiled {
            for gram in rule.urlGrams { urlFrequency[gram, default: 0] += 1 }
            for entry in rule.condition?.entries ?? [] { for gram in entry.grams { conditionFrequency[gram, default: 0] += 1 } }
        }
        var urlEntries: [(gram: UInt32, slot: Int32)] = []
        var topEntries: [(gram: UInt32, slot: Int32)] = []
        var frameEntries: [(gram: UInt32, slot: Int32)] = []
        var every: [Int32] = []
        for (slot, rule) in compiled.enumerated() {
            let slot32 = Int32(slot)
            if let gram = rule.urlGrams.min(by: { urlFrequency[$0, default: 0] < urlFrequency[$1, default: 0] }) {
                urlEntries.append((gram, slot32))
            } else if let condition = rule.condition, condition.isIf, condition.entries.allSatisfy({ !$0.grams.isEmpty }) {
                for entry in condition.entries {
                    guard let gram = entry.grams.min(by: { conditionFrequency[$0, default: 0] < conditionFrequency[$1, default: 0] }) else {
                        continue
                    }
                    if condition.appliesToFrame { frameEntries.append((gram, slot32)) } else { topEntries.append((gram, slot32)) }
                }
            } else {
                every.append(slot32)
            }
        }
        let ruleMasks = compiled.map(\.masks)
        urlIndex = GramIndex(entries: urlEntries, masks: ruleMasks)
        topIndex = GramIndex(entries: topEntries, masks: ruleMasks)
        frameIndex = GramIndex(entries: frameEntries, masks: ruleMasks)
        everyRequest = every
    }

    /// Loads a list from JSON source, refusing it when WebKit would not compile it.
    public init(source bytes: [UInt8], target: WebKitTarget = .newest) throws(Problem) {
        let list = RuleListLoader(target: target).load(bytes)
        if let error = list.webKitError ?? list.errors.first {
            throw Problem(message: "\(error.line):\(error.column): error: \(error.message)", ruleIndex: error.ruleIndex)
        }
        try self.init(rules: list.rules, sourceIndices: list.ruleIndices)
    }

    /// Number of rules checked for every request (no literal to index them by).
    public var unindexedRuleCount: Int { everyRequest.count }

    /// Number of rules whose trigger is checked for `request` (after the index), for statistics.
    public func candidateCount(_ request: PreparedRequest) -> Int {
        var candidates = everyRequest
        for evaluation in request.evaluations { urlIndex.collect(evaluation.lowercasedURL, admitting: .any, into: &candidates) }
        topIndex.collect(request.lowercasedTopURL, admitting: .any, into: &candidates)
        frameIndex.collect(request.lowercasedFrameURL, admitting: .any, into: &candidates)
        return Set(candidates).count
    }

    /// The slots (positions in `rules`) whose trigger matches in `evaluation` of `request`, in rule order.
    public func matchingSlots(_ request: PreparedRequest, in evaluation: LoadEvaluation) -> [Int] {
        var candidates: [Int32] = []
        candidates.reserveCapacity(everyRequest.count + 64)
        candidates += everyRequest
        let resourceBit = evaluation.resourceType.bit
        let loadTypeBit: UInt8 = request.isThirdParty ? 2 : 1
        let contextBit: UInt8 = request.loadContext == .topFrame ? 1 : 2
        let flags = GramIndex.RequestFlags(resourceBit: resourceBit, flags: loadTypeBit | contextBit << 2)
        evaluation.lowercasedURL.withUnsafeBufferPointer { urlIndex.collect($0, admitting: flags, into: &candidates) }
        topIndex.collect(request.lowercasedTopURL, admitting: flags, into: &candidates)
        frameIndex.collect(request.lowercasedFrameURL, admitting: flags, into: &candidates)
        candidates.sort()
        let method = request.method
        var matched: [Int] = []
        withExtendedLifetime(compiled) {
            gates.withUnsafeBufferPointer { gates in
                literalPool.withUnsafeBufferPointer { pool in
                    unownedCompiled.withUnsafeBufferPointer { compiled in
                        evaluation.lowercasedURL.withUnsafeBufferPointer { lowered in
                            evaluation.url.bytes.withUnsafeBufferPointer { url in
                                var previous: Int32 = -1
                                for slot in candidates where slot != previous {
                                    previous = slot
                                    let gate = gates[Int(slot)]
                                    guard gate.resourceMask & resourceBit != 0,
                                        gate.loadTypeMask & loadTypeBit != 0,
                                        gate.loadContextMask & contextBit != 0,
                                        gate.method == nil || gate.method == method
                                    else { continue }
                                    if gate.literalCount > 0 {
                                        let start = Int(gate.literalStart)
                                        let literal = UnsafeBufferPointer(rebasing: pool[start..<(start + Int(gate.literalCount))])
                                        guard RuleGate.contains(lowered, literal) else { continue }
                                    }
                                    let rule = compiled[Int(slot)]
                                    if rule._withUnsafeGuaranteedRef({ $0.matchesPatterns(request, url: url) }) {
                                        matched.append(Int(slot))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return matched
    }

    /// Evaluates one request: each of WebKit's evaluations of it (see `LoadEvaluation`), combined. A rule that fires
    /// only in the second evaluation is marked `inSecondEvaluation`.
    public func evaluate(_ request: PreparedRequest) -> ListMatchResult {
        var result = ListMatchResult()
        var effectiveSlots: [Int] = []
        for evaluation in request.evaluations {
            let matched = matchingSlots(request, in: evaluation)
            if matched.isEmpty { continue }
            var effective: [(fired: FiredRule, slot: Int)] = []
            var cancelled: [FiredRule] = []
            for (position, slot) in matched.enumerated() {
                let kind = rules[slot].action.kind
                let fired = FiredRule(index: sourceIndices[slot], action: kind, inSecondEvaluation: evaluation.isSecond)
                switch kind {
                case .ignorePreviousRules:
                    for (var earlier, _) in effective {
                        earlier.cancelledBy = fired.index
                        cancelled.append(earlier)
                    }
                    effective = [(fired, slot)]
                case .ignoreFollowingRules:
                    effective.append((fired, slot))
                    for later in matched[(position + 1)...] {
                        cancelled.append(
                            FiredRule(
                                index: sourceIndices[later], action: rules[later].action.kind, cancelledBy: fired.index,
                                inSecondEvaluation: evaluation.isSecond))
                    }
                default:
                    effective.append((fired, slot))
                }
                if case .ignoreFollowingRules = kind { break }
            }
            // A rule already counted by the first evaluation does not act twice.
            let known = Set(result.fired.map(\.index))
            let knownCancelled = Set(result.cancelled.map(\.index))
            for (fired, slot) in effective where !known.contains(fired.index) {
                result.fired.append(fired)
                effectiveSlots.append(slot)
            }
            result.cancelled += cancelled.filter { !knownCancelled.contains($0.index) && !known.contains($0.index) }
        }
        if result.fired.isEmpty && result.cancelled.isEmpty { return result }
        let firedIndices = Set(result.fired.map(\.index))
        result.cancelled.removeAll { firedIndices.contains($0.index) }
        result.cancelled.sort { $0.index < $1.index }
        for fired in result.fired { result.decision.apply(fired.action, url: request.url) }
        for (fired, slot) in zip(result.fired, effectiveSlots) {
            guard case .redirect(let redirect) = fired.action else { continue }
            result.decision.redirectSteps.append(
                RedirectStep(redirect: redirect, urlFilter: rules[slot].trigger.urlFilter, ruleIndex: fired.index))
        }
        result.decision.resolveRedirectTarget(requestURL: request.url)
        return result
    }

    /// Evaluates one request given by its URLs.
    public func evaluate(_ request: MatchRequest) throws(PreparedRequest.Problem) -> ListMatchResult {
        evaluate(try PreparedRequest(request))
    }
}
