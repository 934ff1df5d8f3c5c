/// The arguments of a `modify-headers` action.
public struct ModifyHeaders: Sendable, Hashable {
    /// The priority as WebKit reads it (the number truncated to an integer).
    public var priority: Int
    /// The priority as written in the source.
    public var prioritySource: String
    /// The changes to the request's headers.
    public var requestHeaders: [HeaderOperation]?
    /// The changes to the response's headers.
    public var responseHeaders: [HeaderOperation]?

    /// Creates a `modify-headers` action's arguments.
    public init(
        priority: Int, prioritySource: String? = nil, requestHeaders: [HeaderOperation]? = nil, responseHeaders: [HeaderOperation]? = nil
    ) {
        self.priority = priority
        self.prioritySource = prioritySource ?? String(priority)
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
    }
}
