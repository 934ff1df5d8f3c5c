/// Estimates what WebKit's content-rule-list compiler (WebKitGTK 2.50) pays for a list: CPU time and compiled size.
///
/// It rebuilds the structures WebKit builds (see `Benchmarks/webkit-compile-cost.md`): the source is parsed and
/// stored; actions are serialized with WebKit's merging; url-filters go into one of four prefix trees
/// (`AutomatonGroup`), each cut into NFAs at quantified terms (`URLFilterPrefixTree`); domain conditions become
/// top-URL regexes. Time and size are linear in those counts, with coefficients fitted to oracle measurements
/// (`scripts/cost/fit.py`).
public struct CompileCostModel: Sendable {
    /// Seconds or bytes per unit of each counted input.
    public struct Coefficients: Sendable, Equatable {
        /// Seconds of every compile, whatever the list.
        public var secondsBase: Double
        /// Seconds per byte of JSON source.
        public var secondsPerSourceByte: Double
        /// Seconds per rule.
        public var secondsPerRule: Double
        /// Seconds per byte of `css-display-none` selectors.
        public var secondsPerSelectorByte: Double
        /// Seconds per NFA.
        public var secondsPerAutomaton: Double
        /// Seconds per NFA node.
        public var secondsPerNFANode: Double
        /// Seconds per NFA node weighted by the quantified terms of its prefix.
        public var secondsPerLoopWeightedNode: Double
        /// Seconds per restart-weighted node (after a loop, times the characters that can start a match).
        public var secondsPerRestartWeightedNode: Double
        /// Bytes of every compiled list.
        public var bytesBase: Double
        /// Compiled bytes per byte of JSON source (WebKit stores the source).
        public var bytesPerSourceByte: Double
        /// Compiled bytes per byte of serialized actions.
        public var bytesPerActionByte: Double
        /// Compiled bytes per NFA.
        public var bytesPerAutomaton: Double
        /// Compiled bytes per NFA node.
        public var bytesPerNFANode: Double
        /// Compiled bytes per restart-weighted node.
        public var bytesPerRestartWeightedNode: Double

        /// Fitted by `scripts/cost/fit.py` to the measurements in `Tests/BlockListCompilerTests/Cost/Fixtures/`.
        public static let webKitGTK2_50 = Coefficients(
            secondsBase: 0.003393, secondsPerSourceByte: 9.623e-08, secondsPerRule: 1.011e-06, secondsPerSelectorByte: 0,
            secondsPerAutomaton: 0.0002239, secondsPerNFANode: 0, secondsPerLoopWeightedNode: 0, secondsPerRestartWeightedNode: 2.12e-07,
            bytesBase: 198.9, bytesPerSourceByte: 1, bytesPerActionByte: 1.242, bytesPerAutomaton: 50.24, bytesPerNFANode: 2.4,
            bytesPerRestartWeightedNode: 0.5486)
    }

    /// The fitted coefficients the estimates use.
    public var coefficients: Coefficients

    /// Creates a model with `coefficients` (those fitted to WebKitGTK 2.50 by default).
    public init(coefficients: Coefficients = .webKitGTK2_50) {
        self.coefficients = coefficients
    }

