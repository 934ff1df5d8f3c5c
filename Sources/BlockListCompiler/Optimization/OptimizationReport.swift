/// What the optimizer did, pass by pass.
public struct OptimizationReport: Sendable {
    /// One pass's effect.
    public struct Pass: Sendable {
        /// What the pass does, e.g. "remove duplicates".
        public var name: String
        /// Rules before the pass.
        public var rulesBefore: Int
        /// Rules after the pass.
        public var rulesAfter: Int
        /// The list's size before and after the pass, when the optimizer was given a way to measure it.
        public var bytesBefore: Int?
        /// Bytes after the pass, when measured.
        public var bytesAfter: Int?
    }

    /// The passes, in the order they ran.
    public var passes: [Pass] = []
    /// Rules before the first pass.
    public var rulesBefore: Int { passes.first?.rulesBefore ?? 0 }
    /// Rules after the last pass.
    public var rulesAfter: Int { passes.last?.rulesAfter ?? 0 }
    /// Bytes before the first pass, when measured.
    public var bytesBefore: Int? { passes.first?.bytesBefore }
    /// Bytes after the last pass, when measured.
    public var bytesAfter: Int? { passes.last?.bytesAfter }

    /// Creates an empty report.
    public init() {}
}
