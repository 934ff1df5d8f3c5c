/// Why and where a document is not JSON that WebKit's parser accepts.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// Byte offset of the offending byte.
    public var offset: Int
    /// A precise explanation, e.g. "invalid escape sequence '\\a'".
    public var reason: String
}