    /// Estimates the cost of `rules`. `ruleByteCounts` (JSON bytes of each rule) and `sourceBytes` (the whole file)
    /// default to the rules' serialized sizes.
    public func estimate(_ rules: [Rule], ruleByteCounts: [Int]? = nil, sourceBytes: Int? = nil) -> CompileCostEstimate {
        let c = coefficients
        let byteCounts = ruleByteCounts ?? rules.map { RuleListSerializer().serialize([$0]).utf8.count - 2 }
        var features = CompileCostFeatures()
        features.ruleCount = rules.count
        features.sourceBytes = sourceBytes ?? (byteCounts.reduce(0, +) + max(0, rules.count - 1) + 2)
        var trees: [AutomatonGroup: URLFilterPrefixTree] = [:]
        var patternOwners: [AutomatonGroup: [Int]] = [:]
        var actions = ActionByteCounter()
        var termCache: [TermKey: [URLFilterTerm]?] = [:]
        var costs: [CompileCostEstimate.RuleCost] = []
        costs.reserveCapacity(rules.count)

        for (index, rule) in rules.enumerated() {
            var seconds = c.secondsPerRule + c.secondsPerSourceByte * Double(byteCounts[index])
            var bytes = Double(byteCounts[index]) * c.bytesPerSourceByte
            var reasons: [(Double, String)] = []
            reasons.append((c.secondsPerSourceByte * Double(byteCounts[index]), "\(byteCounts[index]) bytes of JSON to parse and store"))

            let actionBytes = actions.add(rule)
            bytes += Double(actionBytes) * c.bytesPerActionByte
            if case .cssDisplayNone(let selector) = rule.action.kind {
                let count = selector.utf8.count
                features.selectorBytes += count
                seconds += c.secondsPerSelectorByte * Double(count)
                reasons.append((c.secondsPerSelectorByte * Double(count), "a \(count)-byte selector for WebKit's CSS parser"))
            }

            func insert(_ terms: [URLFilterTerm], into group: AutomatonGroup, what: String) {
                let insertion = trees[group, default: URLFilterPrefixTree()].add(terms)
                patternOwners[group, default: []].append(index)
                let nodeSeconds =
                    c.secondsPerNFANode * Double(insertion.newNodes) + c.secondsPerLoopWeightedNode * Double(insertion.newLoopWeightedNodes)
                    + c.secondsPerRestartWeightedNode * Double(insertion.newRestartWeightedNodes)
                let opened = insertion.endsInNewPartition ? 1.0 : 0.0
                let automatonSeconds = c.secondsPerAutomaton * opened
                seconds += nodeSeconds + automatonSeconds
                bytes +=
                    c.bytesPerNFANode * Double(insertion.newNodes) + c.bytesPerAutomaton * opened
                    + c.bytesPerRestartWeightedNode * Double(insertion.newRestartWeightedNodes)
                if insertion.endsInNewPartition {
                    reasons.append(
                        (
                            automatonSeconds + nodeSeconds,
                            "\(what) opens an automaton of its own in the \(group.rawValue) (a quantifier after an unshared prefix), \(insertion.newNodes) NFA nodes"
                        ))
                } else if insertion.newNodes > 0 {
                    reasons.append((nodeSeconds, "\(what) adds \(insertion.newNodes) unshared NFA nodes to the \(group.rawValue)"))
                }
            }

            let condition = rule.trigger.condition
            let group: AutomatonGroup = condition == nil ? .urlFilters : .conditionalURLFilters
            let key = TermKey(
                pattern: rule.trigger.urlFilter, isCaseSensitive: rule.trigger.urlFilterIsCaseSensitive ?? false, isDomain: false)
            if let terms = cachedTerms(key, &termCache) {
                insert(terms, into: group, what: "its url-filter")
            } else {
                features.universalRules += 1
            }
            if let condition {
                features.conditionValues += condition.values.count
                let conditionGroup: AutomatonGroup
                let isCaseSensitive: Bool
                switch condition.kind {
                case .ifFrameURL, .unlessFrameURL:
                    conditionGroup = .frameURLFilters
                    isCaseSensitive = rule.trigger.frameURLFilterIsCaseSensitive ?? false
                default:
                    conditionGroup = .topURLFilters
                    isCaseSensitive = rule.trigger.topURLFilterIsCaseSensitive ?? false
                }
                let before = seconds
                for value in condition.values {
                    let valueKey = TermKey(pattern: value, isCaseSensitive: isCaseSensitive, isDomain: condition.kind.isDomainList)
                    if let terms = cachedTerms(valueKey, &termCache) {
                        insert(terms, into: conditionGroup, what: "a condition entry")
                    }
                }
                if condition.values.count > 1 {
                    // Report the list as one reason rather than one per entry.
                    let listSeconds = seconds - before
                    reasons.removeAll { $0.1.hasPrefix("a condition entry") }
                    reasons.append(
                        (
                            listSeconds,
                            "its \(condition.values.count) \(condition.kind.rawValue) entries become \(condition.values.count) \(conditionGroup.rawValue) patterns"
                        ))
                }
            }
            let ordered = reasons.filter { $0.0 > 0 || $0.1.contains("automat") }.sorted { $0.0 > $1.0 }.map(\.1)
            costs.append(CompileCostEstimate.RuleCost(index: index, seconds: seconds, bytes: Int(bytes.rounded()), reasons: ordered))
        }
        features.actionBytes = actions.total

        var automata: [CompileCostEstimate.AutomatonCost] = []
        for group in AutomatonGroup.allCases {
            guard let tree = trees[group] else { continue }
            var summary = CompileCostFeatures.Group()
            summary.patterns = tree.patternCount
            summary.treeEdges = tree.edgeCount
            let owners = patternOwners[group] ?? []
            for partition in tree.partitions where partition.patternCount > 0 {
                summary.automata += 1
                summary.nfaNodes += partition.nfaNodes
                summary.loopWeightedNodes += partition.nfaNodes * partition.loopsInPrefix
                summary.restartWeightedNodes += partition.restartWeightedNodes
                summary.largestAutomatonNodes = max(summary.largestAutomatonNodes, partition.nfaNodes)
                let seconds =
                    c.secondsPerAutomaton + c.secondsPerNFANode * Double(partition.nfaNodes)
                    + c.secondsPerLoopWeightedNode * Double(partition.nfaNodes * partition.loopsInPrefix)
                    + c.secondsPerRestartWeightedNode * Double(partition.restartWeightedNodes)
                let bytes =
                    c.bytesPerAutomaton + c.bytesPerNFANode * Double(partition.nfaNodes)
                    + c.bytesPerRestartWeightedNode * Double(partition.restartWeightedNodes)
                let opener = partition.creator < owners.count ? owners[partition.creator] : 0
                automata.append(
                    CompileCostEstimate.AutomatonCost(
                        group: group, openingRule: opener, patterns: partition.patternCount,
                        nfaNodes: partition.nfaNodes, loopsInPrefix: partition.loopsInPrefix,
                        seconds: seconds, bytes: Int(bytes.rounded())))
            }
            features.groups[group] = summary
        }

        let seconds =
            c.secondsBase + c.secondsPerSourceByte * Double(features.sourceBytes) + c.secondsPerRule * Double(features.ruleCount)
            + c.secondsPerSelectorByte * Double(features.selectorBytes)
            + c.secondsPerAutomaton * Double(features.total(\.automata)) + c.secondsPerNFANode * Double(features.total(\.nfaNodes))
            + c.secondsPerLoopWeightedNode * Double(features.total(\.loopWeightedNodes))
            + c.secondsPerRestartWeightedNode * Double(features.total(\.restartWeightedNodes))
        let bytes =
            c.bytesBase + c.bytesPerSourceByte * Double(features.sourceBytes) + c.bytesPerActionByte * Double(features.actionBytes)
            + c.bytesPerAutomaton * Double(features.total(\.automata)) + c.bytesPerNFANode * Double(features.total(\.nfaNodes))
            + c.bytesPerRestartWeightedNode * Double(features.total(\.restartWeightedNodes))
        return CompileCostEstimate(
            features: features, seconds: max(0, seconds), compiledBytes: max(0, Int(bytes.rounded())),
            rules: costs, automata: automata)
    }

