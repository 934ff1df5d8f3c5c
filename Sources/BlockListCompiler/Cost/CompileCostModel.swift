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
        /// Seconds per stored byte of JSON source (a 16-bit source costs twice its characters).
        public var secondsPerStoredSourceByte: Double
        /// Seconds per rule.
        public var secondsPerRule: Double
        /// Seconds per byte of `css-display-none` selectors.
        public var secondsPerSelectorByte: Double
        /// Seconds per NFA.
        public var secondsPerAutomaton: Double
        /// Seconds per NFA with loops in sequence on its prefix (`.*a.*b`), on top of `secondsPerAutomaton`.
        public var secondsPerLoopsInSequenceAutomaton: Double
        /// Seconds per node of such an NFA.
        public var secondsPerLoopsInSequenceNode: Double
        /// Seconds per restart-weighted node (after a loop, times the characters that can start a match) of the
        /// url-filters without a condition.
        public var secondsPerRestartWeightedNode: Double
        /// Seconds per restart-weighted node of url-filters with a condition and of frame-URL patterns (each
        /// pattern's leaf carries its rule's own action).
        public var secondsPerConditionalRestartWeightedNode: Double
        /// Seconds per restart-weighted node of the top-URL patterns (domain entries).
        public var secondsPerTopURLRestartWeightedNode: Double
        /// Seconds per node after a loop times the characters after which the subtree restarts (one for a
        /// host after `([^/]*\.)?`).
        public var secondsPerRestrictedRestartWeightedNode: Double
        /// Bytes of every compiled list.
        public var bytesBase: Double
        /// Compiled bytes per stored byte of JSON source (WebKit stores the source).
        public var bytesPerSourceByte: Double
        /// Compiled bytes per byte of serialized actions.
        public var bytesPerActionByte: Double
        /// Compiled bytes per NFA.
        public var bytesPerAutomaton: Double
        /// Compiled bytes per NFA node.
        public var bytesPerNFANode: Double
        /// Compiled bytes per restart-weighted node of the url-filters without a condition.
        public var bytesPerRestartWeightedNode: Double
        /// Compiled bytes per restart-weighted node of url-filters with a condition and frame-URL patterns.
        public var bytesPerConditionalRestartWeightedNode: Double
        /// Compiled bytes per restart-weighted node of the top-URL patterns.
        public var bytesPerTopURLRestartWeightedNode: Double
        /// Compiled bytes per restricted restart-weighted node.
        public var bytesPerRestrictedRestartWeightedNode: Double

        /// Fitted by `scripts/cost/fit.py` to the measurements in `Tests/BlockListCompilerTests/Cost/Fixtures/`.
        public static let webKitGTK2_50 = Coefficients(
            secondsBase: 0, secondsPerSourceByte: 0, secondsPerStoredSourceByte: 8.064e-08, secondsPerRule: 4.549e-06,
            secondsPerSelectorByte: 9.155e-08, secondsPerAutomaton: 8.04e-05, secondsPerLoopsInSequenceAutomaton: 0.0002158,
            secondsPerLoopsInSequenceNode: 5.743e-06, secondsPerRestartWeightedNode: 7.823e-08,
            secondsPerConditionalRestartWeightedNode: 3.726e-07, secondsPerTopURLRestartWeightedNode: 1.168e-07,
            secondsPerRestrictedRestartWeightedNode: 1.944e-07,
            bytesBase: 150.4, bytesPerSourceByte: 1, bytesPerActionByte: 1.257, bytesPerAutomaton: 61.32, bytesPerNFANode: 2.998,
            bytesPerRestartWeightedNode: 0.326, bytesPerConditionalRestartWeightedNode: 1.239, bytesPerTopURLRestartWeightedNode: 0.4249,
            bytesPerRestrictedRestartWeightedNode: 0.2308)

        /// Seconds per restart-weighted node of `group`.
        func secondsPerRestartWeightedNode(in group: AutomatonGroup) -> Double {
            switch group {
            case .urlFilters: return secondsPerRestartWeightedNode
            case .conditionalURLFilters, .frameURLFilters: return secondsPerConditionalRestartWeightedNode
            case .topURLFilters: return secondsPerTopURLRestartWeightedNode
            }
        }

        /// Compiled bytes per restart-weighted node of `group`.
        func bytesPerRestartWeightedNode(in group: AutomatonGroup) -> Double {
            switch group {
            case .urlFilters: return bytesPerRestartWeightedNode
            case .conditionalURLFilters, .frameURLFilters: return bytesPerConditionalRestartWeightedNode
            case .topURLFilters: return bytesPerTopURLRestartWeightedNode
            }
        }

        /// The seconds and bytes of one NFA.
        func cost(of partition: URLFilterPrefixTree.Partition, in group: AutomatonGroup) -> (seconds: Double, bytes: Double) {
            let inSequence = partition.hasLoopsInSequence ? 1.0 : 0
            let seconds =
                secondsPerAutomaton + inSequence
                * (secondsPerLoopsInSequenceAutomaton + secondsPerLoopsInSequenceNode * Double(partition.nfaNodes))
                + secondsPerRestartWeightedNode(in: group) * Double(partition.restartWeightedNodes)
                + secondsPerRestrictedRestartWeightedNode * Double(partition.restrictedRestartWeightedNodes)
            let bytes =
                bytesPerAutomaton + bytesPerNFANode * Double(partition.nfaNodes)
                + bytesPerRestartWeightedNode(in: group) * Double(partition.restartWeightedNodes)
                + bytesPerRestrictedRestartWeightedNode * Double(partition.restrictedRestartWeightedNodes)
            return (seconds, bytes)
        }
    }

    /// The fitted coefficients the estimates use.
    public var coefficients: Coefficients

    /// Creates a model with `coefficients` (those fitted to WebKitGTK 2.50 by default).
    public init(coefficients: Coefficients = .webKitGTK2_50) {
        self.coefficients = coefficients
    }

    /// The bytes WebKit's compiled file spends on a list's source `bytes` (UTF-8): the bytes themselves when all
    /// are ASCII, otherwise two per UTF-16 unit, because WebKit then keeps the source as a 16-bit string.
    public static func storedSourceBytes(of bytes: [UInt8]) -> Int {
        var units = 0, isASCII = true
        for byte in bytes {
            if byte < 0x80 {
                units += 1
            } else {
                isASCII = false
                // A lead byte starts a character: one UTF-16 unit, two for a 4-byte sequence.
                if byte >= 0xF0 { units += 2 } else if byte >= 0xC0 { units += 1 }
            }
        }
        return isASCII ? bytes.count : 2 * units
    }

    /// Estimates the cost of `rules`. `ruleByteCounts` (JSON bytes of each rule) and `sourceBytes` (the whole file)
    /// default to the rules' serialized sizes; `storedSourceBytes` (see ``storedSourceBytes(of:)``) defaults to
    /// `sourceBytes`, as for an ASCII file.
    public func estimate(
        _ rules: [Rule], ruleByteCounts: [Int]? = nil, sourceBytes: Int? = nil, storedSourceBytes: Int? = nil
    ) -> CompileCostEstimate {
        let c = coefficients
        let byteCounts = ruleByteCounts ?? rules.map { RuleListSerializer().serialize([$0]).utf8.count - 2 }
        var features = CompileCostFeatures()
        features.ruleCount = rules.count
        features.sourceBytes = sourceBytes ?? (byteCounts.reduce(0, +) + max(0, rules.count - 1) + 2)
        features.storedSourceBytes = storedSourceBytes ?? features.sourceBytes
        // Each rule's share of the stored source.
        let storedPerSourceByte = features.sourceBytes > 0 ? Double(features.storedSourceBytes) / Double(features.sourceBytes) : 1
        var trees: [AutomatonGroup: URLFilterPrefixTree] = [:]
        var patternOwners: [AutomatonGroup: [Int]] = [:]
        var actions = ActionByteCounter()
        var termCache: [TermKey: [URLFilterTerm]?] = [:]
        var costs: [CompileCostEstimate.RuleCost] = []
        costs.reserveCapacity(rules.count)

        for (index, rule) in rules.enumerated() {
            let secondsPerRuleByte = c.secondsPerSourceByte + c.secondsPerStoredSourceByte * storedPerSourceByte
            var seconds = c.secondsPerRule + secondsPerRuleByte * Double(byteCounts[index])
            var bytes = Double(byteCounts[index]) * storedPerSourceByte * c.bytesPerSourceByte
            var reasons: [(Double, String)] = []
            reasons.append((secondsPerRuleByte * Double(byteCounts[index]), "\(byteCounts[index]) bytes of JSON to parse and store"))

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
                let opened = insertion.endsInNewPartition ? 1.0 : 0.0
                let inSequence = insertion.endsInNewPartition && insertion.inLoopsInSequence ? 1.0 : 0
                let nodeSeconds =
                    c.secondsPerRestartWeightedNode(in: group) * Double(insertion.newRestartWeightedNodes)
                    + c.secondsPerRestrictedRestartWeightedNode * Double(insertion.newRestrictedRestartWeightedNodes)
                    + (insertion.inLoopsInSequence ? c.secondsPerLoopsInSequenceNode * Double(insertion.newNodes) : 0)
                let automatonSeconds = c.secondsPerAutomaton * opened + c.secondsPerLoopsInSequenceAutomaton * inSequence
                seconds += nodeSeconds + automatonSeconds
                bytes +=
                    c.bytesPerNFANode * Double(insertion.newNodes) + c.bytesPerAutomaton * opened
                    + c.bytesPerRestartWeightedNode(in: group) * Double(insertion.newRestartWeightedNodes)
                    + c.bytesPerRestrictedRestartWeightedNode * Double(insertion.newRestrictedRestartWeightedNodes)
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
        var automataSeconds = 0.0, automataBytes = 0.0
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
                summary.restrictedRestartWeightedNodes += partition.restrictedRestartWeightedNodes
                if partition.hasLoopsInSequence {
                    summary.loopsInSequenceAutomata += 1
                    summary.loopsInSequenceNodes += partition.nfaNodes
                }
                summary.largestAutomatonNodes = max(summary.largestAutomatonNodes, partition.nfaNodes)
                let (seconds, bytes) = c.cost(of: partition, in: group)
                automataSeconds += seconds
                automataBytes += bytes
                let opener = partition.creator < owners.count ? owners[partition.creator] : 0
                automata.append(
                    CompileCostEstimate.AutomatonCost(
                        group: group, openingRule: opener, patterns: partition.patternCount,
                        nfaNodes: partition.nfaNodes, loopsInPrefix: partition.loopsInPrefix,
                        seconds: seconds, bytes: Int(bytes.rounded())))
            }
            features.groups[group] = summary
        }

        var seconds =
            c.secondsBase + c.secondsPerSourceByte * Double(features.sourceBytes)
            + c.secondsPerStoredSourceByte * Double(features.storedSourceBytes) + c.secondsPerRule * Double(features.ruleCount)
            + c.secondsPerSelectorByte * Double(features.selectorBytes)
        var bytes =
            c.bytesBase + c.bytesPerSourceByte * Double(features.storedSourceBytes) + c.bytesPerActionByte * Double(features.actionBytes)
        seconds += automataSeconds
        bytes += automataBytes
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
