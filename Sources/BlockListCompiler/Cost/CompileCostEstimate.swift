/// WebKit's expected compile cost for a list, and where it comes from.
public struct CompileCostEstimate: Sendable {
    /// The cost one rule adds.
    public struct RuleCost: Sendable, Equatable {
        /// Index of the rule in the list.
        public var index: Int
        /// The CPU seconds the rule adds to WebKit's compile.
        public var seconds: Double
        /// The bytes the rule adds to the compiled list.
        public var bytes: Int
        /// Why it costs that much, most expensive reason first.
        public var reasons: [String]
    }

    /// One NFA WebKit builds (several rules may share it).
    public struct AutomatonCost: Sendable, Equatable {
        /// The prefix tree the automaton belongs to.
        public var group: AutomatonGroup
        /// Index of the rule whose pattern opened the automaton.
        public var openingRule: Int
        /// Patterns that end in it.
        public var patterns: Int
        /// The automaton's NFA nodes.
        public var nfaNodes: Int
        /// Quantified terms on the automaton's prefix.
        public var loopsInPrefix: Int
        /// The CPU seconds WebKit spends on the automaton.
        public var seconds: Double
        /// The bytes the automaton takes in the compiled list.
        public var bytes: Int
    }

    /// Counted inputs of the estimate.
    public var features: CompileCostFeatures
    /// Expected CPU seconds of WebKit's compile.
    public var seconds: Double
    /// Expected size of the compiled file.
    public var compiledBytes: Int
    /// Every rule's share, in list order.
    public var rules: [RuleCost]
    /// Every automaton with at least one pattern, in the order WebKit's tree creates them.
    public var automata: [AutomatonCost]

    /// The `count` most expensive rules (by seconds, then bytes, then index).
    public func costliestRules(_ count: Int) -> [RuleCost] {
        Array(rules.sorted { ($0.seconds, $0.bytes, -$0.index) > ($1.seconds, $1.bytes, -$1.index) }.prefix(count))
    }

    /// The `count` most expensive automata.
    public func costliestAutomata(_ count: Int) -> [AutomatonCost] {
        Array(automata.sorted { ($0.seconds, $0.nfaNodes, -$0.openingRule) > ($1.seconds, $1.nfaNodes, -$1.openingRule) }.prefix(count))
    }
}
