/// The `transform` of a redirect: replacement URL parts.
public struct URLTransform: Sendable, Hashable {
    public var fragment: String?
    public var host: String?
    public var password: String?
    public var path: String?
    public var port: String?
    public var query: String?
    public var queryTransform: QueryTransform?
    public var scheme: String?
    public var username: String?
    public var unknownMembers: [UnknownMember]

    public init(fragment: String? = nil, host: String? = nil, password: String? = nil, path: String? = nil, port: String? = nil,
                query: String? = nil, queryTransform: QueryTransform? = nil, scheme: String? = nil, username: String? = nil,
                unknownMembers: [UnknownMember] = []) {
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
