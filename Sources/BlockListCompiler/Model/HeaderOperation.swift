/// One header change of a `modify-headers` action.
public struct HeaderOperation: Sendable, Hashable {
    /// What to do with the header.
    public enum Operation: String, Sendable, CaseIterable {
        /// `set` replaces the header, `append` adds a value, `remove` removes it.
        case set, append, remove
    }

    /// What to do with the header.
    public var operation: Operation
    /// The header's name.
    public var header: String
    /// The value (required for `set` and `append`).
    public var value: String?

    /// Creates a header operation.
    public init(operation: Operation, header: String, value: String? = nil) {
        self.operation = operation
        self.header = header
        self.value = value
    }
}
