/// One load to evaluate against rule lists.
public struct MatchRequest: Sendable, Hashable {
    /// The URL being loaded.
    public var url: String
    public var resourceType: RequestResourceType
    /// The main document's URL; the request's own URL for a top-document load when nil.
    public var topURL: String?
    /// The URL of the frame issuing the load; the top URL when nil.
    public var frameURL: String?
    /// Whether the load comes from the top frame or a child frame; derived when nil (child-frame for
    /// child-document loads and loads from a frame URL other than the top URL).
    public var loadContext: LoadContext?
    /// The HTTP method; GET when nil.
    public var method: RequestMethod?

    public init(url: String, resourceType: RequestResourceType, topURL: String? = nil, frameURL: String? = nil,
                loadContext: LoadContext? = nil, method: RequestMethod? = nil) {
        self.url = url
        self.resourceType = resourceType
        self.topURL = topURL
        self.frameURL = frameURL
        self.loadContext = loadContext
        self.method = method
    }
}

/// A request with its URLs canonicalized and its derived facts computed once.
public struct PreparedRequest: Sendable {
    public let url: CanonicalURL
    public let topURL: CanonicalURL
    public let frameURL: CanonicalURL
    public let resourceType: RequestResourceType
    public let isThirdParty: Bool
    public let loadContext: LoadContext
    public let method: RequestMethod
    /// The URLs lower-cased, for literal pre-checks.
    let lowercasedURL: [UInt8]
    let lowercasedTopURL: [UInt8]
    let lowercasedFrameURL: [UInt8]

    /// Why a request cannot be evaluated.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    public init(_ request: MatchRequest) throws(Problem) {
        guard let url = CanonicalURL(request.url) else { throw Problem(message: "'\(request.url)' is not an absolute URL") }
        var top = url
        if let text = request.topURL, request.resourceType != .topDocument {
            guard let parsed = CanonicalURL(text) else { throw Problem(message: "top URL '\(text)' is not an absolute URL") }
            top = parsed
        }
        var frame = top
        if let text = request.frameURL {
            guard let parsed = CanonicalURL(text) else { throw Problem(message: "frame URL '\(text)' is not an absolute URL") }
            frame = parsed
        }
        self.url = url
        self.topURL = top
        self.frameURL = frame
        self.resourceType = request.resourceType
        self.isThirdParty = RegistrableDomain.of(url.host) != RegistrableDomain.of(top.host)
        if let context = request.loadContext {
            self.loadContext = context
        } else {
            self.loadContext = request.resourceType == .childDocument || (request.frameURL != nil && frame != top) ? .childFrame : .topFrame
        }
        self.method = request.method ?? .get
        self.lowercasedURL = url.bytes.map(CanonicalURL.lowercased)
        self.lowercasedTopURL = top.bytes.map(CanonicalURL.lowercased)
        self.lowercasedFrameURL = frame.bytes.map(CanonicalURL.lowercased)
    }
}
