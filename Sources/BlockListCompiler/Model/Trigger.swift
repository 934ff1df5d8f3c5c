/// When a rule applies.
public struct Trigger: Sendable, Hashable {
    /// `url-filter`: the regular expression the request's URL must match.
    public var urlFilter: String
    /// `url-filter-is-case-sensitive` (false when nil).
    public var urlFilterIsCaseSensitive: Bool?
    /// `top-url-filter-is-case-sensitive`: whether `if-top-url`/`unless-top-url` match case-sensitively.
    public var topURLFilterIsCaseSensitive: Bool?
    /// `frame-url-filter-is-case-sensitive`: whether `if-frame-url`/`unless-frame-url` match case-sensitively.
    public var frameURLFilterIsCaseSensitive: Bool?
    /// `resource-type`: the kinds of load the rule applies to (all when nil).
    public var resourceTypes: [ResourceType]?
    /// `load-type`: first-party or third-party loads only (both when nil).
    public var loadTypes: [LoadType]?
    /// `load-context`: top-frame or child-frame loads only (both when nil).
    public var loadContexts: [LoadContext]?
    /// `request-method`: the one HTTP method the rule applies to (any when nil).
    public var requestMethod: RequestMethod?
    /// The spelling of `request-method` as written (WebKit matches it case-insensitively).
    public var requestMethodSpelling: String?
    /// The trigger's condition (`if-domain`, `unless-top-url`, ...), if any.
    public var condition: TriggerCondition?
    /// Members WebKit ignores, in source order.
    public var unknownMembers: [UnknownMember]

    /// Creates a trigger; every field but the url-filter is optional, as in the JSON.
    public init(
        urlFilter: String, urlFilterIsCaseSensitive: Bool? = nil, topURLFilterIsCaseSensitive: Bool? = nil,
        frameURLFilterIsCaseSensitive: Bool? = nil, resourceTypes: [ResourceType]? = nil, loadTypes: [LoadType]? = nil,
        loadContexts: [LoadContext]? = nil, requestMethod: RequestMethod? = nil, requestMethodSpelling: String? = nil,
        condition: TriggerCondition? = nil, unknownMembers: [UnknownMember] = []
    ) {
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
