/// What a generation produced: the lists in output order and the warnings about the inputs.
public struct GenerationResult: Sendable {
    public var lists: [GeneratedList]
    public var warnings: [GenerationDiagnostic]

    public init(lists: [GeneratedList], warnings: [GenerationDiagnostic]) {
        self.lists = lists
        self.warnings = warnings
    }
}
