/// One header change of a `modify-headers` action.
public struct HeaderOperation: Sendable, Hashable {
    /// What to do with the header.
    public enum Operation: String, Sendable, CaseIterable {
        case set, append, remove
    }

    public var operation: Operation
    public var header: String
    /// The value (required for `set` and `append`).
    public var value: String?

    public init(operation: Operation, header: String, value: String? = nil) {
        self.operation = operation
        self.header = header
        self.value = value
    }
}
