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
        self.isThirdParty = !RegistrableDomain.sameSite(url.host, top.host)
        if let context = request.loadContext {
            self.loadContext = context
        } else {
            self.loadContext = request.resourceType == .childDocument || (request.frameURL != nil && frame != top) ? .childFrame : .topFrame
        }
        self.method = request.method ?? .get
        self.lowercasedURL = url.bytes.map(CanonicalURL.lowercased)
        self.lowercasedTopURL = top.bytes.map(CanonicalURL.lowercased)
        self.lowercasedFrameURL = frame.bytes.map(CanonicalURL.lowercased)
        self.topHostSuffixes = PreparedRequest.hostSuffixes(of: top)
        self.topHostSuffixHashes = topHostSuffixes?.map(HostNameSet.hash) ?? []
    }

    private static func hostSuffixes(of url: CanonicalURL) -> [String]? {
        let bytes = url.bytes
        var separators = 0
        if bytes.count >= 3 {
            for index in 0..<(bytes.count - 2) where bytes[index] == 0x3A && bytes[index + 1] == 0x2F && bytes[index + 2] == 0x2F { separators += 1 }
        }
        let host = url.host
        guard separators == 1, !host.isEmpty, url.scheme.utf8.allSatisfy(CanonicalURL.isAlpha), !host.utf8.contains(where: { $0 == 0x2A || $0 == 0x40 || $0 == 0x2F || $0 == 0x3A }),
              let schemeEnd = bytes.firstIndex(of: 0x3A), !bytes[..<(schemeEnd + 3 + host.utf8.count)].contains(0x40)
        else { return nil }
        var suffixes = [host]
        var rest = host[...]
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            suffixes.append(String(rest))
        }
        return suffixes    }
}
