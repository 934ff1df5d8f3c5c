/// The `transform` of a redirect: replacement URL parts.
public struct URLTransform: Sendable, Hashable {
    /// The new fragment (empty or starting with `#`).
    public var fragment: String?
    /// The new host.
    public var host: String?
    /// The new password.
    public var password: String?
    /// The new path.
    public var path: String?
    /// The new port (empty or a number up to 65535).
    public var port: String?
    /// The new query (empty or starting with `?`).
    public var query: String?
    /// Changes to the query's parameters.
    public var queryTransform: QueryTransform?
    /// The new scheme.
    public var scheme: String?
    /// The new user name.
    public var username: String?
    /// Members WebKit ignores, in source order.
    public var unknownMembers: [UnknownMember]

    /// Creates a URL transform.
    public init(
        fragment: String? = nil, host: String? = nil, password: String? = nil, path: String? = nil, port: String? = nil,
        query: String? = nil, queryTransform: QueryTransform? = nil, scheme: String? = nil, username: String? = nil,
        unknownMembers: [UnknownMember] = []
    ) {
        self.fragment = fragment
        self.host = host
        self.password = password
        self.path = path
        self.port = port
        self.query = query
        self.queryTransform = queryTransform
        self.scheme = scheme
        self.username = username
        self.unknownMembers = unknownMembers
    }
}
