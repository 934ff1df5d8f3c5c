/// What the optimizer did, pass by pass.
public struct OptimizationReport: Sendable {
    /// One pass's effect.
    public struct Pass: Sendable {
        public var name: String
        public var rulesBefore: Int
        public var rulesAfter: Int
        /// The list's size before and after the pass, when the optimizer was given a way to measure it.
        public var bytesBefore: Int?
        public var bytesAfter: Int?
    }

    public var passes: [Pass] = []
    public var rulesBefore: Int { passes.first?.rulesBefore ?? 0 }
    public var rulesAfter: Int { passes.last?.rulesAfter ?? 0 }
    public var bytesBefore: Int? { passes.first?.bytesBefore }
    public var bytesAfter: Int? { passes.last?.bytesAfter }

    public init() {}
}
