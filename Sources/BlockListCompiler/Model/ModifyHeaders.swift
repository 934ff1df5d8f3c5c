/// The arguments of a `modify-headers` action.
public struct ModifyHeaders: Sendable, Hashable {
    /// The priority as WebKit reads it (the number truncated to an integer).
    public var priority: Int
    /// The priority as written in the source.
    public var prioritySource: String
    public var requestHeaders: [HeaderOperation]?
    public var responseHeaders: [HeaderOperation]?

    public init(priority: Int, prioritySource: String? = nil, requestHeaders: [HeaderOperation]? = nil, responseHeaders: [HeaderOperation]? = nil) {
        self.priority = priority
        self.prioritySource = prioritySource ?? String(priority)
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
    }
}
