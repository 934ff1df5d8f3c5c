/// One load to evaluate against rule lists.
public struct MatchRequest: Sendable, Hashable {
    /// The URL being loaded.
    public var url: String
    /// What kind of load it is.
    public var resourceType: RequestResourceType
    /// The main document's URL. For a top-document load (a navigation of the main frame) WebKit uses the new URL
    /// itself and this is ignored.
    public var topURL: String?
    /// The URL of the document in the frame where WebKit evaluates the load. For subresources, popups, pings and
    /// reports that is the frame issuing the load (the top URL when nil). A `child-document` load is evaluated in the
    /// child frame being loaded and a `top-document` load in the main frame, whose current document is `about:blank`
    /// when nil (a new iframe, a new web view).
    public var frameURL: String?
    /// Whether the load comes from the top frame or a child frame; derived when nil (top-frame for top-document
    /// loads, child-frame for child-document loads and for loads from a frame URL other than the top URL).
    public var loadContext: LoadContext?
    /// The HTTP method; GET when nil.
    public var method: RequestMethod?

    /// Creates a request; what is left out is derived as WebKit derives it (see the properties).
    public init(
        url: String, resourceType: RequestResourceType, topURL: String? = nil, frameURL: String? = nil,
        loadContext: LoadContext? = nil, method: RequestMethod? = nil
    ) {
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
    /// The URL as given (with its fragment, if any).
    public let url: CanonicalURL
    /// The main document's URL, canonicalized (for a top-document load, the URL itself without its fragment).
    public let topURL: CanonicalURL
    /// The URL of the document in the frame where the load is evaluated, canonicalized.
    public let frameURL: CanonicalURL
    /// What kind of load it is.
    public let resourceType: RequestResourceType
    /// Whether the request's registrable domain differs from the top document's.
    public let isThirdParty: Bool
    /// Whether the load is evaluated in the top frame or a child frame.
    public let loadContext: LoadContext
    /// The HTTP method the rule list sees.
    public let method: RequestMethod
    /// WebKit's evaluations of the load, in order (one or two, see `LoadEvaluation`).
    public let evaluations: [LoadEvaluation]
    /// The URLs lower-cased, for literal pre-checks.
    let lowercasedTopURL: [UInt8]
    let lowercasedFrameURL: [UInt8]
    /// The top host and each of its parent domains (`a.b.c`, `b.c`, `c`) when the top URL has a plain shape (one
    /// `://`, no user info, a host without `*`): then WebKit's domain regexes can only match on the host.
    let topHostSuffixes: [String]?
    /// `HostNameSet.hash(_:)` of each of `topHostSuffixes`.
    let topHostSuffixHashes: [UInt64]

    /// Why a request cannot be evaluated.
    public struct Problem: Error, Sendable, Equatable {
        /// Why not (a URL that does not parse, for example).
        public var message: String
    }

    /// Canonicalizes the request's URLs and derives what WebKit derives before matching.
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
            switch request.resourceType {
            case .topDocument: self.loadContext = .topFrame
            case .childDocument: self.loadContext = .childFrame
            default: self.loadContext = request.frameURL != nil && frame.url != top.url ? .childFrame : .topFrame
            }
        }
        self.method = request.method ?? .get
        self.evaluations = LoadEvaluation.evaluations(of: url.url, lowercased: url.lowercased, type: request.resourceType)
        self.lowercasedTopURL = top.lowercased
        self.lowercasedFrameURL = frame.lowercased
        self.topHostSuffixes = top.hostSuffixes
        self.topHostSuffixHashes = top.hostSuffixHashes
    }
}
