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
///
/// `RequestPreparer` prepares many requests, canonicalizing each distinct top and frame URL only once.
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
    /// The top host and each of its parent domains (`a.b.c`, `b.c`, `c`) when the top URL has a plain shape (one
    /// `://`, no user info, a host without `*`): then WebKit's domain regexes can only match on the host.
    let topHostSuffixes: [String]?
    /// `HostNameSet.hash(_:)` of each of `topHostSuffixes`.
    let topHostSuffixHashes: [UInt64]

    /// Why a request cannot be evaluated.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    public init(_ request: MatchRequest) throws(Problem) {
        var preparer = RequestPreparer()
        self = try preparer.prepare(request)
    }

    /// Puts together a request from its prepared documents; `isThirdParty` compares their registrable domains.
    init(request: MatchRequest, url: PreparedDocument, top: PreparedDocument, frame: PreparedDocument, isThirdParty: Bool) {
        self.url = url.url
        self.topURL = top.url
        self.frameURL = frame.url
        self.resourceType = request.resourceType
        self.isThirdParty = isThirdParty
        if let context = request.loadContext {
            self.loadContext = context
        } else {
            self.loadContext = request.resourceType == .childDocument || (request.frameURL != nil && frame.url != top.url) ? .childFrame : .topFrame
        }
        self.method = request.method ?? .get
        self.lowercasedURL = url.lowercased
        self.lowercasedTopURL = top.lowercased
        self.lowercasedFrameURL = frame.lowercased
        self.topHostSuffixes = top.hostSuffixes
        self.topHostSuffixHashes = top.hostSuffixHashes
    }
}
