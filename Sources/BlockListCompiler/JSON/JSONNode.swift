/// One value of a parsed JSON document, stored flat: containers are followed by their descendants.
public struct JSONNode: Sendable, Equatable {
    /// The kind of a JSON value.
    public enum Kind: UInt8, Sendable {
        /// The kinds of JSON values: `null`, a boolean, a number, a string, an array or an object.
        case null, bool, number, string, array, object

        /// The kind as messages name it: "null", "a boolean", "a string", "an object"...
        public var nameInMessages: String {
            switch self {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// The kind of value.
    public var kind: Kind
    /// `true` when a string holds at least one escape sequence, or when a bool is `true`.
    public var flag: Bool
    /// Byte offset where the value starts (the opening quote or bracket for strings and containers).
    public var start: Int32
    /// Byte offset just past the value.
    public var end: Int32
    /// Index just past this node's last descendant in the node table.
    public var next: Int32
}
