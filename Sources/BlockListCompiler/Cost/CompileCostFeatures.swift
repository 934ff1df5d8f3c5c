/// What a list gives WebKit's content-rule-list compiler to do, counted the way the compiler groups it.
public struct CompileCostFeatures: Sendable, Equatable {
    /// The shape of one automaton group's prefix tree.
    public struct Group: Sendable, Equatable {
        /// Patterns added to the group's prefix tree.
        public var patterns = 0
        /// Prefix-tree edges (each shared prefix counted once).
        public var treeEdges = 0
        /// NFAs WebKit cuts the tree into.
        public var automata = 0
        /// NFA nodes over all those NFAs.
        public var nfaNodes = 0
        /// NFA nodes weighted by the quantified terms of their NFA's prefix (states every DFA state carries).
        public var loopWeightedNodes = 0
        /// Fixed-subtree nodes of NFAs after a loop, times how many characters can start a match there.
        public var restartWeightedNodes = 0
        /// Fixed-subtree nodes after a loop times how many characters restart the subtree: the characters that
        /// end the loop's term when it ends in fixed ones (one for `([^/]*\.)?`), else those that start it.
        public var restrictedRestartWeightedNodes = 0
        /// NFAs with two or more loops over characters that can start what follows them on their prefix
        /// (`.*a.*b`, `.*a+b`).
        public var loopsInSequenceAutomata = 0
        /// Nodes of those NFAs.
        public var loopsInSequenceNodes = 0
        /// The largest NFA's nodes.
        public var largestAutomatonNodes = 0

        /// Creates an empty group.
        public init() {}
    }

    /// Bytes of the JSON source (WebKit parses it and stores it in the compiled file).
    public var sourceBytes = 0
    /// Bytes the compiled file spends on the source: the UTF-8 bytes when every character is ASCII, otherwise two
    /// bytes per UTF-16 unit (WebKit keeps the text as a 16-bit string once one character needs it).
    public var storedSourceBytes = 0
    /// Rules in the list.
    public var ruleCount = 0
    /// Bytes of `css-display-none` selectors (each is parsed by WebKit's CSS parser).
    public var selectorBytes = 0
    /// Bytes of WebKit's serialized actions (after its merging of identical actions).
    public var actionBytes = 0
    /// Rules whose url-filter matches every URL (kept off the automata).
    public var universalRules = 0
    /// Entries of every `if-`/`unless-` condition list.
    public var conditionValues = 0
    /// The shape of each automaton group's prefix tree.
    public var groups: [AutomatonGroup: Group] = [:]

    /// Creates empty counts.
    public init() {}

    /// Sum of a group statistic over all groups.
    public func total(_ statistic: (Group) -> Int) -> Int {
        groups.values.reduce(0) { $0 + statistic($1) }
    }
}
