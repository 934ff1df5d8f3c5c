/// The result of a merge.
public struct MergedList: Sendable {
    /// The merged file's bytes.
    public var bytes: [UInt8]
    /// Number of rules, the safelist rule included.
    public var ruleCount: Int
    /// Warnings about the inputs (e.g. empty lists).
    public var warnings: [GenerationDiagnostic]

    /// Creates a merged list from its bytes, rule count and warnings.
    public init(bytes: [UInt8], ruleCount: Int, warnings: [GenerationDiagnostic]) {
        self.bytes = bytes
        self.ruleCount = ruleCount
        self.warnings = warnings
    }
}