    private struct TermKey: Hashable {
        var pattern: String
        var isCaseSensitive: Bool
        var isDomain: Bool
    }

    /// The terms WebKit adds for a url-filter or condition entry (with the implicit leading `.*` of an unanchored
    /// pattern), or nil when the pattern matches everything or is refused.
    private func cachedTerms(_ key: TermKey, _ cache: inout [TermKey: [URLFilterTerm]?]) -> [URLFilterTerm]? {
        if let known = cache[key] { return known }
        let units = key.isDomain ? DomainRegex(domain: key.pattern).units : Array(key.pattern.utf16)
        let parsed = URLFilterParser().parseTerms(units: units, isCaseSensitive: key.isCaseSensitive)
        var terms: [URLFilterTerm]?
        if let pattern = parsed.pattern, !pattern.matchesEverything, parsed.result.isAccepted {
            var body = pattern.terms
            // WebKit drops a trailing `.*` (it cannot change whether a search matches) and folds a leading one
            // into the implicit prefix of an unanchored pattern.
            while body.count > 1, body.last == URLFilterPrefixTree.universalPrefix { body.removeLast() }
            if !pattern.isAnchoredAtStart {
                while body.count > 1, body.first == URLFilterPrefixTree.universalPrefix { body.removeFirst() }
            }
            terms = pattern.isAnchoredAtStart ? body : [URLFilterPrefixTree.universalPrefix] + body
        }
        cache[key] = terms
        return terms
    }
}
