/// When a rule applies.
public struct Trigger: Sendable, Hashable {
    public var urlFilter: String
    public var urlFilterIsCaseSensitive: Bool?
    public var topURLFilterIsCaseSensitive: Bool?
    public var frameURLFilterIsCaseSensitive: Bool?
    public var resourceTypes: [ResourceType]?
    public var loadTypes: [LoadType]?
    public var loadContexts: [LoadContext]?
    public var requestMethod: RequestMethod?
    /// The spelling of `request-method` as written (WebKit matches it case-insensitively).
    public var requestMethodSpelling: String?
    public var condition: TriggerCondition?
    /// Members WebKit ignores, in source order.
    public var unknownMembers: [UnknownMember]

    public init(urlFilter: String, urlFilterIsCaseSensitive: Bool? = nil, topURLFilterIsCaseSensitive: Bool? = nil,
                frameURLFilterIsCaseSensitive: Bool? = nil, resourceTypes: [ResourceType]? = nil, loadTypes: [LoadType]? = nil,
                loadContexts: [LoadContext]? = nil, requestMethod: RequestMethod? = nil, requestMethodSpelling: String? = nil,
                condition: TriggerCondition? = nil, unknownMembers: [UnknownMember] = []) {
        self.urlFilter = urlFilter
        self.urlFilterIsCaseSensitive = urlFilterIsCaseSensitive
        self.topURLFilterIsCaseSensitive = topURLFilterIsCaseSensitive
        self.frameURLFilterIsCaseSensitive = frameURLFilterIsCaseSensitive
        self.resourceTypes = resourceTypes
        self.loadTypes = loadTypes
        self.loadContexts = loadContexts
        self.requestMethod = requestMethod
        self.requestMethodSpelling = requestMethodSpelling
        self.condition = condition
        self.unknownMembers = unknownMembers
    }
}
