/// What a generation produced: the lists in output order and the warnings about the inputs.
public struct GenerationResult: Sendable {
    /// The generated lists, in firefox-ios's order.
    public var lists: [GeneratedList]
    /// Entries skipped or adjusted, located in their input.
    public var warnings: [GenerationDiagnostic]

    /// Creates a result.
    public init(lists: [GeneratedList], warnings: [GenerationDiagnostic]) {
        self.lists = lists
        self.warnings = warnings
    }
}
